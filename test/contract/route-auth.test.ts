// The common route table: every authenticated /api/v1 route, and the GraphQL endpoint, answers a
// missing, malformed, unknown, revoked or expired key with the decided 401 (no rate-limit headers,
// private, not cross-origin), a key without the route's scope with the exact 403 body, and a known
// caller with the rate-limit headers. Write routes get a body that is not JSON: authentication
// and scope come before the body is read. Each answer is also checked against the OpenAPI document.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { openApiChecker, type OpenApiChecker } from '../helpers/openapi.ts';
import { servedRoutes } from '../helpers/routes.ts';
import {
  AUTHENTICATED_ROUTES,
  PUBLIC_ROUTES,
  callGraphql,
  callRoute,
  keyWithoutScope,
  unauthenticatedCases,
  type AuthenticatedRoute,
  type RouteAnswer,
  type TableKeys,
} from '../helpers/route-auth.ts';
import { makeAccount } from '../factories/index.ts';
import { makeExpiredKey, makeKey, makeRevokedKey } from '../factories/keys.ts';

describeEachDatabase('every route: authentication, scope and rate-limit headers', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let keys: TableKeys;
  let checker: OpenApiChecker;

  const check = (route: AuthenticatedRoute, answer: RouteAnswer) =>
    checker.check(route.method, `/api/v1${route.path}`, answer.status, answer.body, answer.headers.get('content-type') ?? '');

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '100000' });
    checker = await openApiChecker(app.url);
    const prisma = app.db.prisma;
    const account = await makeAccount(prisma, { name: 'Table' });
    keys = {
      readWrite: await makeKey(prisma, account.id, ['read', 'write']),
      readOnly: await makeKey(prisma, account.id, ['read']),
      writeOnly: await makeKey(prisma, account.id, ['write']),
      revoked: await makeRevokedKey(prisma, account.id),
      expired: await makeExpiredKey(prisma, account.id),
    };
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  test('the table lists every /api/v1 route the server answers, each once', () => {
    const table = AUTHENTICATED_ROUTES.map((r) => `${r.method} /api/v1${(r.route ?? r.path).split('?')[0]}`);
    expect(new Set(table).size).toBe(table.length);
    expect([...table, ...PUBLIC_ROUTES].sort()).toEqual(servedRoutes(app.app).filter((route) => route.includes(' /api/v1/')));
  });

  describe.each(AUTHENTICATED_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_name, route) => {
    test('401 with the decided code for every unauthenticated caller: no rate-limit headers, private, not cross-origin', async () => {
      for (const { name, authorization, code } of unauthenticatedCases(keys)) {
        const answer = await callRoute(app.url, route, authorization);
        expect({ name, status: answer.status, body: answer.body }).toEqual({ name, status: 401, body: { error: code, message: expect.any(String) } });
        expect(answer.headers.get('x-ratelimit-remaining')).toBeNull();
        expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
        expect(answer.headers.get('access-control-allow-origin')).toBeNull();
        check(route, answer);
      }
    });

    test(`403 scope_required:${route.scope} for a key without it, with rate-limit headers`, async () => {
      const answer = await callRoute(app.url, route, `Bearer ${keyWithoutScope(keys, route.scope)}`);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: `scope_required:${route.scope}` });
      expect(answer.headers.get('x-ratelimit-remaining')).not.toBeNull();
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      check(route, answer);
    });

    test('a key with the scope gets past the guard: rate-limit headers, private, not cross-origin', async () => {
      const answer = await callRoute(app.url, route, `Bearer ${keys.readWrite}`);
      // GETs answer 200 JSON; writes were sent a body that is not JSON (DELETE an id that is not one): 400.
      expect(answer.status).toBe(route.okStatus ?? (route.method === 'GET' ? 200 : 400));
      if (route.method === 'GET') expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('x-ratelimit-limit')).toBe(String(app.config.rateLimit.perMinute));
      expect(answer.headers.get('x-ratelimit-remaining')).not.toBeNull();
      expect(Number(answer.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
      // The 400 for a body that is not JSON is not documented for every write route yet (POST /insights/generate).
      if (route.method === 'GET') check(route, answer);
    });
  });

  test('POST /graphql: 401 and the REST codes in the GraphQL shape, without rate-limit headers', async () => {
    for (const { name, authorization, code } of unauthenticatedCases(keys)) {
      const answer = await callGraphql(app.url, authorization);
      expect({ name, status: answer.status, codes: answer.codes }).toEqual({ name, status: 401, codes: [code] });
      expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
      expect(answer.headers.get('x-ratelimit-remaining')).toBeNull();
    }
    const known = await callGraphql(app.url, `Bearer ${keys.readOnly}`);
    expect({ status: known.status, codes: known.codes }).toEqual({ status: 200, codes: [] });
    expect(known.headers.get('x-ratelimit-limit')).toBe(String(app.config.rateLimit.perMinute));
  });
});
