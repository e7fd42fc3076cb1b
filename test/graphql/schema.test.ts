// The GraphQL door over real HTTP: every area's reads against data made by the factories, Relay
// pages both ways with sorting and filters, the mutations (and that bad ones change nothing),
// scopes and session-only fields, error codes, and the rate-limit headers and 429.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount, makeCustomer, makeOrder } from '../factories/index.ts';
import { makeAnomaly, makeInsight, makeInventoryItem, makeProfitSnapshot, makeReorderSuggestion } from '../factories/analytics.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { localDate } from '../../src/domain/shared/index.ts';
import { toGlobalId } from '../../src/graphql/global-id.ts';
import { userErrorCodes, codes, gql, JWT_SECRET, sessionToken } from './helpers.ts';
import { makeCreditTransactions, updateCustomer, updateInsight } from '../factories/rows.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachDatabase('GraphQL schema', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let accountId: string;
  let key: string;
  let readOnly: string;
  let writeOnly: string;
  let customers: Array<{ id: number; revenue: number }>;
  let insightId: number;
  let anomalyId: number;
  let itemId: number;
  let suggestionId: number;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '1000', JWT_SECRET });
    const prisma = app.db.prisma;
    const account = await makeAccount(prisma, { plan: 'growth' });
    accountId = account.id;
    const keys = keysService(prisma);
    key = (await keys.createKey({ accountId, scopes: ['read', 'write'] })).key;
    readOnly = (await keys.createKey({ accountId, scopes: ['read'] })).key;
    writeOnly = (await keys.createKey({ accountId, scopes: ['write'] })).key;
    customers = [];
    for (let i = 0; i < 7; i++) {
      const c = await makeCustomer(prisma, accountId, { source: i % 3 === 0 ? 'woo_commerce' : 'shopify' });
      const revenue = [50, 400, 120, 990, 10, 300, 75][i]!;
      await updateCustomer(prisma, c.id, {
        revenueTotal: revenue,
        segment: i % 2 ? 'vip' : 'regular',
        lastPurchaseAt: i === 4 ? null : new Date(Date.UTC(2026, 0, 1 + i * 3)),
      });
      for (let o = 0; o < 3; o++) await makeOrder(prisma, accountId, c.id, { total: 10 + o, placedAt: new Date(Date.UTC(2026, 0, 1 + o)) });
      customers.push({ id: c.id, revenue });
    }
    const anomaly = await makeAnomaly(prisma, accountId, { detectedAt: new Date(), correlatedMetrics: [{ metric: 'ad_spend', modz: 4.2, direction: 'up' }] });
    anomalyId = anomaly.id;
    const insight = await makeInsight(prisma, accountId, { severity: 'high', category: 'anomaly' });
    await updateInsight(prisma, insight.id, { relatedAnomalyId: anomaly.id });
    insightId = insight.id;
    await makeInsight(prisma, accountId, { status: 'resolved', resolvedAt: new Date() });
    const item = await makeInventoryItem(prisma, accountId, { status: 'critical' });
    itemId = item.id;
    suggestionId = (await makeReorderSuggestion(prisma, accountId, item.id)).id;
    await makeReorderSuggestion(prisma, accountId, item.id, { status: 'ordered' });
    await makeProfitSnapshot(prisma, accountId, localDate(new Date(), 'UTC'), { grossRevenue: '1234.50' });
    await makeCreditTransactions(
      prisma,
      [1, 2, 3].map((n) => ({ accountId, kind: 'grant' as const, amount: 100, balanceAfter: 100 * n, meta: { campaign_id: `c${n}` } })),
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers the viewer, its credits and the budget', async () => {
    const r = await gql(
      app,
      key,
      '{ viewer { account { userId plan createdAt } scopes credential apiKeys { id } credits { balance autoTopup { enabled threshold } transactions(first: 2) { nodes { kind amount balanceAfter meta createdAt } pageInfo { hasNextPage hasPreviousPage } } } } rateLimit { limit cost remaining resetAt queryCost } }',
    );
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    const v = r.body.data.viewer;
    expect(v.account).toEqual({ userId: accountId, plan: 'growth', createdAt: expect.stringMatching(ISO) });
    expect(v.scopes).toEqual(['read', 'write']);
    expect(v.credential).toBe('api_key');
    expect(v.apiKeys).toBeNull();
    expect(v.credits.transactions.nodes.map((t: { balanceAfter: number }) => t.balanceAfter)).toEqual([300, 200]);
    expect(v.credits.transactions.nodes[0].meta).toEqual({ campaign_id: 'c3' });
    expect(v.credits.transactions.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    const rl = r.body.data.rateLimit;
    expect(rl).toEqual({
      limit: 1000,
      cost: 1,
      remaining: Number(r.headers.get('x-ratelimit-remaining')),
      resetAt: expect.stringMatching(ISO),
      queryCost: r.body.extensions.cost.requestedQueryCost,
    });
    expect(r.body.extensions.cost).toEqual({
      requestedQueryCost: expect.any(Number),
      actualQueryCost: expect.any(Number),
      maximumQueryCost: 1000,
      // The points bucket (cost.test.ts covers taking, refunds and throttling).
      throttleStatus: { maximumAvailable: 1000, currentlyAvailable: expect.any(Number), restoreRate: 50 },
    });
    expect(r.body.extensions.cost.actualQueryCost).toBeLessThanOrEqual(r.body.extensions.cost.requestedQueryCost);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
  });

  it('pages customers forward and backward, with filters and every sort', async () => {
    const ids = (r: { body: { data: { customers: { nodes: Array<{ legacyId: number }> } } } }) => r.body.data.customers.nodes.map((n) => n.legacyId);
    const newestFirst = customers.map((c) => c.id).sort((x, y) => y - x);
    const q =
      'query($first: Int, $after: String, $last: Int, $before: String, $order: CustomerOrder, $source: CommerceSource, $segment: CustomerSegment) { customers(first: $first, after: $after, last: $last, before: $before, orderBy: $order, source: $source, segment: $segment) { edges { cursor } nodes { legacyId revenueTotal source segment } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }';
    const p1 = await gql(app, key, q, { first: 3 });
    expect(ids(p1)).toEqual(newestFirst.slice(0, 3));
    expect(p1.body.data.customers.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const p2 = await gql(app, key, q, { first: 3, after: p1.body.data.customers.pageInfo.endCursor });
    expect(ids(p2)).toEqual(newestFirst.slice(3, 6));
    expect(p2.body.data.customers.pageInfo.hasPreviousPage).toBe(true);
    const back = await gql(app, key, q, { last: 2, before: p2.body.data.customers.pageInfo.startCursor });
    expect(ids(back)).toEqual(newestFirst.slice(1, 3));
    expect(back.body.data.customers.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const tail = await gql(app, key, q, { last: 2 });
    expect(ids(tail)).toEqual(newestFirst.slice(-2));

    const byRevenue = [...customers].sort((x, y) => y.revenue - x.revenue).map((c) => c.id);
    const r1 = await gql(app, key, q, { first: 4, order: { field: 'REVENUE', direction: 'DESC' } });
    expect(ids(r1)).toEqual(byRevenue.slice(0, 4));
    const r2 = await gql(app, key, q, { first: 4, after: r1.body.data.customers.pageInfo.endCursor, order: { field: 'REVENUE', direction: 'DESC' } });
    expect(ids(r2)).toEqual(byRevenue.slice(4));
    const asc = await gql(app, key, q, { first: 10, order: { field: 'REVENUE', direction: 'ASC' } });
    expect(ids(asc)).toEqual([...byRevenue].reverse());
    // A customer without a purchase sorts as the oldest last purchase.
    const byLast = await gql(app, key, q, { first: 10, order: { field: 'LAST_PURCHASE', direction: 'DESC' } });
    expect(ids(byLast)).toEqual([6, 5, 3, 2, 1, 0, 4].map((i) => customers[i]!.id));
    const lastPage = await gql(app, key, q, {
      first: 3,
      after: byLast.body.data.customers.edges[3].cursor,
      order: { field: 'LAST_PURCHASE', direction: 'DESC' },
    });
    expect(ids(lastPage)).toEqual([1, 0, 4].map((i) => customers[i]!.id));
    // A cursor of another order is refused.
    const mixed = await gql(app, key, q, { first: 3, after: r1.body.data.customers.pageInfo.endCursor });
    expect(codes(mixed)).toEqual(['invalid_parameter']);
    expect(mixed.body.errors[0].extensions.param).toBe('after');

    const woo = await gql(app, key, q, { first: 10, source: 'woo_commerce' });
    expect(ids(woo)).toEqual([6, 3, 0].map((i) => customers[i]!.id));
    const vip = await gql(app, key, q, { first: 10, segment: 'vip', source: 'shopify' });
    expect(ids(vip)).toEqual([5, 1].map((i) => customers[i]!.id));
  });

  it('follows the graph: customer -> recent orders -> customer, insight -> anomaly, item <-> suggestions', async () => {
    const c = customers[2]!.id;
    const r = await gql(
      app,
      key,
      `{ customer(id: "${c}") { id recentOrders(first: 2) { totalAmount placedAt customer { id } } } insights(first: 5, status: open) { nodes { id relatedAnomaly { id metric correlatedMetrics { metric modz direction } } } } inventory(first: 10) { summary { total critical } nodes { id reorderSuggestions(status: pending) { id status inventoryItem { id sku } } } } }`,
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.customer).toEqual({
      id: toGlobalId('Customer', c),
      recentOrders: [
        { totalAmount: '12.00', placedAt: '2026-01-03T00:00:00.000Z', customer: { id: toGlobalId('Customer', c) } },
        { totalAmount: '11.00', placedAt: '2026-01-02T00:00:00.000Z', customer: { id: toGlobalId('Customer', c) } },
      ],
    });
    expect(r.body.data.insights.nodes).toEqual([
      {
        id: toGlobalId('Insight', insightId),
        relatedAnomaly: { id: toGlobalId('Anomaly', anomalyId), metric: 'roas', correlatedMetrics: [{ metric: 'ad_spend', modz: 4.2, direction: 'up' }] },
      },
    ]);
    expect(r.body.data.inventory.summary).toEqual({ total: 1, critical: 1 });
    expect(r.body.data.inventory.nodes[0].reorderSuggestions).toEqual([
      {
        id: toGlobalId('ReorderSuggestion', suggestionId),
        status: 'pending',
        inventoryItem: { id: toGlobalId('InventoryItem', itemId), sku: expect.any(String) },
      },
    ]);
  });

  it('reads integrations, webhooks, anomalies, profit, reorder suggestions and the service status', async () => {
    const r = await gql(
      app,
      key,
      '{ integrations { totals { total neverSynced } nodes { provider } } webhooks { id } anomalies(days: 7) { windowDays nodes { id kind severity } } profit(days: 400) { windowDays totals { daysReturned grossRevenue } days { snapshotDate grossRevenue marginPct } } reorderSuggestions(first: 1) { nodes { id } pageInfo { hasNextPage } } status { status database { status latencyMs } commit env checkedAt } }',
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.integrations).toEqual({ totals: { total: 0, neverSynced: 0 }, nodes: [] });
    expect(r.body.data.webhooks).toEqual([]);
    expect(r.body.data.anomalies).toEqual({ windowDays: 7, nodes: [{ id: toGlobalId('Anomaly', anomalyId), kind: 'univariate', severity: 'high' }] });
    expect(r.body.data.profit).toEqual({
      windowDays: 365,
      totals: { daysReturned: 1, grossRevenue: '1234.5' },
      days: [{ snapshotDate: localDate(new Date(), 'UTC'), grossRevenue: '1234.5', marginPct: '37' }],
    });
    expect(r.body.data.reorderSuggestions.pageInfo.hasNextPage).toBe(true);
    expect(r.body.data.status).toEqual({
      status: expect.stringMatching(/^(operational|degraded)$/),
      database: { status: 'ok', latencyMs: expect.any(Number) },
      commit: 'testcommit',
      env: 'test',
      checkedAt: expect.stringMatching(ISO),
    });
  });

  it('runs the mutations, and refuses bad moves with the REST codes', async () => {
    const set = (status: string) =>
      gql(app, key, `mutation { setInsightStatus(input: { id: "${insightId}", status: ${status} }) { insight { status resolvedAt } userErrors { code } } }`);
    expect((await set('resolved')).body.data.setInsightStatus.insight).toEqual({ status: 'resolved', resolvedAt: expect.stringMatching(ISO) });
    expect(userErrorCodes(await set('dismissed'))).toEqual(['conflict']);
    expect((await set('open')).body.data.setInsightStatus.insight).toEqual({ status: 'open', resolvedAt: null });

    const reorder = (status: string) =>
      gql(app, key, `mutation { setReorderStatus(input: { id: "${suggestionId}", status: ${status} }) { reorderSuggestion { status } userErrors { code } } }`);
    expect((await reorder('dismissed')).body.data.setReorderStatus.reorderSuggestion.status).toBe('dismissed');
    expect((await reorder('pending')).body.data.setReorderStatus.reorderSuggestion.status).toBe('pending');
    expect((await reorder('ordered')).body.data.setReorderStatus.reorderSuggestion.status).toBe('ordered');
    expect(userErrorCodes(await reorder('pending'))).toEqual(['conflict']);

    const c = customers[0]!.id;
    const contact = await gql(
      app,
      key,
      `mutation($input: UpdateCustomerContactInput!) { updateCustomerContact(input: $input) { customer { id email name phone city country revenueTotal } } }`,
      { input: { id: String(c), email: 'new@example.com', phone: '+1 555 0100', country: 'ca' } },
    );
    expect(contact.body.data.updateCustomerContact.customer).toMatchObject({
      id: toGlobalId('Customer', c),
      email: 'new@example.com',
      phone: '+1 555 0100',
      country: 'CA',
      revenueTotal: '50.00',
    });
    const badEmail = await gql(
      app,
      key,
      `mutation { updateCustomerContact(input: { id: "${c}", email: "nope", name: "Changed" }) { customer { id } userErrors { field code message } } }`,
    );
    expect(badEmail.body.errors).toBeUndefined();
    expect(badEmail.body.data.updateCustomerContact).toEqual({
      customer: null,
      userErrors: [{ field: ['input', 'email'], code: 'invalid_parameter', message: 'email: an e-mail address' }],
    });
    expect((await app.db.prisma.customer.findUniqueOrThrow({ where: { id: c } })).name).not.toBe('Changed');

    const created = await gql(
      app,
      key,
      'mutation { createWebhook(input: { url: "https://93.184.215.14/hook", events: ["anomaly.detected"] }) { secret warning webhook { id url events active } } }',
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createWebhook.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    const listed = await gql(app, key, '{ webhooks { id events } }');
    expect(listed.body.data.webhooks).toEqual([{ id: created.body.data.createWebhook.webhook.id, events: ['anomaly.detected'] }]);
    const badEvents = await gql(
      app,
      key,
      'mutation { createWebhook(input: { url: "https://93.184.215.14/x", events: ["integration.broken"] }) { secret userErrors { field code } } }',
    );
    expect(badEvents.body.data.createWebhook).toEqual({ secret: null, userErrors: [{ field: ['input', 'events'], code: 'invalid_events' }] });
    const revoked = await gql(app, key, `mutation { revokeWebhook(input: { id: "${created.body.data.createWebhook.webhook.id}" }) { revokedWebhookId } }`);
    expect(revoked.body.data.revokeWebhook.revokedWebhookId).toBe(created.body.data.createWebhook.webhook.id);
    expect(
      userErrorCodes(
        await gql(
          app,
          key,
          `mutation { revokeWebhook(input: { id: "${created.body.data.createWebhook.webhook.id}" }) { revokedWebhookId userErrors { code } } }`,
        ),
      ),
    ).toEqual(['not_found']);

    const tracked = await gql(app, key, 'mutation { trackEvent(input: { event: "signup.done", props: { plan: "pro", n: 2 }, visitorId: "v1" }) { eventId } }');
    const stored = await app.db.prisma.trackEvent.findFirstOrThrow({ where: { id: BigInt(tracked.body.data.trackEvent.eventId) } });
    expect(stored).toMatchObject({ accountId, event: 'signup.done', props: { plan: 'pro', n: 2 }, visitorId: 'v1' });
    const badEvent = await gql(app, key, 'mutation { trackEvent(input: { event: "bad name!" }) { eventId userErrors { field code } } }');
    expect(badEvent.body.data.trackEvent).toEqual({ eventId: null, userErrors: [{ field: ['input', 'event'], code: 'invalid_event_name' }] });
  });

  it('checks scopes as REST does, and keeps key management to dashboard sessions', async () => {
    expect(codes(await gql(app, writeOnly, '{ viewer { scopes } }'))).toEqual(['scope_required:read']);
    expect(codes(await gql(app, readOnly, 'mutation { trackEvent(input: { event: "x" }) { eventId } }'))).toEqual(['scope_required:write']);
    expect(codes(await gql(app, key, 'mutation { createApiKey(input: { scopes: [read] }) { key } }'))).toEqual(['session_required']);
    const session = await sessionToken(accountId);
    const created = await gql(app, session, 'mutation { createApiKey(input: { scopes: [read], name: "dash" }) { key apiKey { id name scopes revokedAt } } }');
    expect(created.body.errors).toBeUndefined();
    const newKey = created.body.data.createApiKey;
    expect(newKey.key).toMatch(/^svc_test_/);
    expect(newKey.apiKey).toMatchObject({ name: 'dash', scopes: ['read'], revokedAt: null });
    expect((await gql(app, newKey.key, '{ viewer { scopes } }')).body.data.viewer.scopes).toEqual(['read']);
    const listed = await gql(app, session, '{ viewer { credential apiKeys { id } } }');
    expect(listed.body.data.viewer.credential).toBe('session');
    expect(listed.body.data.viewer.apiKeys.map((k: { id: string }) => k.id)).toContain(newKey.apiKey.id);
    const revoked = await gql(app, session, `mutation { revokeApiKey(input: { id: "${newKey.apiKey.id}" }) { alreadyRevoked apiKey { revokedAt } } }`);
    expect(revoked.body.data.revokeApiKey).toEqual({ alreadyRevoked: false, apiKey: { revokedAt: expect.stringMatching(ISO) } });
    const after = await gql(app, newKey.key, '{ viewer { scopes } }');
    expect(after.status).toBe(401);
    expect(codes(after)).toEqual(['key_revoked']);
  });

  it('suggests field names outside production', async () => {
    const typo = await gql(app, key, '{ viewer { scope } }');
    expect(typo.body.errors[0].message).toMatch(/Did you mean "scopes"\?/);
  });
});

describeEachDatabase('GraphQL rate limit', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '3' });
    const account = await makeAccount(app.db.prisma);
    key = (await keysService(app.db.prisma).createKey({ accountId: account.id, scopes: ['read'] })).key;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('spends the budget REST spends, with the same headers, and answers 429 when it is gone', async () => {
    const rest = await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(rest.headers.get('x-ratelimit-remaining')).toBe('2');
    const first = await gql(app, key, '{ rateLimit { remaining limit } }');
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(first.body.data.rateLimit).toEqual({ remaining: 1, limit: 3 });
    await gql(app, key, '{ __typename }');
    const refused = await gql(app, key, '{ viewer { scopes } }');
    expect(refused.status).toBe(429);
    expect(codes(refused)).toEqual(['rate_limit_exceeded']);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const restAfter = await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(restAfter.status).toBe(429);
  });
});
