// Tenancy: account A's key never reaches account B's rows through any field, argument, id or
// cursor, and A's mutations on B's ids answer not_found and change nothing. Also the
// production defaults (no introspection, no field suggestions) and the field-level rate limits.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount, makeCustomer, makeOrder } from '../factories/index.ts';
import { makeAnomaly, makeInsight, makeInventoryItem, makeReorderSuggestion } from '../factories/analytics.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { codes, gql, JWT_SECRET, sessionToken, userErrorCodes, type GqlAnswer } from './helpers.ts';
import { makeCreditTransaction, makeWebhookSubscription, updateInsight } from '../factories/rows.ts';

describeEachDatabase('GraphQL tenancy', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let a: { id: string; key: string };
  let b: { id: string; key: string; customer: number; insight: number; suggestion: number; webhook: number; keyId: number };

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '10000', JWT_SECRET });
    const prisma = app.db.prisma;
    const keys = keysService(prisma);
    const accountA = await makeAccount(prisma, { name: 'A' });
    const accountB = await makeAccount(prisma, { name: 'B' });
    a = { id: accountA.id, key: (await keys.createKey({ accountId: accountA.id, scopes: ['read', 'write'] })).key };
    await makeCustomer(prisma, accountA.id);
    const customer = await makeCustomer(prisma, accountB.id, { email: 'secret@b.example' });
    await makeOrder(prisma, accountB.id, customer.id, { total: 99, placedAt: new Date() });
    const anomaly = await makeAnomaly(prisma, accountB.id, { detectedAt: new Date() });
    const insight = await makeInsight(prisma, accountB.id);
    await updateInsight(prisma, insight.id, { relatedAnomalyId: anomaly.id });
    const item = await makeInventoryItem(prisma, accountB.id);
    const suggestion = await makeReorderSuggestion(prisma, accountB.id, item.id);
    const webhook = await makeWebhookSubscription(prisma, { accountId: accountB.id, url: 'https://b.example/hook', events: ['*'], secret: 'whsec_x' });
    const keyB = await keys.createKey({ accountId: accountB.id, scopes: ['read'] });
    await makeCreditTransaction(prisma, { accountId: accountB.id, kind: 'grant', amount: 5, balanceAfter: 5 });
    b = { id: accountB.id, key: keyB.key, customer: customer.id, insight: insight.id, suggestion: suggestion.id, webhook: webhook.id, keyId: keyB.id };
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("lists and follows only the caller account's rows", async () => {
    const r = await gql(
      app,
      a.key,
      `{
      viewer { account { userId } credits { transactions(first: 50) { nodes { id } } } }
      customers(first: 10) { nodes { id email recentOrders(first: 20) { id } } }
      insights(first: 50) { nodes { id relatedAnomaly { id } } }
      anomalies(days: 90) { nodes { id } }
      inventory(first: 50) { nodes { id } summary { total } }
      reorderSuggestions(first: 50) { nodes { id } }
      webhooks { id }
      integrations { totals { total } }
    }`,
    );
    expect(r.body.errors).toBeUndefined();
    const text = JSON.stringify(r.body.data);
    expect(r.body.data.viewer.account.userId).toBe(a.id);
    expect(text).not.toContain('secret@b.example');
    expect(r.body.data.viewer.credits.transactions.nodes).toEqual([]);
    expect(r.body.data.customers.nodes).toHaveLength(1);
    expect(r.body.data.customers.nodes[0].recentOrders).toEqual([]);
    for (const list of [
      r.body.data.insights.nodes,
      r.body.data.anomalies.nodes,
      r.body.data.inventory.nodes,
      r.body.data.reorderSuggestions.nodes,
      r.body.data.webhooks,
    ])
      expect(list).toEqual([]);
    expect(r.body.data.inventory.summary.total).toBe(0);
  });

  it("finds nothing of another account by id, and cursors only position within the caller's rows", async () => {
    const one = await gql(app, a.key, `{ customer(id: "${b.customer}") { id email } }`);
    expect(one.body).toEqual({ data: { customer: null }, extensions: expect.any(Object) });
    // B's own cursor, used by A, pages A's customers only.
    const bPage = await gql(app, b.key, '{ customers(first: 1) { pageInfo { endCursor } } }');
    const aPage = await gql(app, a.key, 'query($c: String) { customers(first: 5, before: $c) { nodes { email } } }', {
      c: bPage.body.data.customers.pageInfo.endCursor,
    });
    expect(JSON.stringify(aPage.body)).not.toContain('secret@b.example');
  });

  it("answers not_found to mutations on another account's ids and changes nothing", async () => {
    // B's key was used earlier: its last_used_at is written in the background (every 10 s). Write
    // it now, so that a background write cannot land between the two reads below (a race that
    // failed this test on a loaded machine); nothing here uses B's key until the second read.
    await app.services.auth.flushLastUsed();
    const before = await app.db.prisma.$transaction([
      app.db.prisma.customer.findUniqueOrThrow({ where: { id: b.customer } }),
      app.db.prisma.insight.findUniqueOrThrow({ where: { id: b.insight } }),
      app.db.prisma.reorderSuggestion.findUniqueOrThrow({ where: { id: b.suggestion } }),
      app.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: b.webhook } }),
      app.db.prisma.apiKey.findUniqueOrThrow({ where: { id: b.keyId } }),
    ]);
    const mutations = [
      `mutation { updateCustomerContact(input: { id: "${b.customer}", name: "Taken" }) { customer { id } userErrors { code } } }`,
      `mutation { setInsightStatus(input: { id: "${b.insight}", status: dismissed }) { insight { id } userErrors { code } } }`,
      `mutation { setReorderStatus(input: { id: "${b.suggestion}", status: ordered }) { reorderSuggestion { id } userErrors { code } } }`,
      `mutation { revokeWebhook(input: { id: "${b.webhook}" }) { revokedWebhookId userErrors { code } } }`,
    ];
    for (const m of mutations) expect(userErrorCodes(await gql(app, a.key, m))).toEqual(['not_found']);
    const session = await sessionToken(a.id);
    expect(userErrorCodes(await gql(app, session, `mutation { revokeApiKey(input: { id: "${b.keyId}" }) { alreadyRevoked userErrors { code } } }`))).toEqual([
      'not_found',
    ]);
    const after = await app.db.prisma.$transaction([
      app.db.prisma.customer.findUniqueOrThrow({ where: { id: b.customer } }),
      app.db.prisma.insight.findUniqueOrThrow({ where: { id: b.insight } }),
      app.db.prisma.reorderSuggestion.findUniqueOrThrow({ where: { id: b.suggestion } }),
      app.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: b.webhook } }),
      app.db.prisma.apiKey.findUniqueOrThrow({ where: { id: b.keyId } }),
    ]);
    expect(after).toEqual(before);
    expect((await gql(app, b.key, '{ viewer { scopes } }')).status).toBe(200);
  });

  it('refuses ids that are not ids', async () => {
    for (const id of ['abc', '-1', '0', '99999999999', '1.5']) {
      const r = await gql(app, a.key, `{ customer(id: "${id}") { id } }`);
      expect(r.body.errors[0].extensions).toEqual({ code: 'invalid_parameter', param: 'id' });
    }
  });

  it('limits expensive fields per caller (atomic counts)', async () => {
    const results: string[][] = [];
    const refusals = (r: GqlAnswer) => [...codes(r), ...userErrorCodes(r)];
    const create = 'mutation { createWebhook(input: { url: "https://10.0.0.1/x" }) { secret userErrors { code } } }';
    for (let i = 0; i < 11; i++) results.push(refusals(await gql(app, a.key, create)));
    expect(results.slice(0, 10).every((c) => c[0] === 'unsafe_url')).toBe(true);
    expect(results[10]).toEqual(['rate_limit_exceeded']);
    // Another caller has its own field budget.
    const other = await gql(app, await sessionToken(b.id), create);
    expect(refusals(other)).toEqual(['unsafe_url']);
  });
});

describeEachDatabase('GraphQL in production settings', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { GRAPHQL_INTROSPECTION: 'false', GRAPHQL_FIELD_SUGGESTIONS: 'false' });
    const account = await makeAccount(app.db.prisma);
    key = (await keysService(app.db.prisma).createKey({ accountId: account.id, scopes: ['read'] })).key;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('turns introspection and field suggestions off', async () => {
    const intro = await gql(app, key, '{ __schema { types { name } } }');
    expect(intro.status).toBe(400);
    expect(intro.body.errors[0].extensions.code).toBe('invalid_parameter');
    const typo = await gql(app, key, '{ viewer { scope } }');
    expect(typo.body.errors[0].message).not.toMatch(/Did you mean/);
  });
});
