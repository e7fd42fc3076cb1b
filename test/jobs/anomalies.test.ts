// anomaly-detect: the detector on series in memory (known answers, and precision and recall on
// generated series), and the job's whole path on both databases: orders → profit snapshots →
// daily series in SQL → anomalies and anomaly.detected events, idempotent under concurrent runs,
// served by GET /api/v1/anomalies.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { openApiChecker } from '../helpers/openapi.ts';
import type { PrismaClient } from '../../src/db/client.ts';
import type { Services } from '../../src/services.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { anomalyDetectJob } from '../../src/jobs/anomaly-detect.job.ts';
import { correlate, DETECTION, scoreDay, severityOf, type Score } from '../../src/domain/anomalies/index.ts';
import { detectSeries } from '../factories/oracles.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { makeAccount } from '../factories/index.ts';
import { makeExpense, makeOrdersBulk } from '../factories/orders.ts';
import { dayRange, generatedSeries, plainSeries, WEEKLY, weekdayOf } from '../factories/series.ts';
import { seeded } from '../factories/random.ts';

/** 12:00 on 2026-06-15 in New York (EDT): the last complete local day is the 14th. */
const NOW = new Date('2026-06-15T16:00:00Z');
const DAYS = dayRange('2026-06-14', 95);
const SPIKE_DAY = '2026-06-12';
const DROP_DAY = '2026-06-14';
const LAST7 = DAYS.length - DETECTION.recentDays;
/** The usual level of the spike's weekday (Friday) and of the drop's (Sunday). */
const SPIKE_LEVEL = WEEKLY[weekdayOf(SPIKE_DAY)]!;
const DROP_LEVEL = WEEKLY[weekdayOf(DROP_DAY)]!;
const [S0, S1] = [SPIKE_LEVEL, SPIKE_LEVEL + 100];

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/** The hand-checkable series with its `day` replaced by WEEKLY[weekday] + `delta`. */
function seriesWith(day: string | null, delta: number): number[] {
  const values = plainSeries(DAYS);
  if (day) values[DAYS.indexOf(day)] = WEEKLY[weekdayOf(day)]! + delta;
  return values;
}

describe('anomaly detector (in memory)', () => {
  test('a clean series with weekly seasonality yields nothing', () => {
    expect(detectSeries('revenue', { days: DAYS, values: plainSeries(DAYS) }, 0)).toEqual([]);
  });

  test('an injected spike and drop: direction, severity and score by hand', () => {
    // Every weekday's 12 history values are its level − 10, + 0, + 10 (four each): the weekday
    // median, with or without any one of them, is the level, so the expected value is the level;
    // the de-seasonalized residuals are M − 10, M, M + 10 (28 each; M the overall median), so
    // MAD = 10. Spike +100: z = 0.6745 × 100 / 10 = 6.745 → medium (5..7).
    const spike = detectSeries('revenue', { days: DAYS, values: seriesWith(SPIKE_DAY, 100) }, LAST7);
    expect(spike).toEqual([
      {
        metric: 'revenue',
        day: SPIKE_DAY,
        observed: SPIKE_LEVEL + 100,
        expected: SPIKE_LEVEL,
        z: 6.745,
        direction: 'up',
        severity: 'medium',
        confidence: 0.7496,
      },
    ]);
    // Confidence 0.5 + 0.5 × (6.745 − 3.5) / (10 − 3.5) = 0.74962 → 0.7496.
    // Drop −160: z = 0.6745 × −160 / 10 = −10.792 → critical (≥ 10); confidence 1 from 10 on.
    const drop = detectSeries('revenue', { days: DAYS, values: seriesWith(DROP_DAY, -160) }, LAST7);
    expect(drop).toEqual([
      {
        metric: 'revenue',
        day: DROP_DAY,
        observed: DROP_LEVEL - 160,
        expected: DROP_LEVEL,
        z: -10.792,
        direction: 'down',
        severity: 'critical',
        confidence: 1,
      },
    ]);
  });

  test('severity bands, the flat-history case and too little history', () => {
    expect([3.4, 3.5, 4.99, 5, 7, 9.99, 10, -12].map(severityOf)).toEqual([null, 'low', 'low', 'medium', 'high', 'high', 'critical', 'critical']);
    const flat = Array.from({ length: 30 }, (_, i) => ({ weekday: i % 7, value: 5 }));
    expect(scoreDay(flat, 5, 1)).toEqual({ observed: 5, expected: 5, z: 0 });
    expect(scoreDay(flat, 6, 1)!.z).toBe(DETECTION.maxScore);
    expect(scoreDay(flat.slice(0, DETECTION.minHistoryDays - 1), 600, 1)).toBeNull();
  });

  test('correlated: ROAS down with ad spend flat and conversion down names the cause', () => {
    const s = (z: number): Score => ({ observed: 0, expected: 0, z });
    const [found] = correlate(
      '2026-06-14',
      new Map([
        ['roas', s(-8)],
        ['ad_spend', s(0.4)],
        ['conversion_rate', s(-4.2)],
        ['revenue', s(-6)],
      ]),
    );
    expect(found).toMatchObject({
      metric: 'roas',
      direction: 'down',
      severity: 'high',
      correlated: [
        { metric: 'ad_spend', modz: 0.4, direction: 'up' },
        { metric: 'conversion_rate', modz: -4.2, direction: 'down' },
      ],
    });
    expect(found!.cause).toMatch(/ad spend held steady and the conversion rate dropped/);
    // Fits: roas min(8/7, 1) = 1; ad spend flat 1 − 0.4 / 2 / 2 = 0.9; conversion 4.2 / 7 = 0.6.
    expect(found!.confidence).toBe(0.8333);
    // Spend up with revenue flat: the second ROAS pattern.
    expect(
      correlate(
        'd',
        new Map([
          ['roas', s(-6)],
          ['ad_spend', s(5)],
          ['revenue', s(0.5)],
        ]),
      )[0]!.cause,
    ).toMatch(/Ad spend rose without matching revenue/);
    // No univariate anomaly in the primary metric: nothing.
    expect(
      correlate(
        'd',
        new Map([
          ['roas', s(-3)],
          ['ad_spend', s(0)],
          ['conversion_rate', s(-4)],
        ]),
      ),
    ).toEqual([]);
  });

  test('detection quality on generated series: precision and recall at least 0.9', () => {
    const random = seeded(20261121);
    let tp = 0;
    let fp = 0;
    let injectedCount = 0;
    for (let n = 0; n < 60; n++) {
      const inject = n % 2 === 0;
      const { values, injected } = generatedSeries(random, DAYS.length, inject, DETECTION.recentDays);
      const found = detectSeries('revenue', { days: DAYS, values }, LAST7);
      if (injected) injectedCount++;
      for (const f of found) {
        if (injected && f.day === DAYS[injected.index] && f.direction === injected.direction) tp++;
        else fp++;
      }
    }
    const precision = tp / (tp + fp);
    const recall = tp / injectedCount;
    console.log(
      `anomaly detection on ${injectedCount} injected + ${60 - injectedCount} clean series: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (tp ${tp}, fp ${fp})`,
    );
    expect(injectedCount).toBeGreaterThanOrEqual(20);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });
});

describeEachDatabase('anomaly-detect job', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let prisma: PrismaClient;
  let services: Services;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '1000' });
    prisma = app.db.prisma;
    services = app.services;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** An account whose daily revenue is `values` (one order a day at local noon, without items: no COGS). */
  async function accountWithRevenue(days: readonly string[], values: readonly number[], timezone = 'America/New_York', hourUtc = 16) {
    const account = await makeAccount(prisma, { timezone });
    await makeOrdersBulk(
      prisma,
      account.id,
      days.map((day, i) => ({ placedAt: new Date(`${day}T${String(hourUtc).padStart(2, '0')}:00:00Z`), total: values[i]!.toFixed(2) })),
    );
    return account.id;
  }

  async function detect(accountId: string, now = NOW, full = false) {
    await services.profit.snapshotProfit(accountId, now, { full: true });
    return services.anomalies.detectAnomalies(accountId, now, { full });
  }

  const rowsOf = (accountId: string) => prisma.anomaly.findMany({ where: { accountId }, orderBy: [{ kind: 'asc' }, { metric: 'asc' }, { metricDate: 'asc' }] });
  const eventsOf = (accountId: string) => services.events.listForAccount(accountId, { name: 'anomaly.detected' });

  test('clean series with weekly seasonality: no anomaly, no event', async () => {
    const accountId = await accountWithRevenue(DAYS, plainSeries(DAYS));
    expect(await detect(accountId)).toBe(0);
    expect(await detect(accountId, NOW, true)).toBe(0);
    expect(await rowsOf(accountId)).toEqual([]);
  });

  test('spike: revenue up and AOV up as the correlated basket pattern (medium), one row and one event each; a second run adds nothing', async () => {
    const accountId = await accountWithRevenue(DAYS, seriesWith(SPIKE_DAY, 100));
    // Revenue and AOV (one order a day: AOV = revenue) both score 6.745; the order count is flat
    // (z 0), so the "basket size changed while order count held" pattern fits: AOV's anomaly is
    // stored once, as the correlated finding (not beside a univariate row of the same numbers).
    expect(await detect(accountId)).toBe(2);
    const rows = await rowsOf(accountId);
    expect(
      rows.map((r) => [
        r.kind,
        r.metric,
        r.metricDate.toISOString().slice(0, 10),
        Number(r.observedValue),
        Number(r.expectedValue),
        Number(r.zScore),
        r.direction,
        r.severity,
      ]),
    ).toEqual([
      ['univariate', 'revenue', SPIKE_DAY, S1, S0, 6.745, 'up', 'medium'],
      ['correlated', 'aov', SPIKE_DAY, S1, S0, 6.745, 'up', 'medium'],
    ]);
    // The univariate cause names the metric and the day in words (Friday 12 June 2026).
    expect(rows[0]!.inferredCause).toBe(`Revenue on Fri 12 Jun 2026 was above its usual level for a Friday: ${S1} against ${S0} expected (modified z 6.745).`);
    const correlated = rows[1]!;
    expect(correlated.inferredCause).toMatch(/Basket size changed while order count held/);
    expect(correlated.correlatedMetrics).toEqual([{ metric: 'orders', modz: 0, direction: 'up' }]);
    // Fits: AOV 6.745 / 7 = 0.96357; orders flat 1 → mean 0.98179 → 0.9818.
    expect(Number(correlated.confidence)).toBe(0.9818);
    const events = await eventsOf(accountId);
    expect(events.map((e) => e.data)).toEqual([
      { metric: 'revenue', observed: S1, expected: S0, z_score: 6.745, direction: 'up', severity: 'medium', source: 'univariate' },
      { metric: 'aov', observed: S1, expected: S0, z_score: 6.745, direction: 'up', severity: 'medium', source: 'correlated' },
    ]);

    // Idempotent: the next runs (an hour later, and a full pass) insert nothing and emit nothing.
    expect(await detect(accountId, new Date(NOW.getTime() + 3_600_000))).toBe(0);
    expect(await detect(accountId, new Date(NOW.getTime() + 3_600_000), true)).toBe(0);
    expect(await rowsOf(accountId)).toEqual(rows);
    expect(await eventsOf(accountId)).toHaveLength(2);
  });

  test('drop: revenue down, critical', async () => {
    const accountId = await accountWithRevenue(DAYS, seriesWith(DROP_DAY, -160));
    await detect(accountId);
    const revenue = (await rowsOf(accountId)).find((r) => r.kind === 'univariate' && r.metric === 'revenue')!;
    expect([Number(revenue.observedValue), Number(revenue.expectedValue), Number(revenue.zScore), revenue.direction, revenue.severity]).toEqual([
      DROP_LEVEL - 160,
      DROP_LEVEL,
      -10.792,
      'down',
      'critical',
    ]);
  });

  test('a generated series through the database finds what the detector finds in memory', async () => {
    const random = seeded(7);
    const { values, injected } = generatedSeries(random, DAYS.length, true, DETECTION.recentDays);
    const accountId = await accountWithRevenue(DAYS, values);
    // The first run on an account back-fills: every day with enough history is scored.
    await detect(accountId);
    expect(detectSeries('revenue', { days: DAYS, values }, LAST7).map((f) => [f.day, f.direction])).toEqual([[DAYS[injected!.index], injected!.direction]]);
    const inMemory = detectSeries('revenue', { days: DAYS, values }, 0);
    const stored = (await rowsOf(accountId)).filter((r) => r.kind === 'univariate' && r.metric === 'revenue');
    expect(stored.map((r) => [r.metricDate.toISOString().slice(0, 10), Number(r.zScore), r.severity])).toEqual(inMemory.map((f) => [f.day, f.z, f.severity]));
  });

  test('concurrent runs for one account, incremental and full, store one anomaly per metric and day and announce it once (service and runner)', async () => {
    const accountId = await accountWithRevenue(DAYS, seriesWith(SPIKE_DAY, 100));
    await services.profit.snapshotProfit(accountId, NOW, { full: true });
    // Overlapping windows: two incremental runs and two full passes at once, then an hour later.
    const counts = await Promise.all([
      services.anomalies.detectAnomalies(accountId, NOW),
      services.anomalies.detectAnomalies(accountId, NOW, { full: true }),
      services.anomalies.detectAnomalies(accountId, NOW),
      services.anomalies.detectAnomalies(accountId, new Date(NOW.getTime() + 3_600_000), { full: true }),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    const rows = await rowsOf(accountId);
    expect(rows.map((r) => `${r.metric}|${r.metricDate.toISOString().slice(0, 10)}`).sort()).toEqual([`aov|${SPIKE_DAY}`, `revenue|${SPIKE_DAY}`]);
    expect((await eventsOf(accountId)).map((e) => (e.data as { metric: string }).metric).sort()).toEqual(['aov', 'revenue']);

    const other = await accountWithRevenue(DAYS, seriesWith(DROP_DAY, -160));
    await services.profit.snapshotProfit(other, new Date(), { full: true });
    const runner = jobRunner({ prisma, services, jobs: [anomalyDetectJob] });
    const [r1, r2] = await Promise.all([runner.run('anomaly-detect', other), runner.run('anomaly-detect', other)]);
    expect([r1![0]!.status, r2![0]!.status].sort()).toEqual(['skipped_locked', 'succeeded']);
    const found = await rowsOf(other);
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found.map((r) => `${r.metric}|${r.metricDate.toISOString()}`)).size).toBe(found.length);
  });

  test('stores with recurring and one-off expenses: no anomaly from a recorded cost, every planted one found', async () => {
    // Generated revenue series (as in memory above) through the database, each store with a
    // monthly fixed cost of about a third of its revenue (spread daily) and four one-off costs of
    // half to twice a day's revenue on random days: recorded costs are not anomalies. Half the
    // stores have an injected revenue anomaly among the last 7 days. The first run scores every
    // day of the history: false there is any anomaly on a day with a one-off cost or on a 1st
    // (where the fixed costs used to land), any of medium severity or above, and any among the
    // last 7 days (what the in-memory test scores), other than the planted day's.
    const random = seeded(20261128);
    let tp = 0;
    let planted = 0;
    let noise = 0;
    const falses: string[] = [];
    for (let n = 0; n < 8; n++) {
      const { values, injected } = generatedSeries(random, DAYS.length, n % 2 === 1, DETECTION.recentDays);
      const accountId = await accountWithRevenue(DAYS, values);
      const level = values.reduce((a, b) => a + b, 0) / values.length;
      await makeExpense(prisma, accountId, { date: DAYS[0]!, amount: (level * 10).toFixed(2), category: 'rent', recurrence: 'monthly' });
      const costDays = new Set(DAYS.filter((d) => d.endsWith('-01')));
      for (let k = 0; k < 4; k++) {
        const day = DAYS[Math.floor(random() * DAYS.length)]!;
        costDays.add(day);
        await makeExpense(prisma, accountId, { date: day, amount: (level * (0.5 + random() * 1.5)).toFixed(2) });
      }
      await detect(accountId);
      const plantedDay = injected ? DAYS[injected.index]! : null;
      if (injected) planted++;
      const rows = await rowsOf(accountId);
      if (rows.some((r) => isoDay(r.metricDate) === plantedDay && r.metric === 'revenue' && r.direction === injected!.direction)) tp++;
      for (const r of rows.filter((r) => isoDay(r.metricDate) !== plantedDay)) {
        const day = isoDay(r.metricDate);
        if (costDays.has(day) || r.severity !== 'low' || DAYS.indexOf(day) >= LAST7)
          falses.push(`store ${n}: ${r.metric} ${r.direction} ${r.severity} on ${day} (z ${r.zScore})`);
        else noise++;
      }
    }
    console.log(
      `anomaly detection on ${planted} planted + ${8 - planted} clean stores with expenses: recall ${tp}/${planted}, false ${falses.length}, low-severity noise in the older history ${noise}`,
    );
    expect(falses).toEqual([]);
    expect(tp).toBe(planted);
  });

  test('the database holds one anomaly per account, metric and day, whatever its kind', async () => {
    const accountId = await accountWithRevenue(DAYS, seriesWith(SPIKE_DAY, 100));
    const row = {
      accountId,
      metric: 'aov' as const,
      metricDate: new Date(`${SPIKE_DAY}T00:00:00Z`),
      observedValue: 1,
      expectedValue: 1,
      zScore: 9,
      direction: 'up' as const,
      severity: 'high' as const,
    };
    await prisma.anomaly.create({ data: { ...row, kind: 'univariate' } });
    await expect(prisma.anomaly.create({ data: { ...row, kind: 'correlated' } })).rejects.toThrow();
    // The detector's own write of that day then adds only what is missing (revenue), announced once.
    expect(await detect(accountId)).toBe(1);
    expect((await rowsOf(accountId)).map((r) => [r.kind, r.metric])).toEqual([
      ['univariate', 'revenue'],
      ['univariate', 'aov'],
    ]);
    expect((await eventsOf(accountId)).map((e) => (e.data as { metric: string }).metric)).toEqual(['revenue']);
  });

  test('GET /api/v1/anomalies serves what the job found, in the contract shape', async () => {
    const now = new Date();
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    const days = dayRange(yesterday, 95);
    const values = plainSeries(days);
    values[days.length - 1] = WEEKLY[weekdayOf(yesterday)]! + 100;
    const accountId = await accountWithRevenue(days, values, 'UTC', 12);
    expect(await detect(accountId, now)).toBe(2);
    const { key } = await keysService(prisma).createKey({ accountId, scopes: ['read'] });
    const checker = await openApiChecker(app.url);
    const res = await fetch(`${app.url}/api/v1/anomalies?days=2`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const body = await readJson(res);
    checker.check('GET', '/api/v1/anomalies?days=2', 200, body, res.headers.get('content-type') ?? '');
    expect(body.data).toHaveLength(2);
    const byKey = new Map(body.data.map((a: { metric: string; correlated_metrics: unknown[] }) => [`${a.metric}:${a.correlated_metrics.length}`, a]));
    expect(byKey.get('revenue:0')).toMatchObject({
      metric: 'revenue',
      observed_value: WEEKLY[weekdayOf(yesterday)]! + 100,
      expected_value: WEEKLY[weekdayOf(yesterday)],
      z_score: 6.745,
      direction: 'up',
      severity: 'medium',
      confidence: 0.7496,
      observed_on: yesterday,
    });
    expect(byKey.get('aov:1')).toMatchObject({ correlated_metrics: [{ metric: 'orders', modz: 0, direction: 'up' }], confidence: 0.9818 });
  });
});
