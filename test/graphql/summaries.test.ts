// REST parity: the account summaries (segments, risks, health with jobs, creatives,
// conversations) answer through GraphQL what GET /api/v1 answers for the same account.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount, makeCustomer } from '../factories/index.ts';
import { makeInventoryItem } from '../factories/analytics.ts';
import { makeIntegrations, makeJobRun, updateCustomer } from '../factories/rows.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { gql } from './helpers.ts';

describeEachDatabase('GraphQL account summaries', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const rest = async (path: string): Promise<any> => readJson(await fetch(`${app.url}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } }));

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '1000' });
    const prisma = app.db.prisma;
    const account = await makeAccount(prisma);
    key = (await keysService(prisma).createKey({ accountId: account.id, scopes: ['read', 'write'] })).key;
    const vip = await makeCustomer(prisma, account.id);
    await updateCustomer(prisma, vip.id, { segment: 'vip', revenueTotal: 300 });
    await makeCustomer(prisma, account.id);
    await makeInventoryItem(prisma, account.id, { currentStock: 1, status: 'critical' });
    await makeIntegrations(prisma, [
      { accountId: account.id, provider: 'shopify', shop: 'a.myshopify.com', scopes: [], status: 'revoked', revokedAt: new Date() },
    ]);
    await makeJobRun(prisma, { job: 'profit-snapshot', accountId: account.id, status: 'failed', error: 'boom', startedAt: new Date(), finishedAt: new Date() });
    for (const event of ['conversation.started', 'conversation.closed']) {
      await fetch(`${app.url}/api/v1/track`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ event, visitor_id: 'v1', props: { conversation_id: 'c1', channel: 'chat' } }),
      });
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers what the REST summaries answer', async () => {
    const r = await gql(
      app,
      key,
      `{ customerSegments { segments { segment customers revenue { amount } customerShare revenueShare } totalCustomers totalRevenue { amount currencyCode } }
         risks { category severity title detail evidence }
         accountHealth { status integrations { provider shop status } integrationTotals { total revoked } jobs { job lastStatus lastError late } }
         creatives { nodes { creativeId } sources }
         conversations(days: 30, first: 10) { windowDays nodes { conversationId channel visitorId closed lastEvent events } } }`,
    );
    expect(r.body.errors).toBeUndefined();
    const d = r.body.data;
    const segments = await rest('/customers/segments');
    expect(d.customerSegments.segments).toEqual(
      segments.data.map((s: { segment: string; customers: number; revenue: number; customer_share: number; revenue_share: number }) => ({
        segment: s.segment,
        customers: s.customers,
        revenue: { amount: s.revenue.toFixed(2) },
        customerShare: s.customer_share,
        revenueShare: s.revenue_share,
      })),
    );
    expect(d.customerSegments.totalCustomers).toBe(2);
    expect(d.customerSegments.totalRevenue.currencyCode).toBe('USD');

    const risks = await rest('/risks');
    expect(d.risks.map((x: { category: string }) => x.category.toLowerCase())).toEqual(risks.data.map((x: { category: string }) => x.category));
    expect(d.risks.map((x: { title: string; evidence: unknown }) => [x.title, x.evidence])).toEqual(
      risks.data.map((x: { title: string; evidence: unknown }) => [x.title, x.evidence]),
    );
    expect(d.risks.map((x: { category: string }) => x.category)).toEqual(expect.arrayContaining(['INTEGRATION_DROPPED', 'STOCKOUT']));

    const health = await rest('/health');
    expect(d.accountHealth.status).toBe(health.status.toUpperCase());
    expect(d.accountHealth.integrationTotals).toEqual({ total: 1, revoked: 1 });
    expect(d.accountHealth.jobs.map((j: { job: string; lastError: string | null; late: boolean }) => [j.job, j.lastError, j.late])).toEqual(
      health.jobs.map((j: { job: string; last_error: string | null; late: boolean }) => [j.job, j.last_error, j.late]),
    );
    expect(d.accountHealth.jobs.find((j: { job: string }) => j.job === 'profit-snapshot')).toMatchObject({ lastStatus: 'FAILED', lastError: 'boom' });

    expect(d.creatives).toEqual({ nodes: [], sources: [] });
    const conversations = await rest('/conversations?days=30&limit=10');
    expect(d.conversations.windowDays).toBe(conversations.window_days);
    expect(d.conversations.nodes).toEqual([
      { conversationId: 'c1', channel: 'chat', visitorId: 'v1', closed: true, lastEvent: 'conversation.closed', events: 2 },
    ]);
    expect(conversations.data.map((c: { conversation_id: string }) => c.conversation_id)).toEqual(['c1']);
  });
});
