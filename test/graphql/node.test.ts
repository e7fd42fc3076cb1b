// Global ids and node(id): every Node type's id, read from its list, refetches the same object
// through node(id) and nodes(ids) for its own account, and is null for another account, an
// unknown type or garbage (no error that would tell it exists). legacyId keeps the v1 id, and id
// arguments take either form.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount, makeCustomer, makeOrder } from '../factories/index.ts';
import { makeAnomaly, makeInsight, makeInventoryItem, makeReorderSuggestion } from '../factories/analytics.ts';
import { makeCreditTransaction, makeIntegration, makeOutboxEvent, makeWebhookDelivery, makeWebhookSubscription } from '../factories/rows.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { toGlobalId } from '../../src/graphql/global-id.ts';
import { codes, gql, JWT_SECRET, sessionToken } from './helpers.ts';

/** Where each Node type is listed, and the v1 id it should carry. */
type Seen = { type: string; id: string; legacy: number | string };

describeEachDatabase('GraphQL global ids and node', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  const accounts: Array<{ id: string; key: string; session: string }> = [];

  async function seed(name: string) {
    const prisma = app.db.prisma;
    const account = await makeAccount(prisma, { name });
    const key = (await keysService(prisma).createKey({ accountId: account.id, scopes: ['read', 'write'] })).key;
    const customer = await makeCustomer(prisma, account.id);
    await makeOrder(prisma, account.id, customer.id, { total: 10, placedAt: new Date() });
    await makeAnomaly(prisma, account.id, { detectedAt: new Date() });
    await makeInsight(prisma, account.id);
    const item = await makeInventoryItem(prisma, account.id);
    await makeReorderSuggestion(prisma, account.id, item.id);
    await makeCreditTransaction(prisma, { accountId: account.id, kind: 'grant', amount: 5, balanceAfter: 5 });
    await makeIntegration(prisma, { accountId: account.id, provider: 'shopify', shop: `${name}.myshopify.com`, scopes: ['read_orders'] });
    const webhook = await makeWebhookSubscription(prisma, { accountId: account.id, url: `https://${name}.example/hook`, events: ['*'], secret: 'whsec_x' });
    const event = await makeOutboxEvent(prisma, { eventId: `evt_node_${name}_${target.name}`, accountId: account.id, name: 'credits.low', data: {} });
    const suffix = `${name}${target.name}`.toLowerCase().replace(/[^a-z0-9]/g, '');
    await makeWebhookDelivery(prisma, { deliveryId: `dlv_${suffix.padEnd(24, '0').slice(0, 24)}`, eventId: event.id, subscriptionId: webhook.id });
    accounts.push({ id: account.id, key, session: await sessionToken(account.id) });
  }

  /** Every Node of the account as its lists show it: type, global id and v1 id. */
  async function listed(account: { session: string }): Promise<Seen[]> {
    const r = await gql(
      app,
      account.session,
      `{ viewer { account { id userId } apiKeys { id legacyId } credits { transactions(first: 5) { nodes { id legacyId } } } }
         customers(first: 5) { nodes { id legacyId recentOrders(first: 5) { id legacyId } } }
         insights(first: 5) { nodes { id legacyId } } anomalies(days: 7) { nodes { id legacyId } }
         inventory(first: 5) { nodes { id legacyId } } reorderSuggestions(first: 5) { nodes { id legacyId } }
         integrations { nodes { id legacyId } }
         webhooks { id legacyId deliveries(first: 5) { nodes { id deliveryId } } } }`,
    );
    expect(r.body.errors).toBeUndefined();
    const d = r.body.data;
    const one = (type: string, v: { id: string; legacyId?: number; userId?: string; deliveryId?: string }): Seen => ({
      type,
      id: v.id,
      legacy: v.legacyId ?? v.userId ?? v.deliveryId!,
    });
    return [
      one('Account', d.viewer.account),
      one('ApiKey', d.viewer.apiKeys[0]),
      one('CreditTransaction', d.viewer.credits.transactions.nodes[0]),
      one('Customer', d.customers.nodes[0]),
      one('Order', d.customers.nodes[0].recentOrders[0]),
      one('Insight', d.insights.nodes[0]),
      one('Anomaly', d.anomalies.nodes[0]),
      one('InventoryItem', d.inventory.nodes[0]),
      one('ReorderSuggestion', d.reorderSuggestions.nodes[0]),
      one('Integration', d.integrations.nodes[0]),
      one('WebhookSubscription', d.webhooks[0]),
      one('WebhookDelivery', d.webhooks[0].deliveries.nodes[0]),
    ];
  }

  const NODE = `query($id: ID!) { node(id: $id) { __typename id
    ... on Account { userId } ... on WebhookDelivery { deliveryId }
    ... on Customer { legacyId } ... on Order { legacyId } ... on Insight { legacyId } ... on Anomaly { legacyId }
    ... on InventoryItem { legacyId } ... on ReorderSuggestion { legacyId } ... on CreditTransaction { legacyId }
    ... on Integration { legacyId } ... on WebhookSubscription { legacyId } ... on ApiKey { legacyId } } }`;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '10000', JWT_SECRET });
    await seed('NodeA');
    await seed('NodeB');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('gives every Node type an opaque global id naming its type, and legacyId the v1 id', async () => {
    const seen = await listed(accounts[0]!);
    expect(seen.map((s) => s.type)).toHaveLength(12);
    for (const s of seen) expect(s.id).toBe(toGlobalId(s.type, s.legacy));
    expect(seen.find((s) => s.type === 'Account')!.legacy).toBe(accounts[0]!.id);
  });

  it('refetches every Node type by its id with node and nodes, within the account', async () => {
    const [a, b] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
    const seen = await listed(a);
    for (const s of seen) {
      const own = await gql(app, a.session, NODE, { id: s.id });
      expect(own.body.errors).toBeUndefined();
      expect({ type: s.type, node: own.body.data.node }).toEqual({
        type: s.type,
        node: expect.objectContaining({ __typename: s.type, id: s.id }),
      });
      expect(Object.values(own.body.data.node)).toContain(s.legacy);
      // Another account (session and key alike) gets null, and no error.
      for (const caller of [b.session, b.key]) {
        const foreign = await gql(app, caller, NODE, { id: s.id });
        expect({ type: s.type, body: foreign.body.data }).toEqual({ type: s.type, body: { node: null } });
        expect(foreign.body.errors).toBeUndefined();
      }
    }
    const many = await gql(app, a.session, 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }', { ids: [...seen.map((s) => s.id), 'garbage'] });
    expect(many.body.errors).toBeUndefined();
    expect(many.body.data.nodes).toEqual([...seen.map((s) => ({ __typename: s.type, id: s.id })), null]);
  });

  it('answers null for unknown types, unknown ids and anything that is not a global id', async () => {
    const [a] = accounts as [(typeof accounts)[0]];
    for (const id of [
      toGlobalId('Planet', 1),
      toGlobalId('Customer', 999_999),
      toGlobalId('Customer', 'x'),
      toGlobalId('Customer', 0),
      '1',
      '',
      'not base64!',
      'Q3VzdG9tZXI6MQ==',
    ]) {
      const r = await gql(app, a.key, NODE, { id });
      expect({ id, body: r.body.data }).toEqual({ id, body: { node: null } });
      expect(r.body.errors).toBeUndefined();
    }
  });

  it('bounds nodes(ids) to 100 ids', async () => {
    const [a] = accounts as [(typeof accounts)[0]];
    const ok = await gql(app, a.key, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: Array(100).fill('x') });
    expect(ok.body.data.nodes).toHaveLength(100);
    const over = await gql(app, a.key, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: Array(101).fill('x') });
    expect(over.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'invalid_parameter', param: 'ids' } })]);
  });

  it('takes a global id or the v1 id in id arguments, and refuses a global id of another type', async () => {
    const [a] = accounts as [(typeof accounts)[0]];
    const seen = await listed(a);
    const customer = seen.find((s) => s.type === 'Customer')!;
    const insight = seen.find((s) => s.type === 'Insight')!;
    for (const id of [customer.id, String(customer.legacy)]) {
      const r = await gql(app, a.key, 'query($id: ID!) { customer(id: $id) { id } }', { id });
      expect(r.body.data.customer).toEqual({ id: customer.id });
    }
    const wrongType = await gql(app, a.key, 'query($id: ID!) { customer(id: $id) { id } }', { id: insight.id });
    expect(codes(wrongType)).toEqual(['invalid_parameter']);
    const set = await gql(
      app,
      a.key,
      'mutation($id: ID!) { setInsightStatus(input: { id: $id, status: resolved }) { insight { id status } userErrors { code } } }',
      {
        id: insight.id,
      },
    );
    expect(set.body.data.setInsightStatus).toEqual({ insight: { id: insight.id, status: 'resolved' }, userErrors: [] });
  });

  it("counts a subscription's deliveries in totalCount, over every page and within the filter", async () => {
    const [a] = accounts as [(typeof accounts)[0]];
    const prisma = app.db.prisma;
    const webhook = (await prisma.webhookSubscription.findFirst({ where: { accountId: a.id } }))!;
    for (const [i, status] of (['failed', 'failed'] as const).entries()) {
      const event = await makeOutboxEvent(prisma, { eventId: `evt_count_${i}_${target.name}`, accountId: a.id, name: 'credits.low', data: {} });
      const suffix = `count${i}${target.name}`.toLowerCase().replace(/[^a-z0-9]/g, '');
      await makeWebhookDelivery(prisma, { deliveryId: `dlv_${suffix.padEnd(24, '0').slice(0, 24)}`, eventId: event.id, subscriptionId: webhook.id, status });
    }
    const r = await gql(
      app,
      a.key,
      `{ webhooks { all: deliveries(first: 1) { totalCount nodes { id } pageInfo { hasNextPage } }
                    failed: deliveries(status: failed) { totalCount }
                    none: deliveries(event: "ai.paused") { totalCount nodes { id } } } }`,
    );
    expect(r.body.errors).toBeUndefined();
    const w = r.body.data.webhooks[0];
    expect(w.all).toEqual({ totalCount: 3, nodes: [expect.any(Object)], pageInfo: { hasNextPage: true } });
    expect(w.failed).toEqual({ totalCount: 2 });
    expect(w.none).toEqual({ totalCount: 0, nodes: [] });
  });
});
