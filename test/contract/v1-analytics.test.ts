// /api/v1 contract for the analytics endpoints (insights, anomalies, profit, inventory, reorder):
// exact bodies and key order through real HTTP, every filter and parameter error, clamping of
// limit/days above their maximum, profit totals and CSV, the profit window in the account's time
// zone, and tenancy (account A's key never sees account B's rows). Every answer is checked against
// the served OpenAPI document.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount } from '../factories/index.ts';
import {
  makeAnomaly,
  makeInsight,
  makeInventoryItem,
  makeManyInsights,
  makeManyInventoryItems,
  makeManyReorderSuggestions,
  makeProfitSnapshot,
  makeReorderSuggestion,
} from '../factories/analytics.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { profitService } from '../../src/domain/profit/index.ts';
import { openApiChecker, type OpenApiChecker } from '../helpers/openapi.ts';
import { golden } from '../helpers/golden.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (date: string, n: number) => isoDate(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS);
/** Today's date at a fixed UTC offset (for zones without daylight saving time). */
const todayAt = (offsetHours: number) => isoDate(Date.now() + offsetHours * HOUR_MS);

const INSIGHT_KEYS = ['id', 'severity', 'category', 'title', 'body', 'suggested_action', 'impact_estimate', 'status', 'computed_at', 'resolved_at'];
const ANOMALY_KEYS = [
  'id',
  'metric',
  'observed_value',
  'expected_value',
  'z_score',
  'direction',
  'severity',
  'detected_at',
  'observed_on',
  'inferred_cause',
  'confidence',
  'correlated_metrics',
];
const SNAPSHOT_KEYS = [
  'snapshot_date',
  'gross_revenue',
  'refunds',
  'ad_spend',
  'cogs_estimate',
  'fees_estimate',
  'shipping_estimate',
  'extra_expenses',
  'net_revenue',
  'operational_profit',
  'final_profit',
  'margin_pct',
  'purchase_count',
];
const INVENTORY_KEYS = [
  'sku',
  'product_name',
  'current_stock',
  'units_sold_30d',
  'units_sold_7d',
  'avg_daily_units_30d',
  'avg_daily_units_7d',
  'days_of_stock',
  'trend',
  'status',
  'estimated_stockout_at',
  'computed_at',
];
const REORDER_KEYS = ['id', 'inventory_item_id', 'qty_suggested', 'reason', 'confidence', 'forecast_days', 'computed_at', 'status'];

describeEachDatabase('v1 analytics endpoints', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let keyA: string;
  let keyB: string;
  let keyClamp: string;
  const ids = {
    insights: {} as Record<string, number>,
    anomalies: {} as Record<string, { id: number; detectedAt: Date; metricDate: Date }>,
    reorder: {} as Record<string, number>,
    items: {} as Record<string, number>,
  };
  const b = { insight: 0, anomaly: 0, reorder: 0 };
  /** UTC today at setup; A's profit rows sit a few days back, inside the window in any zone. */
  const utcToday = isoDate(Date.now());

  let checker: OpenApiChecker;
  /** GET through real HTTP; every answer is also checked against the served OpenAPI document. */
  const get = async (path: string, key?: string) => {
    const res = await fetch(`${app.url}/api/v1${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    const type = res.headers.get('content-type') ?? '';
    const copy = res.clone();
    checker.check('GET', `/api/v1${path}`, res.status, type.startsWith('application/json') ? await copy.json() : await copy.text(), type);
    return res;
  };
  const getJson = async (path: string, key: string) => {
    const res = await get(path, key);
    expect(res.status).toBe(200);
    return readJson(res);
  };

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '1000' });
    checker = await openApiChecker(app.url);
    const prisma = app.db.prisma;
    const keys = keysService(prisma);
    const a = await makeAccount(prisma, { name: 'Alpha', timezone: 'America/New_York' });
    const bAccount = await makeAccount(prisma, { name: 'Beta', timezone: 'UTC' });
    const clamp = await makeAccount(prisma, { name: 'Clamp', timezone: 'UTC' });
    keyA = (await keys.createKey({ accountId: a.id, scopes: ['read'] })).key;
    keyB = (await keys.createKey({ accountId: bAccount.id, scopes: ['read'] })).key;
    keyClamp = (await keys.createKey({ accountId: clamp.id, scopes: ['read'] })).key;

    // Insights of A, oldest id first.
    const at = (iso: string) => new Date(iso);
    ids.insights.lowAds = (
      await makeInsight(prisma, a.id, { severity: 'low', category: 'ads', status: 'open', computedAt: at('2026-01-01T08:00:00.000Z') })
    ).id;
    ids.insights.churn = (
      await makeInsight(prisma, a.id, {
        severity: 'high',
        category: 'churn_risk',
        status: 'resolved',
        title: '12 VIP customers at risk',
        body: 'Twelve VIP customers have not bought in 60 days.',
        suggestedAction: 'Send a win-back offer.',
        impactEstimate: '$1,800 of revenue at risk',
        computedAt: at('2026-01-02T09:30:00.000Z'),
        resolvedAt: at('2026-01-03T10:00:00.500Z'),
      })
    ).id;
    ids.insights.stock = (
      await makeInsight(prisma, a.id, { severity: 'critical', category: 'inventory', status: 'dismissed', computedAt: at('2026-01-04T00:00:00.000Z') })
    ).id;
    ids.insights.mediumAds = (
      await makeInsight(prisma, a.id, { severity: 'medium', category: 'ads', status: 'open', computedAt: at('2026-01-05T00:00:00.000Z') })
    ).id;
    b.insight = (await makeInsight(prisma, bAccount.id, { severity: 'low', category: 'ads' })).id;

    // Anomalies of A at known ages.
    const now = Date.now();
    const anomaly = async (name: string, values: Parameters<typeof makeAnomaly>[2]) => {
      const row = await makeAnomaly(prisma, a.id, values);
      ids.anomalies[name] = { id: row.id, detectedAt: row.detectedAt, metricDate: row.metricDate };
    };
    await anomaly('tenDays', { severity: 'medium', metric: 'revenue', detectedAt: new Date(now - 10 * DAY_MS) });
    await anomaly('hundredDays', { severity: 'critical', metric: 'orders', detectedAt: new Date(now - 100 * DAY_MS) });
    await anomaly('threeDays', { severity: 'low', metric: 'aov', direction: 'up', detectedAt: new Date(now - 3 * DAY_MS) });
    await anomaly('oneDay', {
      kind: 'correlated',
      metric: 'roas',
      severity: 'high',
      observedValue: '1.2345',
      expectedValue: '2.5',
      zScore: '-3.1',
      direction: 'down',
      detectedAt: new Date(now - DAY_MS),
      inferredCause: 'Ad spend rose 80% while revenue stayed flat.',
      confidence: '0.8123',
      correlatedMetrics: [
        { metric: 'ad_spend', modz: 3.5, direction: 'up' },
        { metric: 'revenue', modz: '-1.25', direction: 'down' },
      ],
    });
    b.anomaly = (await makeAnomaly(prisma, bAccount.id, { detectedAt: new Date(now - DAY_MS) })).id;

    // Profit of A: three days inside the default window, one outside it.
    await makeProfitSnapshot(prisma, a.id, addDays(utcToday, -3), {
      grossRevenue: '2000.20',
      adSpend: '0.10',
      finalProfit: '-50.25',
      marginPct: '-2.51',
      purchaseCount: 3,
    });
    await makeProfitSnapshot(prisma, a.id, addDays(utcToday, -4), {
      grossRevenue: '1000.10',
      refunds: '12.34',
      adSpend: '200.20',
      cogsEstimate: '310.05',
      feesEstimate: '29.99',
      shippingEstimate: '45.50',
      extraExpenses: '7.00',
      netRevenue: '987.76',
      operationalProfit: '395.02',
      finalProfit: '300.30',
      marginPct: '30.03',
      purchaseCount: 7,
    });
    await makeProfitSnapshot(prisma, a.id, addDays(utcToday, -2), {
      grossRevenue: '0.70',
      adSpend: '0.20',
      finalProfit: '0.35',
      marginPct: '50.01',
      purchaseCount: 0,
    });
    await makeProfitSnapshot(prisma, a.id, addDays(utcToday, -40), { grossRevenue: '999.99', marginPct: '10.00', purchaseCount: 1 });
    await makeProfitSnapshot(prisma, bAccount.id, addDays(utcToday, -2), { grossRevenue: '5555.55' });

    // Inventory of A, created out of order; one item not computed yet.
    const item = async (sku: string, values: Parameters<typeof makeInventoryItem>[2]) => {
      ids.items[sku] = (await makeInventoryItem(prisma, a.id, { sku, ...values })).id;
    };
    await item('O-1', { status: 'ok', daysOfStock: 50 });
    await item('X-1', { status: 'overstocked', daysOfStock: 200 });
    await item('C-2', { status: 'critical', daysOfStock: 3 });
    await item('N-1', {
      status: 'ok',
      daysOfStock: null,
      trend: 'no_sales',
      unitsSold30d: 0,
      unitsSold7d: 0,
      avgDailyUnits30d: 0,
      avgDailyUnits7d: 0,
      estimatedStockoutAt: null,
    });
    await item('L-1', { status: 'low', daysOfStock: 10 });
    await item('C-1', {
      productName: 'USB-C cable',
      status: 'critical',
      currentStock: 5,
      unitsSold30d: 60,
      unitsSold7d: 21,
      avgDailyUnits30d: '2.0000',
      avgDailyUnits7d: '3.0000',
      daysOfStock: '1.67',
      trend: 'accelerating',
      estimatedStockoutAt: new Date('2026-01-03T00:00:00.000Z'),
      computedAt: at('2026-01-01T06:00:00.000Z'),
    });
    await item('U-1', { status: null, trend: null, daysOfStock: null, computedAt: null });
    const bItem = await makeInventoryItem(prisma, bAccount.id, { sku: 'B-ONLY', status: 'critical', daysOfStock: 1 });

    // Reorder suggestions of A, oldest id first.
    ids.reorder.first = (await makeReorderSuggestion(prisma, a.id, ids.items['C-1']!, { status: 'pending' })).id;
    ids.reorder.ordered = (await makeReorderSuggestion(prisma, a.id, ids.items['C-2']!, { status: 'ordered' })).id;
    ids.reorder.dismissed = (await makeReorderSuggestion(prisma, a.id, ids.items['L-1']!, { status: 'dismissed' })).id;
    ids.reorder.latest = (
      await makeReorderSuggestion(prisma, a.id, ids.items['C-1']!, {
        status: 'pending',
        qtySuggested: 90,
        reason: 'Velocity doubled this week.',
        confidence: '0.6667',
        forecastDays: 45,
        computedAt: at('2026-01-06T12:00:00.000Z'),
      })
    ).id;
    b.reorder = (await makeReorderSuggestion(prisma, bAccount.id, bItem.id)).id;

    // The clamp account: more rows than every maximum, and rows on both sides of the longest windows.
    await makeManyInsights(prisma, clamp.id, 101);
    await makeManyInventoryItems(prisma, clamp.id, 501);
    const clampItem = await makeInventoryItem(prisma, clamp.id, { sku: 'CLAMP', status: 'ok' });
    await makeManyReorderSuggestions(prisma, clamp.id, clampItem.id, 201);
    await makeAnomaly(prisma, clamp.id, { detectedAt: new Date(now - 89.5 * DAY_MS) });
    await makeAnomaly(prisma, clamp.id, { detectedAt: new Date(now - 90.5 * DAY_MS) });
    await makeProfitSnapshot(prisma, clamp.id, addDays(utcToday, -364));
    await makeProfitSnapshot(prisma, clamp.id, addDays(utcToday, -365));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  test('bad parameters: 400 invalid_parameter naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['/insights?status=closed', 'status'],
      ['/insights?severity=urgent', 'severity'],
      ['/insights?category=shipping', 'category'],
      ['/insights?limit=0', 'limit'],
      ['/insights?limit=x', 'limit'],
      ['/insights?limit=1.5', 'limit'],
      ['/anomalies?severity=urgent', 'severity'],
      ['/anomalies?days=0', 'days'],
      ['/anomalies?days=x', 'days'],
      ['/anomalies?days=-3', 'days'],
      ['/profit?days=0', 'days'],
      ['/profit?days=x', 'days'],
      ['/profit?format=xml', 'format'],
      ['/inventory?status=empty', 'status'],
      ['/inventory?limit=0', 'limit'],
      ['/inventory?limit=x', 'limit'],
      ['/reorder?status=shipped', 'status'],
      ['/reorder?limit=0', 'limit'],
      ['/reorder?limit=x', 'limit'],
    ];
    for (const [path, param] of cases) {
      const res = await get(path, keyA);
      expect([path, res.status]).toEqual([path, 400]);
      const body = await readJson(res);
      expect(Object.keys(body).sort()).toEqual(['error', 'message', 'param']);
      expect(body.error).toBe('invalid_parameter');
      expect(body.param).toBe(param);
    }
  });

  test('GET /insights: exact body, newest id first', async () => {
    const body = await getJson('/insights', keyA);
    expect(Object.keys(body)).toEqual(['data', 'api_version']);
    expect(body.api_version).toBe('v1');
    expect(body.data.map((i: { id: number }) => i.id)).toEqual([ids.insights.mediumAds, ids.insights.stock, ids.insights.churn, ids.insights.lowAds]);
    const churn = body.data[2];
    expect(Object.keys(churn)).toEqual(INSIGHT_KEYS);
    expect(churn).toEqual({
      id: ids.insights.churn,
      severity: 'high',
      category: 'churn_risk',
      title: '12 VIP customers at risk',
      body: 'Twelve VIP customers have not bought in 60 days.',
      suggested_action: 'Send a win-back offer.',
      impact_estimate: '$1,800 of revenue at risk',
      status: 'resolved',
      computed_at: '2026-01-02T09:30:00.000Z',
      resolved_at: '2026-01-03T10:00:00.500Z',
    });
    expect(body.data[0].resolved_at).toBeNull();
    expect(body.data[0].computed_at).toBe('2026-01-05T00:00:00.000Z');
  });

  test('GET /insights: status, severity, category filters and limit', async () => {
    const idsOf = async (query: string) => (await getJson(`/insights?${query}`, keyA)).data.map((i: { id: number }) => i.id);
    expect(await idsOf('status=open')).toEqual([ids.insights.mediumAds, ids.insights.lowAds]);
    expect(await idsOf('status=resolved')).toEqual([ids.insights.churn]);
    expect(await idsOf('status=dismissed')).toEqual([ids.insights.stock]);
    expect(await idsOf('severity=critical')).toEqual([ids.insights.stock]);
    expect(await idsOf('category=churn_risk')).toEqual([ids.insights.churn]);
    expect(await idsOf('category=ads&severity=low')).toEqual([ids.insights.lowAds]);
    expect(await idsOf('category=profit')).toEqual([]);
    expect(await idsOf('limit=2')).toEqual([ids.insights.mediumAds, ids.insights.stock]);
  });

  test('GET /insights: default 25, above 100 clamped to 100', async () => {
    expect((await getJson('/insights', keyClamp)).data).toHaveLength(25);
    expect((await getJson('/insights?limit=100', keyClamp)).data).toHaveLength(100);
    expect((await getJson('/insights?limit=1000', keyClamp)).data).toHaveLength(100);
  });

  test('GET /anomalies: exact body, newest first, default window 7 days', async () => {
    const body = await getJson('/anomalies', keyA);
    expect(Object.keys(body)).toEqual(['data', 'window_days', 'api_version']);
    expect(body.window_days).toBe(7);
    expect(body.api_version).toBe('v1');
    expect(body.data.map((x: { id: number }) => x.id)).toEqual([ids.anomalies.oneDay!.id, ids.anomalies.threeDays!.id]);
    expect(Object.keys(body.data[0])).toEqual(ANOMALY_KEYS);
    expect(body.data[0]).toEqual({
      id: ids.anomalies.oneDay!.id,
      metric: 'roas',
      observed_value: 1.2345,
      expected_value: 2.5,
      z_score: -3.1,
      direction: 'down',
      severity: 'high',
      detected_at: ids.anomalies.oneDay!.detectedAt.toISOString(),
      observed_on: ids.anomalies.oneDay!.metricDate.toISOString().slice(0, 10),
      inferred_cause: 'Ad spend rose 80% while revenue stayed flat.',
      confidence: 0.8123,
      correlated_metrics: [
        { metric: 'ad_spend', modz: 3.5, direction: 'up' },
        { metric: 'revenue', modz: -1.25, direction: 'down' },
      ],
    });
    expect(body.data[0].detected_at).toMatch(ISO);
    expect(Object.keys(body.data[0].correlated_metrics[0])).toEqual(['metric', 'modz', 'direction']);
    expect(body.data[1].correlated_metrics).toEqual([]);
  });

  test('GET /anomalies: days and severity filters, days above 90 clamped', async () => {
    const idsOf = async (query: string) => (await getJson(`/anomalies?${query}`, keyA)).data.map((x: { id: number }) => x.id);
    const { oneDay, threeDays, tenDays } = ids.anomalies;
    expect(await idsOf('days=2')).toEqual([oneDay!.id]);
    expect(await idsOf('days=30')).toEqual([oneDay!.id, threeDays!.id, tenDays!.id]);
    expect(await idsOf('days=30&severity=medium')).toEqual([tenDays!.id]);
    expect(await idsOf('severity=low')).toEqual([threeDays!.id]);
    expect(await idsOf('severity=critical')).toEqual([]);
    const clamped = await getJson('/anomalies?days=1000', keyClamp);
    expect(clamped.window_days).toBe(90);
    expect(clamped.data).toHaveLength(1);
    expect((await getJson('/anomalies?days=1000', keyA)).data).toHaveLength(3);
  });

  test('GET /profit: exact body, oldest date first, totals by hand', async () => {
    const body = await getJson('/profit', keyA);
    expect(Object.keys(body)).toEqual(['data', 'totals', 'window_days', 'api_version']);
    expect(body.window_days).toBe(30);
    expect(body.api_version).toBe('v1');
    expect(body.data.map((s: { snapshot_date: string }) => s.snapshot_date)).toEqual([addDays(utcToday, -4), addDays(utcToday, -3), addDays(utcToday, -2)]);
    expect(Object.keys(body.data[0])).toEqual(SNAPSHOT_KEYS);
    expect(body.data[0]).toEqual({
      snapshot_date: addDays(utcToday, -4),
      gross_revenue: 1000.1,
      refunds: 12.34,
      ad_spend: 200.2,
      cogs_estimate: 310.05,
      fees_estimate: 29.99,
      shipping_estimate: 45.5,
      extra_expenses: 7,
      net_revenue: 987.76,
      operational_profit: 395.02,
      final_profit: 300.3,
      margin_pct: 30.03,
      purchase_count: 7,
    });
    // 1000.10 + 2000.20 + 0.70; 200.20 + 0.10 + 0.20; 300.30 - 50.25 + 0.35; 7 + 3 + 0;
    // (30.03 - 2.51 + 50.01) / 3 = 25.8433… → 25.84.
    expect(Object.keys(body.totals)).toEqual(['days_returned', 'gross_revenue', 'ad_spend', 'final_profit', 'purchase_count', 'avg_margin_pct']);
    expect(body.totals).toEqual({ days_returned: 3, gross_revenue: 3001, ad_spend: 200.5, final_profit: 250.4, purchase_count: 10, avg_margin_pct: 25.84 });

    const year = await getJson('/profit?days=365', keyA);
    expect(year.window_days).toBe(365);
    expect(year.data[0].snapshot_date).toBe(addDays(utcToday, -40));
    // (10.00 + 30.03 - 2.51 + 50.01) / 4 = 21.8825 → 21.88.
    expect(year.totals).toEqual({ days_returned: 4, gross_revenue: 4000.99, ad_spend: 400.5, final_profit: 620.4, purchase_count: 11, avg_margin_pct: 21.88 });
  });

  test('GET /profit: no days in the window gives zero totals', async () => {
    const body = await getJson('/profit?days=1', keyA);
    expect(body).toEqual(golden('profit-empty-window'));
  });

  test('GET /profit: days above 365 clamped to 365 local days, today included', async () => {
    for (const query of ['days=365', 'days=1000']) {
      const body = await getJson(`/profit?${query}`, keyClamp);
      expect(body.window_days).toBe(365);
      expect(body.data.map((s: { snapshot_date: string }) => s.snapshot_date)).toEqual([addDays(isoDate(Date.now()), -364)]);
    }
  });

  test('GET /profit?format=csv: header row in contract order, CRLF, values', async () => {
    const res = await get('/profit?format=csv', keyA);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n')).toEqual([
      SNAPSHOT_KEYS.join(','),
      `${addDays(utcToday, -4)},1000.1,12.34,200.2,310.05,29.99,45.5,7,987.76,395.02,300.3,30.03,7`,
      `${addDays(utcToday, -3)},2000.2,50,0.1,300,30,40,10,950,380,-50.25,-2.51,3`,
      `${addDays(utcToday, -2)},0.7,50,0.2,300,30,40,10,950,380,0.35,50.01,0`,
      '',
    ]);
    const json = await get('/profit?format=json', keyA);
    expect((await readJson(json)).totals.days_returned).toBe(3);
  });

  test("GET /profit: the window is counted in the account's time zone (HTTP, zones at +14 and -11)", async () => {
    const prisma = app.db.prisma;
    const keys = keysService(prisma);
    let differsFromUtc = false;
    for (const [timezone, offset] of [
      ['Pacific/Kiritimati', 14],
      ['Pacific/Pago_Pago', -11],
    ] as const) {
      const account = await makeAccount(prisma, { timezone });
      const { key } = await keys.createKey({ accountId: account.id, scopes: ['read'] });
      const start = todayAt(offset);
      for (let n = -3; n <= 2; n++) await makeProfitSnapshot(prisma, account.id, addDays(start, n));
      // Retried if the zone's midnight passes during the request.
      for (let attempt = 0; attempt < 2; attempt++) {
        const before = todayAt(offset);
        const body = await getJson('/profit?days=2', key);
        if (todayAt(offset) !== before) continue;
        expect(body.data.map((s: { snapshot_date: string }) => s.snapshot_date)).toEqual([addDays(before, -1), before]);
        expect(body.totals.days_returned).toBe(2);
        if (before !== isoDate(Date.now())) differsFromUtc = true;
        break;
      }
    }
    // At every hour of the day one of the two zones is on another date than UTC.
    expect(differsFromUtc).toBe(true);
  });

  test('profit window at fixed instants in zones with daylight saving time (service)', async () => {
    const prisma = app.db.prisma;
    const profit = profitService(prisma);
    const dates = ['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12'];
    const datesFor = async (timezone: string, now: string) => {
      const account = await makeAccount(prisma, { timezone });
      for (const d of dates) await makeProfitSnapshot(prisma, account.id, d);
      const { items, windowDays } = await profit.listProfit(account.id, { days: 2 }, new Date(now));
      expect(windowDays).toBe(2);
      return items.map((s) => s.snapshotDate.toISOString().slice(0, 10));
    };
    // 20:00 UTC is 05:00 the next day in Tokyo, 13:00 the same day in Los Angeles (PDT).
    expect(await datesFor('Asia/Tokyo', '2026-03-10T20:00:00Z')).toEqual(['2026-03-10', '2026-03-11']);
    expect(await datesFor('America/Los_Angeles', '2026-03-10T20:00:00Z')).toEqual(['2026-03-09', '2026-03-10']);
    // 05:00 UTC is still the previous evening in Los Angeles.
    expect(await datesFor('America/Los_Angeles', '2026-03-11T05:00:00Z')).toEqual(['2026-03-09', '2026-03-10']);
    expect(await datesFor('UTC', '2026-03-11T05:00:00Z')).toEqual(['2026-03-10', '2026-03-11']);
  });

  test('GET /inventory: exact body, most urgent first, only computed items, summary', async () => {
    const before = Date.now();
    const body = await getJson('/inventory', keyA);
    expect(Object.keys(body)).toEqual(['items', 'summary', 'generated_at', 'api_version']);
    expect(body.api_version).toBe('v1');
    expect(body.generated_at).toMatch(ISO);
    expect(Date.parse(body.generated_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.generated_at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(body.items.map((i: { sku: string }) => i.sku)).toEqual(['C-1', 'C-2', 'L-1', 'O-1', 'N-1', 'X-1']);
    expect(Object.keys(body.summary)).toEqual(['total', 'critical', 'low', 'ok', 'overstocked']);
    expect(body.summary).toEqual({ total: 6, critical: 2, low: 1, ok: 2, overstocked: 1 });
    expect(Object.keys(body.items[0])).toEqual(INVENTORY_KEYS);
    expect(body.items[0]).toEqual({
      sku: 'C-1',
      product_name: 'USB-C cable',
      current_stock: 5,
      units_sold_30d: 60,
      units_sold_7d: 21,
      avg_daily_units_30d: 2,
      avg_daily_units_7d: 3,
      days_of_stock: 1.67,
      trend: 'accelerating',
      status: 'critical',
      estimated_stockout_at: '2026-01-03',
      computed_at: '2026-01-01T06:00:00.000Z',
    });
    const noSales = body.items[4];
    expect([noSales.days_of_stock, noSales.trend, noSales.estimated_stockout_at]).toEqual([null, 'no_sales', null]);
  });

  test('GET /inventory: status filter and limit leave the summary whole; default 100, max 500', async () => {
    const ok = await getJson('/inventory?status=ok', keyA);
    expect(ok.items.map((i: { sku: string }) => i.sku)).toEqual(['O-1', 'N-1']);
    expect(ok.summary).toEqual({ total: 6, critical: 2, low: 1, ok: 2, overstocked: 1 });
    const critical = await getJson('/inventory?status=critical&limit=1', keyA);
    expect(critical.items.map((i: { sku: string }) => i.sku)).toEqual(['C-1']);
    expect(critical.summary.total).toBe(6);
    expect((await getJson('/inventory?limit=2', keyA)).items.map((i: { sku: string }) => i.sku)).toEqual(['C-1', 'C-2']);

    expect((await getJson('/inventory', keyClamp)).items).toHaveLength(100);
    const clamped = await getJson('/inventory?limit=100000', keyClamp);
    expect(clamped.items).toHaveLength(500);
    expect(clamped.summary).toEqual({ total: 502, critical: 0, low: 0, ok: 502, overstocked: 0 });
  });

  test('GET /reorder: exact body, newest first, status filter, default 50, max 200', async () => {
    const body = await getJson('/reorder', keyA);
    expect(Object.keys(body)).toEqual(['items', 'generated_at', 'api_version']);
    expect(body.generated_at).toMatch(ISO);
    expect(body.api_version).toBe('v1');
    expect(body.items.map((r: { id: number }) => r.id)).toEqual([ids.reorder.latest, ids.reorder.dismissed, ids.reorder.ordered, ids.reorder.first]);
    expect(Object.keys(body.items[0])).toEqual(REORDER_KEYS);
    expect(body.items[0]).toEqual({
      id: ids.reorder.latest,
      inventory_item_id: ids.items['C-1'],
      qty_suggested: 90,
      reason: 'Velocity doubled this week.',
      confidence: 0.6667,
      forecast_days: 45,
      computed_at: '2026-01-06T12:00:00.000Z',
      status: 'pending',
    });
    const idsOf = async (query: string) => (await getJson(`/reorder?${query}`, keyA)).items.map((r: { id: number }) => r.id);
    expect(await idsOf('status=pending')).toEqual([ids.reorder.latest, ids.reorder.first]);
    expect(await idsOf('status=ordered')).toEqual([ids.reorder.ordered]);
    expect(await idsOf('status=dismissed')).toEqual([ids.reorder.dismissed]);
    expect(await idsOf('limit=1')).toEqual([ids.reorder.latest]);

    expect((await getJson('/reorder', keyClamp)).items).toHaveLength(50);
    expect((await getJson('/reorder?limit=999', keyClamp)).items).toHaveLength(200);
  });

  test("tenancy: account B's rows never appear with A's key, and the reverse", async () => {
    const aInsights = await getJson('/insights?limit=100', keyA);
    expect(aInsights.data.map((i: { id: number }) => i.id)).not.toContain(b.insight);
    expect((await getJson('/insights', keyB)).data.map((i: { id: number }) => i.id)).toEqual([b.insight]);

    expect((await getJson('/anomalies?days=90', keyA)).data.map((x: { id: number }) => x.id)).not.toContain(b.anomaly);
    expect((await getJson('/anomalies', keyB)).data.map((x: { id: number }) => x.id)).toEqual([b.anomaly]);

    const aProfit = await getJson('/profit?days=365', keyA);
    expect(aProfit.data.map((s: { gross_revenue: number }) => s.gross_revenue)).not.toContain(5555.55);
    const bProfit = await getJson('/profit', keyB);
    expect(bProfit.data.map((s: { gross_revenue: number }) => s.gross_revenue)).toEqual([5555.55]);
    expect(bProfit.totals.days_returned).toBe(1);

    const aInventory = await getJson('/inventory?limit=500', keyA);
    expect(aInventory.items.map((i: { sku: string }) => i.sku)).not.toContain('B-ONLY');
    const bInventory = await getJson('/inventory', keyB);
    expect(bInventory.items.map((i: { sku: string }) => i.sku)).toEqual(['B-ONLY']);
    expect(bInventory.summary).toEqual({ total: 1, critical: 1, low: 0, ok: 0, overstocked: 0 });

    expect((await getJson('/reorder?limit=200', keyA)).items.map((r: { id: number }) => r.id)).not.toContain(b.reorder);
    expect((await getJson('/reorder', keyB)).items.map((r: { id: number }) => r.id)).toEqual([b.reorder]);
  });
});
