// Cost in points and the field limits, in memory and (with TEST_REDIS_URL) in Redis:
// - field limits count atomically: 30 aliased profit calls sent twice at once pass 30, not 60;
// - anomalies(days:) costs the anomalies the window holds, not its days;
// - each operation takes its cost from the key's points bucket, gives back what it did not use,
//   is refused as THROTTLED (HTTP 429, nothing run) when the bucket is short, and
//   rateLimit(dryRun: true) reports the cost without running or taking anything.
import { randomBytes } from 'node:crypto';
import { testDatabaseUrls } from '../../src/config.ts';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeAnomaly } from '../factories/analytics.ts';
import { makeCustomers } from '../factories/rows.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { codes, gql } from './helpers.ts';

const redisUrl = testDatabaseUrls().redis;
const stores: Array<[string, Record<string, string>]> = [['memory', {}]];
if (redisUrl) stores.push(['Redis', { REDIS_URL: redisUrl, RATE_LIMIT_REDIS_PREFIX: `test:${randomBytes(4).toString('hex')}:` }]);

describe.each(stores)('GraphQL cost points and field limits (%s store)', (_name, storeEnv) => {
  let database: TestDatabase;
  let app: TestApp;
  let accountId: string;
  const newKey = async () => (await keysService(app.db.prisma).createKey({ accountId, scopes: ['read'] })).key;

  beforeAll(async () => {
    database = await databaseTargets()[0]!.create();
    app = await startTestApp(database, { ...storeEnv, RATE_LIMIT_PER_MINUTE: '10000', GRAPHQL_COST_BUCKET_SIZE: '100', GRAPHQL_COST_RESTORE_RATE: '1' });
    accountId = (await makeAccount(app.db.prisma)).id;
    await makeCustomers(
      app.db.prisma,
      Array.from({ length: 59 }, (_, i) => ({ accountId, email: `c${i}@example.com`, name: `C ${i}`, source: 'shopify' as const, externalId: `c${i}` })),
    );
    // 63 anomalies detected in the last day: one detection run can store a whole history at once.
    for (let i = 0; i < 63; i++) await makeAnomaly(app.db.prisma, accountId, { detectedAt: new Date(Date.now() - 3_600_000) });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('counts aliased calls of a limited field atomically: 30 a minute, not 30 per request', async () => {
    const key = await newKey();
    const query = `{ ${Array.from({ length: 30 }, (_, i) => `p${i}: profit(days: 1) { windowDays }`).join(' ')} }`;
    const answers = await Promise.all([gql(app, key, query), gql(app, key, query)]);
    // One answer has all 30 (the graphql-rate-limit store let both through: it read, then wrote);
    // the other is refused (every root field is nullable: its 30 fields are null).
    const values = answers.map((a) => Object.values((a.body.data ?? {}) as Record<string, unknown>).filter((v) => v !== null).length).sort();
    expect(values).toEqual([0, 30]);
    const refused = answers.find((a) => Object.values((a.body.data ?? {}) as Record<string, unknown>).every((v) => v === null))!;
    expect(new Set(codes(refused))).toEqual(new Set(['rate_limit_exceeded']));
    // And a third request gets none.
    expect(codes(await gql(app, key, '{ profit(days: 1) { windowDays } }'))).toEqual(['rate_limit_exceeded']);
  });

  it('counts the answer by the schema: Money costs nothing, as in the requested cost, and aliases do not change a cost', async () => {
    const key = await newKey();
    // 59 customers, each with two Money values: the connection and its 59 nodes, as requested.
    const money = await gql(app, key, '{ customers(first: 59) { nodes { id revenueTotalMoney { amount currencyCode } aovMoney { amount } } } }');
    expect(money.body.data.customers.nodes).toHaveLength(59);
    expect(money.body.extensions.cost).toMatchObject({ requestedQueryCost: 60, actualQueryCost: 60 });
    // Aliases shaped like a Money value on a real object do not make it free; the same field
    // selected twice (merged by GraphQL) is one object.
    const aliased = await gql(
      app,
      await newKey(),
      '{ customers(first: 20) { amount: nodes { amount: id currencyCode: email } nodes { id } nodes { email } } }',
    );
    expect(aliased.body.data.customers.amount).toHaveLength(20);
    expect(aliased.body.extensions.cost.actualQueryCost).toBe(1 + 20 + 20);
    expect(aliased.body.extensions.cost.actualQueryCost).toBeLessThanOrEqual(aliased.body.extensions.cost.requestedQueryCost);
  });

  it('costs anomalies(days:) by the anomalies the window holds, not by its days', async () => {
    const r = await gql(app, await newKey(), '{ anomalies(days: 8) { windowDays nodes { id } } }');
    expect(r.body.data.anomalies.nodes).toHaveLength(63);
    // The window object and its 63 anomalies.
    expect(r.body.extensions.cost).toMatchObject({ requestedQueryCost: 64, actualQueryCost: 64 });
  });

  it('takes the cost from the key bucket, gives back the unused part, throttles, and answers a dry run without running', async () => {
    const key = await newKey();
    const page = '{ customers(first: 59) { nodes { id } } }';
    const first = await gql(app, key, page);
    expect(first.status).toBe(200);
    expect(first.body.data.customers.nodes).toHaveLength(59);
    const { cost } = first.body.extensions;
    expect(cost).toMatchObject({ requestedQueryCost: 60, actualQueryCost: 60, maximumQueryCost: 1000 });
    expect(cost.throttleStatus).toEqual({ maximumAvailable: 100, currentlyAvailable: expect.any(Number), restoreRate: 1 });
    expect(cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(40);

    // A cheap query whose requested cost exceeds what it returns gets the difference back.
    const cheap = await gql(app, key, '{ customers(first: 10, segment: vip) { nodes { id } } }');
    expect(cheap.body.extensions.cost).toMatchObject({ requestedQueryCost: 11, actualQueryCost: 1 });

    // 60 more points are not there (40 left, one restored a second): refused, nothing run.
    const throttled = await gql(app, key, page);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(throttled.body.data).toBeUndefined();
    expect(throttled.body.errors).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/^Throttled/), extensions: { code: 'rate_limit_exceeded', reason: 'THROTTLED' } }),
    ]);
    expect(throttled.body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(60);

    // A dry run: the cost is computed, only rateLimit answers, and nothing is taken.
    const dry = `{ rateLimit(dryRun: true) { queryCost throttleStatus { currentlyAvailable } } customers(first: 59) { nodes { id } } }`;
    const d1 = await gql(app, key, dry);
    expect(d1.status).toBe(200);
    expect(Object.keys(d1.body.data)).toEqual(['rateLimit']);
    expect(d1.body.data.rateLimit.queryCost).toBe(62);
    expect(d1.body.extensions.cost).toMatchObject({ requestedQueryCost: 62, actualQueryCost: 0 });
    const d2 = await gql(app, key, dry);
    expect(d2.body.data.rateLimit.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(d1.body.data.rateLimit.throttleStatus.currentlyAvailable);

    // Another key has its own full bucket.
    expect((await gql(app, await newKey(), page)).body.extensions.cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(40);
  });
});
