// HTTP behaviour of /graphql: GET queries, CSRF prevention, automatic persisted queries, and
// internal errors masked (no message, no stack).
import { createHash, randomUUID } from 'node:crypto';
import { databaseTargets, describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testDatabaseUrls } from '../../src/config.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { insightsService } from '../../src/domain/insights/index.ts';
import { readJson } from '../helpers/http.ts';
import { getIntrospectionQuery } from 'graphql';
import { codes, gql, userErrorCodes } from './helpers.ts';

describeEachDatabase('GraphQL over HTTP', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '1000' }, undefined, (db) => ({
      insights: {
        ...insightsService(db.prisma),
        insightsPage: async () => {
          throw new Error('relation "insights" leaked SQL detail');
        },
      },
    }));
    const account = await makeAccount(app.db.prisma);
    key = (await keysService(app.db.prisma).createKey({ accountId: account.id, scopes: ['read'] })).key;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/graphql?${new URLSearchParams(params)}`, { headers: { authorization: `Bearer ${key}`, ...headers } });

  it('runs queries over GET with a preflight header, and refuses a simple GET (CSRF prevention)', async () => {
    const ok = await get({ query: '{ viewer { scopes } }' }, { 'apollo-require-preflight': 'true' });
    expect(ok.status).toBe(200);
    expect((await readJson(ok)).data.viewer.scopes).toEqual(['read']);
    const simple = await get({ query: '{ viewer { scopes } }' });
    expect(simple.status).toBe(400);
    expect(await simple.text()).toMatch(/CSRF/);
    const mutation = await get({ query: 'mutation { trackEvent(input: { event: "x" }) { eventId } }' }, { 'apollo-require-preflight': 'true' });
    expect(mutation.status).toBe(405);
  });

  it('supports automatic persisted queries', async () => {
    const query = '{ viewer { credential } }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const persisted = { persistedQuery: { version: 1, sha256Hash } };
    const post = (body: object) =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      });
    const miss = await readJson(await post({ extensions: persisted }));
    expect(miss.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const store = await readJson(await post({ query, extensions: persisted }));
    expect(store.data.viewer.credential).toBe('api_key');
    const hit = await readJson(await post({ extensions: persisted }));
    expect(hit.data.viewer.credential).toBe('api_key');
    const wrong = await post({ query: '{ __typename }', extensions: persisted });
    expect(wrong.status).toBe(400);
  });

  it('answers the standard introspection query (what GraphiQL sends) within the limits', async () => {
    const r = await gql(app, key, getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }));
    expect(r.body.errors).toBeUndefined();
    const types = r.body.data.__schema.types as Array<{ name: string; description: string | null }>;
    expect(types.find((t) => t.name === 'Customer')?.description).toBe('A buyer of the store, with metrics computed from its orders.');
  });

  it('masks internal errors: internal_error, a fixed message, no detail and no stack', async () => {
    const r = await gql(app, key, '{ viewer { scopes } insights { nodes { id } } }');
    expect(r.status).toBe(200);
    // Root fields are nullable (issue 13): the failing one is null, the others answer.
    expect(r.body.data).toEqual({ viewer: { scopes: ['read'] }, insights: null });
    expect(codes(r)).toEqual(['internal_error']);
    expect(r.body.errors[0].message).toBe('Something went wrong on our side.');
    expect(JSON.stringify(r.body)).not.toMatch(/leaked|SQL|stack|\.ts:/);
  });

  it('answers a dashboard page whose one failing field is null and every other field whole', async () => {
    const r = await gql(
      app,
      key,
      `{ viewer { credential credits { balance } } rateLimit { remaining } status { status }
         customers(first: 5) { totalCount nodes { id } } insights(first: 5, status: open) { nodes { title } }
         inventory(first: 5) { summary { total } } anomalies(days: 7) { windowDays }
         profitReport(range: { from: "2026-01-01", to: "2026-01-31" }, interval: WEEK) { buckets { start } } }`,
    );
    expect(r.status).toBe(200);
    expect(r.body.errors).toEqual([expect.objectContaining({ path: ['insights'], extensions: { code: 'internal_error' } })]);
    const { insights, ...others } = r.body.data;
    expect(insights).toBeNull();
    expect(others).toEqual({
      viewer: { credential: 'api_key', credits: { balance: expect.any(Number) } },
      rateLimit: { remaining: expect.any(Number) },
      status: { status: expect.stringMatching(/^(operational|degraded)$/) },
      customers: { totalCount: 0, nodes: [] },
      inventory: { summary: { total: 0 } },
      anomalies: { windowDays: 7 },
      profitReport: { buckets: expect.arrayContaining([{ start: '2026-01-01' }]) },
    });
  });
});

// With Redis, field limits are shared by every instance, as request budgets are.
const redisUrl = testDatabaseUrls().redis;
(redisUrl ? describe : describe.skip)('GraphQL field limits in Redis', () => {
  let database: TestDatabase;
  let apps: TestApp[];
  let key: string;

  beforeAll(async () => {
    database = await databaseTargets()[0]!.create();
    const env = { REDIS_URL: redisUrl!, RATE_LIMIT_REDIS_PREFIX: `gqltest:${randomUUID()}:`, RATE_LIMIT_PER_MINUTE: '1000' };
    apps = [await startTestApp(database, env), await startTestApp(database, env)];
    const account = await makeAccount(apps[0]!.db.prisma);
    key = (await keysService(apps[0]!.db.prisma).createKey({ accountId: account.id, scopes: ['read', 'write'] })).key;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  it('counts a field limit across instances', async () => {
    const create = (app: TestApp) => gql(app, key, 'mutation { createWebhook(input: { url: "https://10.0.0.1/x" }) { secret userErrors { code } } }');
    // The refusal is a user error (issue 13); the field limit stays a top-level error.
    for (let i = 0; i < 10; i++) expect(userErrorCodes(await create(apps[i % 2]!))).toEqual(['unsafe_url']);
    expect(codes(await create(apps[0]!))).toEqual(['rate_limit_exceeded']);
    expect(codes(await create(apps[1]!))).toEqual(['rate_limit_exceeded']);
  });
});

// REST parity: GET /api/v1/status needs no key, so a GraphQL operation reading only `status`
// needs none either; it spends the address's public budget (shared with REST's public routes)
// and the address's points bucket. Everything else without a key stays 401.
describe('GraphQL status without a key', () => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    database = await databaseTargets()[0]!.create();
    app = await startTestApp(database, {
      PUBLIC_RATE_LIMIT_PER_MINUTE: '8',
      RATE_LIMIT_PER_MINUTE: '1000',
      GRAPHQL_COST_BUCKET_SIZE: '10',
      GRAPHQL_COST_RESTORE_RATE: '1',
    });
    const account = await makeAccount(app.db.prisma);
    key = (await keysService(app.db.prisma).createKey({ accountId: account.id, scopes: ['read'] })).key;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (body: object) => fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('refuses everything but a status read without a key, 401 as before, spending nothing', async () => {
    const refused: Array<[string, string?]> = [
      ['{ viewer { scopes } }'],
      ['{ status { status } viewer { scopes } }'],
      ['{ rateLimit { remaining } }'],
      ['mutation { trackEvent(input: { event: "x" }) { eventId } }'],
      ['{ ...F } fragment F on Query { status { status } }'],
      ['{ __schema { queryType { name } } }'],
      ['{ __type(name: "Query") { name } }'],
      ['subscription { creditsChanged { balance } }'],
      ['query A { status { status } } query B { viewer { scopes } }', 'B'],
      ['query A { status { status } } query B { status { status } }'],
      ['not graphql {'],
    ];
    for (const [query, operationName] of refused) {
      const answer = await post({ query, ...(operationName ? { operationName } : {}) });
      const body = await readJson(answer);
      expect({ query, status: answer.status, codes: (body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code) }).toEqual({
        query,
        status: 401,
        codes: ['missing_authorization'],
      });
    }
    // A persisted-query hash alone is not a document that can be checked: 401 too.
    const hashOnly = await post({
      extensions: { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update('{ status { status } }').digest('hex') } },
    });
    expect(hashOnly.status).toBe(401);
    // A key that does not authenticate is refused as before, even for the status.
    const badKey = await gql(app, 'svc_test_notakey', '{ status { status } }');
    expect(badKey.status).toBe(401);
    // None of it spent the address's budget (401s never do).
    const rest = await fetch(`${app.url}/api/v1/status`);
    expect(rest.headers.get('x-ratelimit-remaining')).toBe('7');
  });

  it('answers a status-only query (aliases, __typename, the chosen operation) with the cost and the public budget', async () => {
    const r = await gql(app, null, '{ __typename s: status { status database { status } region } }');
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data).toEqual({
      __typename: 'Query',
      s: { status: expect.stringMatching(/^(operational|degraded)$/), database: { status: 'ok' }, region: expect.any(String) },
    });
    expect(r.headers.get('x-ratelimit-limit')).toBe('8');
    expect(r.body.extensions.cost.throttleStatus).toMatchObject({ maximumAvailable: 10, restoreRate: 1 });
    // An Idempotency-Key has no account to be kept under: ignored, the status is read.
    const withKey = await gql(app, null, '{ status { status } }', undefined, { 'idempotency-key': 'anon-status-1' });
    expect({ status: withKey.status, errors: withKey.body.errors }).toEqual({ status: 200, errors: undefined });
    expect(withKey.headers.get('idempotent-replayed')).toBeNull();
    const chosen = await post({ query: 'query A { status { status } } query B { viewer { scopes } }', operationName: 'A' });
    expect(chosen.status).toBe(200);
    expect((await readJson(chosen)).data.status.status).toMatch(/^(operational|degraded)$/);
    // A key may read it too, whatever its scopes.
    expect((await gql(app, key, '{ status { status } }')).body.data.status.status).toMatch(/^(operational|degraded)$/);
  });

  it('cost-limits the address: an operation costing more than its bucket holds is THROTTLED', async () => {
    const query = `{ ${Array.from({ length: 11 }, (_, i) => `s${i}: status { status }`).join(' ')} }`;
    const r = await gql(app, null, query);
    expect(r.status).toBe(429);
    expect(r.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'rate_limit_exceeded', reason: 'THROTTLED' } })]);
  });

  it('rate-limits by address, on the budget REST public routes spend', async () => {
    let last = 200;
    for (let i = 0; i < 10 && last !== 429; i++) last = (await gql(app, null, '{ status { status } }')).status;
    expect(last).toBe(429);
    expect((await fetch(`${app.url}/api/v1/status`)).status).toBe(429);
    // A key has its own budget.
    expect((await gql(app, key, '{ status { status } }')).status).toBe(200);
  });
});
