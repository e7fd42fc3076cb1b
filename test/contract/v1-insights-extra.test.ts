// Authenticated account summaries: /risks, /customers/segments, /ads, /creatives,
// /conversations and /health. Shapes against the served OpenAPI document, the read scope,
// private caching, bounds, and tenancy (each key sees only its own account).
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { openApiChecker, type OpenApiChecker } from '../helpers/openapi.ts';
import { makeAccount, makeCustomer } from '../factories/index.ts';
import { makeInventoryItem, makeProfitSnapshot } from '../factories/analytics.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';
import { makeAdSpendRow, makeIntegrations, makeJobRun, updateCustomer } from '../factories/rows.ts';
import { golden } from '../helpers/golden.ts';

const DAY_MS = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + offsetDays * DAY_MS).toISOString().slice(0, 10);

describeEachDatabase('v1 account summaries', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let checker: OpenApiChecker;
  let a: { id: string; key: string };
  let b: { id: string; key: string };

  const get = async (path: string, key?: string) => {
    const res = await fetch(`${app.url}/api/v1${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    checker.check('GET', `/api/v1${path}`, res.status, await res.clone().json());
    return res;
  };
  const track = async (key: string, body: object) => {
    const res = await fetch(`${app.url}/api/v1/track`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '10000' });
    checker = await openApiChecker(app.url);
    const keys = keysService(app.db.prisma);
    const setup = async (name: string) => {
      const account = await makeAccount(app.db.prisma, { name });
      return { id: account.id, key: (await keys.createKey({ accountId: account.id, scopes: ['read', 'write'] })).key };
    };
    a = await setup('Alpha');
    b = await setup('Beta');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  test('GET /customers/segments: every segment with counts, revenue and shares; not swallowed by /customers', async () => {
    const prisma = app.db.prisma;
    const plan: Array<['vip' | 'loyal' | 'new', number]> = [
      ['vip', 500],
      ['vip', 300],
      ['loyal', 150],
      ['new', 50],
    ];
    for (const [segment, revenue] of plan) {
      const c = await makeCustomer(prisma, a.id);
      await updateCustomer(prisma, c.id, { segment, revenueTotal: revenue });
    }
    await makeCustomer(prisma, b.id);
    const body = await readJson(await get('/customers/segments', a.key));
    expect(body.data.map((s: { segment: string }) => s.segment)).toEqual(['vip', 'loyal', 'regular', 'new', 'at_risk', 'churned']);
    expect(body.totals).toEqual({ customers: 4, revenue: 1000 });
    expect(body.data[0]).toEqual({ segment: 'vip', customers: 2, revenue: 800, customer_share: 50, revenue_share: 80 });
    expect(body.data[2]).toEqual({ segment: 'regular', customers: 0, revenue: 0, customer_share: 0, revenue_share: 0 });
    expect((await readJson(await get('/customers/segments', b.key))).totals).toEqual({ customers: 1, revenue: 0 });
  });

  test('GET /ads: spend, revenue and ROAS by campaign and platform over a clamped window', async () => {
    const rows = [
      { platform: 'meta_ads' as const, campaignId: 'm-1', campaignName: 'Spring', date: isoDay(0), spend: 100, attributedRevenue: 300, clicks: 10 },
      { platform: 'meta_ads' as const, campaignId: 'm-1', campaignName: 'Spring', date: isoDay(-10), spend: 50, attributedRevenue: 0, clicks: 5 },
      { platform: 'google_ads' as const, campaignId: 'g-1', campaignName: 'Search', date: isoDay(-40), spend: 70, attributedRevenue: 70, clicks: 1 },
    ];
    for (const r of rows) await makeAdSpendRow(app.db.prisma, { accountId: a.id, ...r, date: new Date(`${r.date}T00:00:00Z`) });
    const month = await readJson(await get('/ads', a.key));
    expect(month.window_days).toBe(30);
    expect(month.data).toEqual([
      { platform: 'meta-ads', campaign_id: 'm-1', campaign_name: 'Spring', spend: 150, revenue: 300, roas: 2, clicks: 15, impressions: 0, conversions: 0 },
    ]);
    expect(month.platforms).toEqual([{ platform: 'meta-ads', spend: 150, revenue: 300, roas: 2, campaigns: 1 }]);
    const wide = await readJson(await get('/ads?days=1000', a.key));
    expect(wide.window_days).toBe(365);
    expect(wide.totals).toEqual({ spend: 220, revenue: 370, roas: 1.68 });
    expect((await readJson(await get('/ads', b.key))).data).toEqual([]);
    const bad = await get('/ads?days=0', a.key);
    expect([bad.status, (await readJson(bad)).param]).toEqual([400, 'days']);
  });

  test('GET /creatives: an honest empty list (no data source provides creatives)', async () => {
    expect(await readJson(await get('/creatives', a.key))).toEqual(golden('creatives-empty'));
  });

  test('GET /conversations: conversation.* track events grouped per conversation, latest first', async () => {
    await track(a.key, { event: 'conversation.started', props: { conversation_id: 'c-1', channel: 'chat' }, visitor_id: 'v-1' });
    await track(a.key, { event: 'conversation.message', props: { conversation_id: 'c-1' }, visitor_id: 'v-1' });
    await track(a.key, { event: 'conversation.closed', props: { conversation_id: 'c-1' } });
    await track(a.key, { event: 'page.view', props: { conversation_id: 'c-1' } });
    await track(a.key, { event: 'conversation.started', session_id: 's-2' });
    await track(b.key, { event: 'conversation.started', props: { conversation_id: 'b-secret' } });
    const body = await readJson(await get('/conversations', a.key));
    expect(body.window_days).toBe(30);
    expect(body.data).toEqual([
      expect.objectContaining({ conversation_id: 's-2', status: 'open', events: 1, channel: null, last_event: 'conversation.started' }),
      expect.objectContaining({ conversation_id: 'c-1', status: 'closed', events: 3, channel: 'chat', visitor_id: 'v-1', last_event: 'conversation.closed' }),
    ]);
    expect((await readJson(await get('/conversations?limit=1', a.key))).data).toHaveLength(1);
    expect((await readJson(await get('/conversations?days=1000', a.key))).window_days).toBe(90);
    for (const bad of ['limit=0', 'days=x']) expect((await get(`/conversations?${bad}`, a.key)).status).toBe(400);
  });

  test('GET /health and GET /risks: integrations, jobs, stock-outs and a falling margin', async () => {
    const prisma = app.db.prisma;
    const now = Date.now();
    await makeIntegrations(prisma, [
      { accountId: a.id, provider: 'shopify', shop: 'alpha.myshopify.com', scopes: [], lastSyncAt: new Date(now - 60_000) },
      { accountId: a.id, provider: 'meta-ads', shop: 'act_1', scopes: [], lastSyncAt: new Date(now - 9 * DAY_MS), revokedAt: new Date(now - DAY_MS) },
      { accountId: b.id, provider: 'shopify', shop: 'beta.myshopify.com', scopes: [], lastSyncAt: new Date(now) },
    ]);
    const [first, second] = ALL_JOBS;
    await makeJobRun(prisma, { job: first!.name, accountId: a.id, status: 'succeeded', finishedAt: new Date() });
    await makeJobRun(prisma, { job: second!.name, accountId: a.id, status: 'failed', error: 'boom', finishedAt: new Date() });
    const health = await readJson(await get('/health', a.key));
    expect(health.status).toBe('attention');
    expect(health.integrations.totals).toEqual({ total: 2, connected: 1, stale: 0, revoked: 1, never_synced: 0 });
    expect(health.jobs.map((j: { job: string }) => j.job)).toEqual(
      ALL_JOBS.filter((j) => j.scope !== 'global')
        .map((j) => j.name)
        .sort(),
    );
    expect(health.jobs.find((j: { job: string }) => j.job === second!.name)).toMatchObject({ last_status: 'failed', last_error: 'boom', late: false });
    expect(health.jobs.find((j: { job: string }) => j.job === first!.name)).toMatchObject({ last_status: 'succeeded', last_error: null });
    const healthB = await readJson(await get('/health', b.key));
    expect(healthB.status).toBe('ok');
    expect(healthB.jobs.every((j: { last_run_at: null }) => j.last_run_at === null)).toBe(true);

    await makeInventoryItem(prisma, a.id, { status: 'critical', daysOfStock: 3 });
    await makeInventoryItem(prisma, a.id, { status: 'low', daysOfStock: 20 });
    await makeInventoryItem(prisma, a.id, { status: 'ok', daysOfStock: 90 });
    for (let d = 1; d <= 14; d++) {
      const profit = d <= 7 ? '100.00' : '300.00'; // margin 10% last week, 30% the week before
      await makeProfitSnapshot(prisma, a.id, isoDay(-d), { grossRevenue: '1000.00', finalProfit: profit });
    }
    const risks = await readJson(await get('/risks', a.key));
    expect(risks.data.map((r: { category: string; severity: string }) => `${r.category}:${r.severity}`)).toEqual([
      'integration_dropped:high',
      'stockout:high',
      'falling_margin:high',
    ]);
    expect(risks.data[1].evidence).toMatchObject({ critical: 1, low: 1 });
    expect(risks.data[2].evidence).toEqual({ margin_pct_last_7d: 10, margin_pct_previous_7d: 30 });
    expect((await readJson(await get('/risks', b.key))).data).toEqual([]);
  });
});
