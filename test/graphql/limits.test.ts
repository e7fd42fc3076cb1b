// Bad input never reaches the database: syntax errors, unknown fields, wrong variable types,
// over-deep, over-costly, alias-multiplied and over-long queries, pages over the maximum,
// batches, and mutations with bad input are each refused with a clear error, with no SQL but the
// API-key lookup, and change nothing. And DataLoaders keep the number of queries of a nested
// operation the same at 10 and at 100 items.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeInventoryItem, makeManyReorderSuggestions } from '../factories/analytics.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { codes, gql } from './helpers.ts';
import { makeCustomers, makeOrders } from '../factories/rows.ts';

describeEachDatabase('GraphQL limits and batching', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;
  let accountId: string;
  const statements: string[] = [];
  /** SQL sent while `run` ran, leaving out the API-key lookups of authentication. */
  const sqlDuring = async <T>(run: () => Promise<T>): Promise<{ result: T; sql: string[] }> => {
    statements.length = 0;
    const result = await run();
    return { result, sql: statements.filter((s) => !/api_keys/.test(s)) };
  };

  beforeAll(async () => {
    database = await target.create();
    // A points bucket far above the maximum cost: this suite tests the other limits (cost.test.ts the bucket).
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '10000', GRAPHQL_COST_BUCKET_SIZE: '1000000' }, undefined, undefined, {
      onQuery: (sql) => statements.push(sql),
    });
    const prisma = app.db.prisma;
    const account = await makeAccount(prisma);
    accountId = account.id;
    key = (await keysService(prisma).createKey({ accountId, scopes: ['read', 'write'] })).key;
    await makeCustomers(
      prisma,
      Array.from({ length: 100 }, (_, i) => ({
        accountId,
        email: `c${i}@example.com`,
        name: `C ${i}`,
        source: 'shopify' as const,
        externalId: `shopify:s:c${i}@example.com`,
      })),
    );
    const ids = (await prisma.customer.findMany({ where: { accountId }, select: { id: true } })).map((c) => c.id);
    await makeOrders(
      prisma,
      ids.flatMap((customerId, i) =>
        [0, 1].map((o) => ({
          accountId,
          customerId,
          source: 'shopify' as const,
          externalId: `O-${i}-${o}`,
          subtotal: 10,
          totalAmount: 10,
          placedAt: new Date(Date.UTC(2026, 0, 1 + o)),
        })),
      ),
    );
    for (let i = 0; i < 100; i++) {
      const item = await makeInventoryItem(prisma, accountId, { sku: `LIM-${i}`, status: 'ok' });
      await makeManyReorderSuggestions(prisma, accountId, item.id, 2);
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const deep = (levels: number) => {
    let selection = 'id';
    for (let i = 0; i < levels; i++) selection = `recentOrders(first: 1) { customer { ${selection} } }`;
    return `{ customers(first: 1) { nodes { ${selection} } } }`;
  };

  const cases: Array<[string, string, Record<string, unknown> | undefined, string]> = [
    ['a syntax error', '{ viewer { scopes }', undefined, 'GRAPHQL_PARSE_FAILED'],
    ['an unknown field', '{ viewer { nope } }', undefined, 'GRAPHQL_VALIDATION_FAILED'],
    ['an unknown argument', '{ customers(limit: 5) { nodes { id } } }', undefined, 'GRAPHQL_VALIDATION_FAILED'],
    ['a variable of the wrong type', 'query($n: Int) { customers(first: $n) { nodes { id } } }', { n: 'ten' }, 'BAD_USER_INPUT'],
    ['an enum value outside its set', '{ customers(first: 5, segment: gold) { nodes { id } } }', undefined, 'GRAPHQL_VALIDATION_FAILED'],
    ['a query nested too deep', deep(6), undefined, 'MAX_DEPTH_EXCEEDED'],
    ['a query over the cost limit', '{ customers(first: 100) { nodes { recentOrders(first: 20) { customer { id } } } } }', undefined, 'MAX_COST_EXCEEDED'],
    ['aliases multiplying work', `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: viewer { scopes }`).join(' ')} }`, undefined, 'MAX_ALIASES_EXCEEDED'],
    // An alias named like the type name would hide a fragment's fields from the actual cost (review finding).
    ['an alias posing as __typename', '{ nodes(ids: ["x"]) { __typename: id ... on Customer { name } } }', undefined, 'RESERVED_ALIAS'],
    [
      'aliases multiplying pages past the cost limit',
      `{ ${Array.from({ length: 11 }, (_, i) => `a${i}: customers(first: 100) { nodes { id } }`).join(' ')} }`,
      undefined,
      'MAX_COST_EXCEEDED',
    ],
    ['first over the maximum', '{ customers(first: 101) { nodes { id } } }', undefined, 'PAGE_SIZE_EXCEEDED'],
    [
      'first over the maximum in a variable',
      'query($n: Int) { viewer { credits { transactions(first: $n) { nodes { id } } } } }',
      { n: 1000 },
      'PAGE_SIZE_EXCEEDED',
    ],
    ['a negative last', '{ insights(last: -1) { nodes { id } } }', undefined, 'PAGE_SIZE_EXCEEDED'],
    ['too many directives', `{ viewer { ${Array.from({ length: 21 }, () => 'scopes @include(if: true)').join(' ')} } }`, undefined, 'MAX_DIRECTIVES_EXCEEDED'],
    ['a mutation with a wrong input type', 'mutation { createWebhook(input: { url: 5 }) { secret } }', undefined, 'GRAPHQL_VALIDATION_FAILED'],
    ['a mutation with a missing variable', 'mutation($id: ID!) { revokeWebhook(input: { id: $id }) { revokedWebhookId } }', {}, 'BAD_USER_INPUT'],
  ];

  it.each(cases)('refuses %s before any database work', async (_name, query, variables, reason) => {
    const { result, sql } = await sqlDuring(() => gql(app, key, query, variables));
    expect(result.status).toBe(400);
    expect(result.body.data).toBeUndefined();
    expect(codes(result)).toEqual(result.body.errors.map(() => 'invalid_parameter'));
    expect(result.body.errors[0].extensions.reason).toBe(reason);
    expect(result.body.errors[0].message.length).toBeGreaterThan(10);
    expect(JSON.stringify(result.body)).not.toMatch(/stack|at .*\.ts:\d+/);
    expect(sql).toEqual([]);
  });

  it('answers document errors with 200 under the legacy application/json type', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: '{ customers(first: 101) { nodes { id } } }' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('invalid_parameter');
  });

  it('refuses an over-long document, a batch and a body that is not JSON', async () => {
    const long = await gql(app, key, `{ viewer { ${'scopes '.repeat(3500)} } }`);
    expect(long.status).toBe(400);
    expect(long.body.errors[0].extensions).toMatchObject({ code: 'invalid_parameter', reason: 'GRAPHQL_PARSE_FAILED' });
    expect(long.body.errors[0].message).toMatch(/token/i);
    const post = (body: string) =>
      fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body });
    const batch = await post(JSON.stringify([{ query: '{ __typename }' }, { query: '{ __typename }' }]));
    expect(batch.status).toBe(400);
    const notJson = await post('{"query": ');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('invalid_json');
  });

  it('changes nothing when a mutation fails its checks', async () => {
    const before = await app.db.prisma.webhookSubscription.count({ where: { accountId } });
    const r = await gql(app, key, 'mutation { createWebhook(input: { url: "http://example.com/hook" }) { secret userErrors { field code } } }');
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.createWebhook).toEqual({ secret: null, userErrors: [{ field: ['input', 'url'], code: 'invalid_url' }] });
    expect(await app.db.prisma.webhookSubscription.count({ where: { accountId } })).toBe(before);
  });

  it('reads a page of customers with their recent orders, the credits and the open insights in one statement each', async () => {
    const dashboard = `query($n: Int) {
      customers(first: $n) { nodes { id recentOrders(first: 2) { id customer { id email } } } }
      viewer { credits { balance } }
      insights(first: 10, status: open) { nodes { id } }
    }`;
    for (const n of [10, 100]) {
      const { result, sql } = await sqlDuring(() => gql(app, key, dashboard, { n }));
      expect(result.body.errors).toBeUndefined();
      expect(result.body.data.customers.nodes).toHaveLength(n);
      expect(result.body.data.customers.nodes.every((c: { recentOrders: unknown[] }) => c.recentOrders.length === 2)).toBe(true);
      expect(sql).toHaveLength(3);
    }
  });

  it('sends the same number of queries for 10 and for 100 items of a nested operation', async () => {
    const customersQuery = 'query($n: Int) { customers(first: $n) { nodes { id recentOrders(first: 2) { id customer { id email } } } } }';
    const inventoryQuery =
      'query($n: Int) { inventory(first: $n) { nodes { id reorderSuggestions(status: pending) { id } } } reorderSuggestions(first: $n) { nodes { inventoryItem { sku } } } }';
    for (const query of [customersQuery, inventoryQuery]) {
      const counts: number[] = [];
      for (const n of [10, 100]) {
        const { result, sql } = await sqlDuring(() => gql(app, key, query, { n }));
        expect(result.body.errors).toBeUndefined();
        const nodes = (result.body.data.customers ?? result.body.data.inventory).nodes;
        expect(nodes).toHaveLength(n);
        counts.push(sql.length);
      }
      expect(counts[0]).toBeGreaterThan(0);
      expect(counts[1]).toBe(counts[0]);
    }
  });
});
