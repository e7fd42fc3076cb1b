// /api/v1 contract for the account, credits, customers and integrations endpoints: status,
// headers and exact bodies through real HTTP, the decided 429 answers (401/403: route-auth.test.ts), pagination, CSV,
// and tenancy (account A's key never sees account B's rows).
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount, makeCustomer } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { openApiChecker, type OpenApiChecker } from '../helpers/openapi.ts';
import { makeIntegrations, updateCustomer } from '../factories/rows.ts';
import { golden } from '../helpers/golden.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachDatabase('v1 read endpoints', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let a: { id: string; key: string; customers: number[] };
  let b: { id: string; key: string; customers: number[] };

  let checker: OpenApiChecker;
  /** GET through real HTTP; every answer is also checked against the served OpenAPI document. */
  const get = async (path: string, key?: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${app.url}/api/v1${path}`, { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });
    const type = res.headers.get('content-type') ?? '';
    const copy = res.clone();
    checker.check('GET', `/api/v1${path}`, res.status, type.startsWith('application/json') ? await copy.json() : await copy.text(), type);
    return res;
  };

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '1000' });
    checker = await openApiChecker(app.url);
    const keys = keysService(app.db.prisma);
    const setup = async (name: string, n: number) => {
      const account = await makeAccount(app.db.prisma, { name, plan: 'growth', timezone: 'America/New_York' });
      const customers: number[] = [];
      for (let i = 0; i < n; i++) customers.push((await makeCustomer(app.db.prisma, account.id, { source: i % 2 ? 'woo_commerce' : 'shopify' })).id);
      const { key } = await keys.createKey({ accountId: account.id, scopes: ['read', 'write'] });
      return { id: account.id, key, customers };
    };
    a = await setup('Alpha', 5);
    b = await setup('Beta', 3);
    const now = Date.now();
    await makeIntegrations(app.db.prisma, [
      {
        accountId: a.id,
        provider: 'shopify',
        shop: 'alpha.myshopify.com',
        scopes: ['read_orders'],
        connectedAt: new Date(now - 86_400_000 * 30),
        lastSyncAt: new Date(now - 5 * 60_000),
      },
      {
        accountId: a.id,
        provider: 'woo-commerce',
        shop: 'alpha.example.com',
        scopes: [],
        connectedAt: new Date(now - 86_400_000 * 30),
        lastSyncAt: new Date(now - 86_400_000 * 3),
      },
      { accountId: a.id, provider: 'meta-ads', shop: 'act_1', scopes: ['ads_read'], connectedAt: new Date(now - 86_400_000) },
      {
        accountId: a.id,
        provider: 'google-ads',
        shop: '123-456',
        scopes: [],
        connectedAt: new Date(now - 86_400_000 * 9),
        lastSyncAt: new Date(now - 86_400_000 * 6),
        revokedAt: new Date(now - 86_400_000 * 5),
      },
      { accountId: b.id, provider: 'shopify', shop: 'beta.myshopify.com', scopes: [], connectedAt: new Date(now), lastSyncAt: new Date(now) },
    ]);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  test('GET /me: exact body and headers', async () => {
    const res = await get('/me', a.key);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeLessThan(1000);
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    const body = await readJson(res);
    expect(Object.keys(body)).toEqual(['user_id', 'scopes', 'profile', 'api_version']);
    expect(body).toEqual(golden('me', { user_id: a.id, created_at: expect.stringMatching(ISO) }));
  });

  test('GET /credits: exact shape for a new account', async () => {
    const body = await readJson(await get('/credits', b.key));
    expect(body).toEqual(golden('credits-new-account', { user_id: b.id, updated_at: expect.stringMatching(ISO) }));
  });

  test('GET /customers: newest first, cursor pagination, source filter, limit bounds', async () => {
    const first = await readJson(await get('/customers?limit=2', a.key));
    expect(first.data.map((c: { id: number }) => c.id)).toEqual([a.customers[4], a.customers[3]]);
    expect(first.pagination).toEqual({ limit: 2, next_cursor: a.customers[3], has_more: true });
    expect(Object.keys(first.data[0])).toEqual([
      'id',
      'email',
      'name',
      'source',
      'external_id',
      'city',
      'country',
      'orders_count',
      'revenue_total',
      'ltv_estimate',
      'aov',
      'segment',
      'churn_score',
      'last_purchase_at',
      'first_purchase_at',
      'created_at',
    ]);
    const rest = await readJson(await get(`/customers?limit=2&cursor=${first.pagination.next_cursor}`, a.key));
    expect(rest.data.map((c: { id: number }) => c.id)).toEqual([a.customers[2], a.customers[1]]);
    const last = await readJson(await get(`/customers?limit=2&cursor=${rest.pagination.next_cursor}`, a.key));
    expect(last.pagination).toEqual({ limit: 2, next_cursor: null, has_more: false });

    const woo = await readJson(await get('/customers?source=woo-commerce', a.key));
    expect(woo.data.every((c: { source: string }) => c.source === 'woo-commerce')).toBe(true);
    expect(woo.data).toHaveLength(2);
    expect(woo.data[0].external_id).toMatch(/^woo-commerce:/);

    expect((await readJson(await get('/customers?limit=500', a.key))).pagination.limit).toBe(100);
    for (const [query, param] of [
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['cursor=-1', 'cursor'],
      ['source=amazon', 'source'],
      ['format=xml', 'format'],
    ]) {
      const res = await get(`/customers?${query}`, a.key);
      expect(res.status).toBe(400);
      const body = await readJson(res);
      expect(body.error).toBe('invalid_parameter');
      expect(body.param).toBe(param);
    }
  });

  test('GET /customers?format=csv: header row, JSON order, quoting, formula guard, X-Next-Cursor', async () => {
    await updateCustomer(app.db.prisma, a.customers[4], { name: '=HYPERLINK("http://x")', city: 'Paris, "Centre"' });
    const res = await get('/customers?format=csv&limit=1', a.key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('x-next-cursor')).toBe(String(a.customers[4]));
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      'id,email,name,source,external_id,city,country,orders_count,revenue_total,ltv_estimate,aov,segment,churn_score,last_purchase_at,first_purchase_at,created_at',
    );
    expect(lines[1]).toContain(`${a.customers[4]},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain('"Paris, ""Centre"""');
    expect(lines[2]).toBe('');
  });

  test('GET /integrations: statuses by the contract rules and totals', async () => {
    const body = await readJson(await get('/integrations', a.key));
    expect(body.data.map((i: { provider: string; status: string }) => [i.provider, i.status])).toEqual([
      ['shopify', 'connected'],
      ['woo-commerce', 'stale'],
      ['meta-ads', 'never_synced'],
      ['google-ads', 'revoked'],
    ]);
    expect(body.totals).toEqual({ total: 4, connected: 1, stale: 1, revoked: 1, never_synced: 1 });
    expect(body.data[0]).toEqual({
      provider: 'shopify',
      shop: 'alpha.myshopify.com',
      scopes: ['read_orders'],
      status: 'connected',
      connected_at: expect.stringMatching(ISO),
      revoked_at: null,
      last_sync_at: expect.stringMatching(ISO),
      last_sync_minutes_ago: 5,
    });
    expect(body.data[2].last_sync_at).toBeNull();
    expect(body.data[2].last_sync_minutes_ago).toBeNull();
    expect(JSON.stringify(body)).not.toMatch(/token/i);
  });

  test('tenancy: each key sees only its own account', async () => {
    const bCustomers = await readJson(await get('/customers?limit=100', b.key));
    expect(bCustomers.data.map((c: { id: number }) => c.id).sort()).toEqual([...b.customers].sort());
    const aFromB = await readJson(await get(`/customers?cursor=${a.customers[4]! + 1}`, b.key));
    expect(aFromB.data.every((c: { id: number }) => b.customers.includes(c.id))).toBe(true);
    expect((await readJson(await get('/integrations', b.key))).totals.total).toBe(1);
    expect((await readJson(await get('/me', b.key))).user_id).toBe(b.id);
  });
});

describeEachDatabase('v1 rate limit (memory store)', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '60' });
    const account = await makeAccount(app.db.prisma);
    key = (await keysService(app.db.prisma).createKey({ accountId: account.id, scopes: ['read'] })).key;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  test('the 61st request in a minute is 429 with the decided headers; 401s spend nothing', async () => {
    for (let i = 0; i < 5; i++) await fetch(`${app.url}/api/v1/me`, { headers: { authorization: 'Bearer svc_test_000000000000000000000000000000' } });
    let last: Response | null = null;
    for (let i = 1; i <= 60; i++) {
      last = await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
      expect(last.status).toBe(200);
      expect(last.headers.get('x-ratelimit-remaining')).toBe(String(60 - i));
    }
    const limited = await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(limited.status).toBe(429);
    expect(await readJson(limited)).toEqual({ error: 'rate_limit_exceeded', message: expect.any(String) });
    expect(limited.headers.get('x-ratelimit-limit')).toBe('60');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(Math.floor(Date.now() / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 61);
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
  });

  test('public endpoints carry a per-address budget with the same headers', async () => {
    const res = await fetch(`${app.url}/api/v1/status`);
    expect(res.headers.get('x-ratelimit-limit')).toBe('300');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('299');
  });
});
