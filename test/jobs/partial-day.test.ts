// Partial days (issue 14, item 15): the profit job marks the snapshot of the still-open local day
// complete: false (GraphQL ProfitSnapshot.complete; v1 /profit keeps its shape); anomaly-detect
// scores only closed days with complete snapshots, so a yesterday whose last snapshot was taken
// before its local midnight raises no false alarm; anomalies carry observed_on (the day they are
// about); AI insights speak only of closed days.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeAnomaly } from '../factories/analytics.ts';
import { makeOrdersBulk } from '../factories/orders.ts';
import { dayRange, plainSeries } from '../factories/series.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { metricWords } from '../../src/domain/anomalies/index.ts';
import { gql } from '../graphql/helpers.ts';

/** Kolkata is UTC+5:30: its midnight falls between two hourly runs (minute 7 and minute 47). */
const TZ = 'Asia/Kolkata';
const DAYS = dayRange('2026-06-14', 95);
const YESTERDAY = '2026-06-14';
/** 23:37 on the 14th in Kolkata: the hourly profit run, before the day's last order. */
const BEFORE_MIDNIGHT = new Date('2026-06-14T18:07:00Z');
/** 00:17 on the 15th in Kolkata: anomaly-detect, the 14th now closed. */
const AFTER_MIDNIGHT = new Date('2026-06-14T18:47:00Z');

describeEachDatabase('partial days', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /**
   * 95 days of the usual weekly level, each day's revenue in two orders: 60 % at 11:30 and 40 % at
   * 23:50 local. The 14th's second order is left out: `lateOrder` places it (after the run at 23:37).
   */
  const values = plainSeries(DAYS);
  const account = async () => {
    const { id } = await makeAccount(app.db.prisma, { timezone: TZ });
    const orders = DAYS.flatMap((day, i) => [
      { placedAt: new Date(`${day}T06:00:00Z`), total: (values[i]! * 0.6).toFixed(2) },
      ...(day === YESTERDAY ? [] : [{ placedAt: new Date(`${day}T18:20:00Z`), total: (values[i]! * 0.4).toFixed(2) }]),
    ]);
    await makeOrdersBulk(app.db.prisma, id, orders);
    return id;
  };
  const lateOrder = (accountId: string) =>
    makeOrdersBulk(app.db.prisma, accountId, [{ placedAt: new Date(`${YESTERDAY}T18:20:00Z`), total: (values[DAYS.length - 1]! * 0.4).toFixed(2) }]);
  const snapshot = (accountId: string, day: string) =>
    app.db.prisma.profitSnapshot.findUniqueOrThrow({ where: { accountId_snapshotDate: { accountId, snapshotDate: new Date(`${day}T00:00:00Z`) } } });

  test('the open day is stored complete: false, and turns complete after its local midnight', async () => {
    const accountId = await account();
    await app.services.profit.snapshotProfit(accountId, BEFORE_MIDNIGHT);
    expect(await snapshot(accountId, YESTERDAY)).toMatchObject({ complete: false, purchaseCount: 1 });
    expect(await snapshot(accountId, '2026-06-13')).toMatchObject({ complete: true });
    // The 14th's last order arrives; the next run, after midnight, recomputes and closes it.
    await lateOrder(accountId);
    const written = await app.services.profit.snapshotProfit(accountId, AFTER_MIDNIGHT);
    expect(written).toBe(2); // the 14th (figures and flag) and the new, open 15th
    expect(await snapshot(accountId, YESTERDAY)).toMatchObject({ complete: true, purchaseCount: 2 });
    expect(await snapshot(accountId, '2026-06-15')).toMatchObject({ complete: false, purchaseCount: 0 });
    expect(await app.services.profit.snapshotProfit(accountId, AFTER_MIDNIGHT)).toBe(0);
    // GraphQL says which days are complete; v1 keeps its shape (no such field).
    const { key } = await keysService(app.db.prisma).createKey({ accountId, scopes: ['read'] });
    const answer = await gql(app, key, '{ profit(days: 365) { days { snapshotDate complete } } }');
    expect(answer.body.errors).toBeUndefined();
    const days = (answer.body.data as { profit: { days: Array<{ snapshotDate: string; complete: boolean }> } }).profit.days;
    expect(days.filter((d) => !d.complete).map((d) => d.snapshotDate)).toEqual(['2026-06-15']);
    const v1 = await fetch(`${app.url}/api/v1/profit?days=365`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await v1.json()) as { data: Array<Record<string, unknown>> };
    expect(body.data.every((d) => !('complete' in d))).toBe(true);
  });

  test('a yesterday whose snapshot was taken before its midnight is not scored: no false alarm', async () => {
    const accountId = await account();
    await app.services.profit.snapshotProfit(accountId, BEFORE_MIDNIGHT, { full: true });
    // anomaly-detect runs after local midnight, before the next profit run: the 14th's snapshot
    // holds 60 % of the day. Scored, it would be a critical drop of revenue, orders and margin.
    expect(await app.services.anomalies.detectAnomalies(accountId, AFTER_MIDNIGHT)).toBe(0);
    await lateOrder(accountId);
    await app.services.profit.snapshotProfit(accountId, AFTER_MIDNIGHT);
    expect(await app.services.anomalies.detectAnomalies(accountId, AFTER_MIDNIGHT, { full: true })).toBe(0);
    expect(await app.db.prisma.anomaly.count({ where: { accountId } })).toBe(0);
  });

  test('the same partial snapshot marked complete would be an anomaly (the test can see one), with observed_on', async () => {
    const accountId = await account();
    await app.services.profit.snapshotProfit(accountId, BEFORE_MIDNIGHT, { full: true });
    await app.db.prisma.profitSnapshot.updateMany({ where: { accountId }, data: { complete: true } });
    expect(await app.services.anomalies.detectAnomalies(accountId, AFTER_MIDNIGHT)).toBeGreaterThan(0);
    const rows = await app.db.prisma.anomaly.findMany({ where: { accountId } });
    expect(new Set(rows.map((r) => r.metricDate.toISOString().slice(0, 10)))).toEqual(new Set([YESTERDAY]));
    // Served with the day they are about (detected_at moved into the lists' window, counted back from now).
    await app.db.prisma.anomaly.updateMany({ where: { accountId }, data: { detectedAt: new Date() } });
    const { key } = await keysService(app.db.prisma).createKey({ accountId, scopes: ['read'] });
    const v1 = await fetch(`${app.url}/api/v1/anomalies`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await v1.json()) as { data: Array<{ observed_on: string }> };
    expect(body.data).toHaveLength(rows.length);
    for (const a of body.data) expect(a.observed_on).toBe(YESTERDAY);
    const answer = await gql(app, key, '{ anomalies { nodes { observedOn metric metricName } } }');
    expect(answer.body.errors).toBeUndefined();
    const nodes = (answer.body.data as { anomalies: { nodes: Array<{ observedOn: string; metric: string; metricName: string }> } }).anomalies.nodes;
    expect(nodes.map((n) => n.observedOn)).toEqual(rows.map(() => YESTERDAY));
    // The metric in words, as the insight titles name it (one table, src/domain/anomalies/words.ts).
    for (const n of nodes) expect(n.metricName).toBe(metricWords(n.metric));
    expect(nodes.every((n) => !n.metricName.includes('_'))).toBe(true);
  });

  test('AI insights speak only of closed days: an anomaly about today gives no finding; one about yesterday names its day', async () => {
    const { id } = await makeAccount(app.db.prisma, { timezone: TZ });
    const now = new Date();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(now);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000);
    const todays = await makeAnomaly(app.db.prisma, id, { metric: 'margin_pct', severity: 'critical', metricDate: new Date(`${today}T00:00:00Z`) });
    const closed = await makeAnomaly(app.db.prisma, id, { metric: 'revenue', severity: 'high', metricDate: yesterday });
    const findings = await app.services.aiInsights.collectFindings(id, now);
    expect(findings.map((f) => f.key)).toEqual([`anomaly:${closed.id}`]);
    expect(findings[0]!.facts).toMatchObject({ date: yesterday.toISOString().slice(0, 10) });
    expect(findings.map((f) => f.key)).not.toContain(`anomaly:${todays.id}`);
  });
});
