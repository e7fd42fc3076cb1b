// /api/v1/webhooks contract: exact bodies (field order included) checked against the served
// OpenAPI document, every decided error code with nothing stored, the address-safety table through
// HTTP, the 25-subscription cap (also under 30 concurrent creates), and revocation tenancy.
// Name resolution is injected (no real DNS): the app is built as test/helpers/app.ts builds it,
// with the webhooks service given a table resolver.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { openApiChecker, type OpenApiChecker } from '../helpers/openapi.ts';
import { makeAccount } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { webhooksService } from '../../src/domain/webhooks/index.ts';
import { CATALOG_EVENTS, DECIDED_EXTRA_EVENTS } from '../../src/domain/events/index.ts';
import type { Resolver } from '../../src/domain/webhooks/index.ts';
import { updateWebhookSubscription } from '../factories/rows.ts';
import { golden } from '../helpers/golden.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SECRET = /^whsec_[0-9A-Za-z]{32}$/;
const LIST_FIELDS = ['id', 'url', 'events', 'active', 'last_fired_at', 'last_status', 'fail_count', 'total_fired', 'total_failed', 'created_at'];
const CREATE_FIELDS = ['id', 'url', 'events', 'active', 'created_at', 'secret', 'warning', 'api_version'];

/** Answers from a table; other names fail like getaddrinfo's ENOTFOUND. Records every name asked. */
const DNS: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'intranet.example.com': ['10.1.2.3'],
  'sneaky.example.com': ['93.184.215.14', '192.168.0.10'],
  'metadata.example.com': ['169.254.169.254'],
};
const asked: string[] = [];
const resolver: Resolver = async (hostname) => {
  asked.push(hostname);
  const answer = DNS[hostname];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer;
};

const startWebhookApp = (database: TestDatabase, env: Record<string, string>): Promise<TestApp> =>
  startTestApp(database, env, undefined, (db) => ({ webhooks: webhooksService(db.prisma, { resolver }) }));

describeEachDatabase('v1 webhooks', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let checker: OpenApiChecker;
  let a: { id: string; key: string };
  let b: { id: string; key: string };
  let readOnlyKey: string;
  let writeOnlyKey: string;

  /** A request through real HTTP; JSON answers are also checked against the OpenAPI document. */
  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, key: string | null, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${app.url}/api/v1${path}`, init);
    const text = await res.text();
    const json = text ? JSON.parse(text) : undefined;
    checker.check(method, `/api/v1${path}`, res.status, json);
    return { status: res.status, headers: res.headers, text, body: json };
  }
  const create = (key: string, body: unknown) => call('POST', '/webhooks', key, body);
  const stored = (accountId: string) => app.db.prisma.webhookSubscription.count({ where: { accountId } });
  const activeCount = (accountId: string) => app.db.prisma.webhookSubscription.count({ where: { accountId, active: true, revokedAt: null } });

  /** Sends a request that must fail with `code` and leave the account's rows as they were. */
  async function expectRefused(
    request: () => Promise<{ status: number; body: { error: string; param?: string; message?: string } }>,
    status: number,
    code: string,
    accountId = a.id,
  ) {
    const before = await stored(accountId);
    const res = await request();
    expect({ status: res.status, error: res.body.error }).toEqual({ status, error: code });
    expect(await stored(accountId)).toBe(before);
    return res.body;
  }

  beforeAll(async () => {
    database = await target.create();
    app = await startWebhookApp(database, { RATE_LIMIT_PER_MINUTE: '100000' });
    checker = await openApiChecker(app.url);
    const keys = keysService(app.db.prisma);
    const setup = async (name: string) => {
      const account = await makeAccount(app.db.prisma, { name });
      return { id: account.id, key: (await keys.createKey({ accountId: account.id, scopes: ['read', 'write'] })).key };
    };
    a = await setup('Alpha');
    b = await setup('Beta');
    readOnlyKey = (await keys.createKey({ accountId: a.id, scopes: ['read'] })).key;
    writeOnlyKey = (await keys.createKey({ accountId: a.id, scopes: ['write'] })).key;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  test('GET /webhooks with no subscriptions: exact body', async () => {
    const res = await call('GET', '/webhooks', b.key);
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"data":[],"api_version":"v1"}');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('POST /webhooks: golden body, secret stored once, default events ["*"]', async () => {
    const res = await create(a.key, { url: 'https://hooks.example.com/in', events: ['credits.low', 'alert.fired'] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(CREATE_FIELDS);
    expect(res.body).toEqual(
      golden('webhook-created', { id: expect.any(Number), created_at: expect.stringMatching(ISO), secret: expect.stringMatching(SECRET) }),
    );
    const row = await app.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({
      accountId: a.id,
      url: 'https://hooks.example.com/in',
      events: ['credits.low', 'alert.fired'],
      secret: res.body.secret,
      active: true,
      revokedAt: null,
    });

    const defaulted = await create(a.key, { url: 'https://hooks.example.com/all' });
    expect(defaulted.status).toBe(200);
    expect(defaulted.body.events).toEqual(['*']);
    expect(defaulted.body.secret).not.toBe(res.body.secret);
  });

  test('GET /webhooks: id ascending, exact item fields, no secret, only active and own rows', async () => {
    const own = await app.db.prisma.webhookSubscription.findMany({ where: { accountId: a.id }, orderBy: { id: 'asc' } });
    // The first one has fired; a deactivated, a revoked and another account's row are not listed.
    await updateWebhookSubscription(app.db.prisma, own[0]!.id, {
      lastFiredAt: new Date('2026-01-02T03:04:05.678Z'),
      lastStatus: 200,
      totalFired: 4,
      totalFailed: 1,
      failCount: 0,
    });
    const deactivated = await create(a.key, { url: 'https://hooks.example.com/dead' });
    await updateWebhookSubscription(app.db.prisma, deactivated.body.id, { active: false, deactivatedAt: new Date(), failCount: 20 });
    const revoked = await create(a.key, { url: 'https://hooks.example.com/gone' });
    expect((await call('DELETE', `/webhooks?id=${revoked.body.id}`, a.key)).status).toBe(200);
    await create(b.key, { url: 'https://hooks.example.com/beta' });

    const res = await call('GET', '/webhooks', a.key);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data', 'api_version']);
    expect(res.body.data.map((w: { id: number }) => w.id)).toEqual([own[0]!.id, own[1]!.id]);
    for (const item of res.body.data) expect(Object.keys(item)).toEqual(LIST_FIELDS);
    expect(res.body.data[0]).toEqual({
      id: own[0]!.id,
      url: 'https://hooks.example.com/in',
      events: ['credits.low', 'alert.fired'],
      active: true,
      last_fired_at: '2026-01-02T03:04:05.678Z',
      last_status: 200,
      fail_count: 0,
      total_fired: 4,
      total_failed: 1,
      created_at: expect.stringMatching(ISO),
    });
    expect(res.body.data[1]).toMatchObject({ events: ['*'], last_fired_at: null, last_status: null, fail_count: 0, total_fired: 0, total_failed: 0 });
    expect(res.text).not.toMatch(/whsec_|secret/);
  });

  test('events: the catalog, the decided extras and "*" are accepted; anything else is invalid_events', async () => {
    const all = ['*', ...CATALOG_EVENTS, ...DECIDED_EXTRA_EVENTS];
    expect(all).toHaveLength(16);
    const ok = await create(b.key, { url: 'https://hooks.example.com/every', events: all });
    expect(ok.status).toBe(200);
    expect(ok.body.events).toEqual(all);

    const refused: unknown[] = [
      ['integration.broken'],
      ['creative.winner.detected'],
      ['credits.low', 'nope'],
      [],
      [1],
      [null],
      [['credits.low']],
      ['credits.low', 'credits.low'],
      ['*', '*'],
      ['Credits.Low'],
      'credits.low',
      '*',
      null,
      { 'credits.low': true },
    ];
    for (const events of refused) {
      const body = await expectRefused(() => create(a.key, { url: 'https://hooks.example.com/x', events }), 400, 'invalid_events');
      expect(body.param).toBe('events');
    }
  });

  test('body errors: unknown field, missing url, wrong types, JSON and media type', async () => {
    const unknown = await expectRefused(() => create(a.key, { url: 'https://hooks.example.com/x', secret: 'mine' }), 400, 'invalid_parameter');
    expect(unknown.param).toBe('secret');
    expect((await expectRefused(() => create(a.key, { events: ['*'] }), 400, 'invalid_url')).param).toBe('url');
    expect((await expectRefused(() => create(a.key, {}), 400, 'invalid_url')).param).toBe('url');
    await expectRefused(() => create(a.key, { url: 12345 }), 400, 'invalid_url');
    await expectRefused(() => create(a.key, { url: null }), 400, 'invalid_url');
    await expectRefused(() => create(a.key, { url: ['https://hooks.example.com/x'] }), 400, 'invalid_url');
    await expectRefused(() => create(a.key, '{"url": "https://hooks.example.com/x"'), 400, 'invalid_json');
    await expectRefused(() => create(a.key, '["https://hooks.example.com/x"]'), 400, 'invalid_json');
    await expectRefused(() => create(a.key, 'null'), 400, 'invalid_json');
    await expectRefused(
      () => call('POST', '/webhooks', a.key, '{"url":"https://hooks.example.com/x"}', { 'content-type': 'text/plain' }),
      415,
      'unsupported_media_type',
    );
    await expectRefused(() => call('POST', '/webhooks', a.key), 415, 'unsupported_media_type');
  });

  test('URL table: shape errors are invalid_url, non-public targets unsafe_url, nothing stored', async () => {
    const cases: Array<[string, 'invalid_url' | 'unsafe_url']> = [
      ['http://hooks.example.com/in', 'invalid_url'],
      ['ftp://hooks.example.com/in', 'invalid_url'],
      ['https://user:pass@hooks.example.com/in', 'invalid_url'],
      ['https://user@hooks.example.com/in', 'invalid_url'],
      ['not a url', 'invalid_url'],
      ['', 'invalid_url'],
      [`https://hooks.example.com/${'a'.repeat(2048)}`, 'invalid_url'],
      ['https://localhost/in', 'unsafe_url'],
      ['https://api.localhost/in', 'unsafe_url'],
      ['https://127.0.0.1/in', 'unsafe_url'],
      ['https://127.1/in', 'unsafe_url'],
      ['https://2130706433/in', 'unsafe_url'],
      ['https://0x7f.0.0.1/in', 'unsafe_url'],
      ['https://0.0.0.0/in', 'unsafe_url'],
      ['https://[::1]/in', 'unsafe_url'],
      ['https://[::ffff:127.0.0.1]/in', 'unsafe_url'],
      ['https://[::ffff:10.0.0.1]/in', 'unsafe_url'],
      ['https://[fd00::1]/in', 'unsafe_url'],
      ['https://[fe80::1]/in', 'unsafe_url'],
      ['https://10.0.0.1/in', 'unsafe_url'],
      ['https://172.16.0.1/in', 'unsafe_url'],
      ['https://172.31.255.254/in', 'unsafe_url'],
      ['https://192.168.1.1/in', 'unsafe_url'],
      ['https://169.254.169.254/latest/meta-data/', 'unsafe_url'],
      ['https://100.64.0.1/in', 'unsafe_url'],
      ['https://x.internal/in', 'unsafe_url'],
      ['https://metadata.google.internal/in', 'unsafe_url'],
      ['https://printer.local/in', 'unsafe_url'],
      ['https://intranet/in', 'unsafe_url'],
      ['https://intranet.example.com/in', 'unsafe_url'],
      ['https://sneaky.example.com/in', 'unsafe_url'],
      ['https://metadata.example.com/in', 'unsafe_url'],
    ];
    const results: Array<[string, string]> = [];
    for (const [url] of cases) {
      const before = await stored(a.id);
      const res = await create(a.key, { url });
      expect(await stored(a.id)).toBe(before);
      results.push([url, `${res.status} ${res.body.error}${res.body.param ? ` ${res.body.param}` : ''}`]);
    }
    expect(results).toEqual(cases.map(([url, code]) => [url, `400 ${code} url`]));
    expect(asked).toEqual(expect.arrayContaining(['intranet.example.com', 'sneaky.example.com', 'metadata.example.com']));
  });

  test('URL table: public targets are accepted, and a name that does not resolve is accepted (checked again at dispatch)', async () => {
    for (const url of [
      'https://hooks.example.com/ok',
      'https://93.184.215.14/ok',
      'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/ok',
      'https://unknown-name.example.org/ok',
    ]) {
      const res = await create(b.key, { url });
      expect([url, res.status]).toEqual([url, 200]);
    }
    const normalized = await create(b.key, { url: 'https://HOOKS.Example.COM' });
    expect(normalized.body.url).toBe('https://hooks.example.com/');
  });

  test('403 scope_required:write for a read-only key on POST and DELETE (nothing stored or changed); 403 read for GET', async () => {
    const created = await create(a.key, { url: 'https://hooks.example.com/scope' });
    const refused = await expectRefused(() => create(readOnlyKey, { url: 'https://hooks.example.com/x' }), 403, 'scope_required:write');
    expect(refused).toEqual({ error: 'scope_required:write' });
    await expectRefused(() => call('DELETE', `/webhooks?id=${created.body.id}`, readOnlyKey), 403, 'scope_required:write');
    expect((await app.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: created.body.id } })).active).toBe(true);
    const getRes = await call('GET', '/webhooks', writeOnlyKey);
    expect(getRes.body).toEqual({ error: 'scope_required:read' });
  });

  test('authentication and scope come before body checks; rate-limit headers on every authenticated answer', async () => {
    const anonymous = await expectRefused(() => call('POST', '/webhooks', null, '{not json'), 401, 'missing_authorization');
    expect(anonymous.error).toBe('missing_authorization');
    await expectRefused(() => call('POST', '/webhooks', readOnlyKey, '{not json'), 403, 'scope_required:write');
    await expectRefused(() => call('DELETE', '/webhooks?id=abc', null), 401, 'missing_authorization');
    const bad = await call('POST', '/webhooks', a.key, { url: 'http://hooks.example.com/x' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(bad.headers.get('cache-control')).toBe('private, no-store');
  });

  test('the 26th active subscription is too_many_webhooks; revoked and deactivated ones do not count', async () => {
    const c = await makeAccount(app.db.prisma, { name: 'Cap' });
    const key = (await keysService(app.db.prisma).createKey({ accountId: c.id, scopes: ['read', 'write'] })).key;
    const ids: number[] = [];
    for (let i = 1; i <= 25; i++) {
      const res = await create(key, { url: `https://hooks.example.com/${i}` });
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
    const body = await expectRefused(() => create(key, { url: 'https://hooks.example.com/26' }), 400, 'too_many_webhooks', c.id);
    expect(body.message).toMatch(/25/);
    expect((await call('GET', '/webhooks', key)).body.data).toHaveLength(25);

    expect((await call('DELETE', `/webhooks?id=${ids[0]}`, key)).status).toBe(200);
    await updateWebhookSubscription(app.db.prisma, ids[1], { active: false, failCount: 20, deactivatedAt: new Date() });
    expect((await create(key, { url: 'https://hooks.example.com/after-revoke' })).status).toBe(200);
    expect((await create(key, { url: 'https://hooks.example.com/after-deactivate' })).status).toBe(200);
    await expectRefused(() => create(key, { url: 'https://hooks.example.com/27' }), 400, 'too_many_webhooks', c.id);
    expect(await activeCount(c.id)).toBe(25);
  });

  test('30 concurrent creates leave exactly 25 active subscriptions', async () => {
    const d = await makeAccount(app.db.prisma, { name: 'Concurrent' });
    const key = (await keysService(app.db.prisma).createKey({ accountId: d.id, scopes: ['write'] })).key;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${app.url}/api/v1/webhooks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: `https://hooks.example.com/c${i}` }),
        }).then(async (res) => `${res.status} ${((await res.json()) as { error?: string }).error ?? 'ok'}`),
      ),
    );
    expect(answers.filter((s) => s === '200 ok')).toHaveLength(25);
    expect(answers.filter((s) => s === '400 too_many_webhooks')).toHaveLength(5);
    expect(await activeCount(d.id)).toBe(25);
    expect(await stored(d.id)).toBe(25);
  });

  test('DELETE /webhooks?id=N: exactly {"ok":true}, irreversible, then not_found', async () => {
    const created = await create(a.key, { url: 'https://hooks.example.com/delete-me' });
    const res = await call('DELETE', `/webhooks?id=${created.body.id}`, a.key);
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"ok":true}');
    const row = await app.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.active).toBe(false);
    expect(row.revokedAt).toBeInstanceOf(Date);
    expect((await call('GET', '/webhooks', a.key)).body.data.map((w: { id: number }) => w.id)).not.toContain(created.body.id);

    const again = await call('DELETE', `/webhooks?id=${created.body.id}`, a.key);
    expect({ status: again.status, body: again.body }).toEqual({ status: 404, body: { error: 'not_found', message: expect.any(String) } });
    expect((await app.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: created.body.id } })).revokedAt).toEqual(row.revokedAt);
    for (const id of ['999999', '2147483647']) {
      expect((await call('DELETE', `/webhooks?id=${id}`, a.key)).body.error).toBe('not_found');
    }
    // Beyond the id column's range: 400 (issue 14), not a lookup.
    expect((await call('DELETE', '/webhooks?id=99999999999', a.key)).body).toMatchObject({ error: 'invalid_parameter', param: 'id' });
  });

  test('DELETE: a subscription deactivated by failures can still be revoked', async () => {
    const created = await create(a.key, { url: 'https://hooks.example.com/failing' });
    await updateWebhookSubscription(app.db.prisma, created.body.id, { active: false, failCount: 20, deactivatedAt: new Date() });
    expect((await call('DELETE', `/webhooks?id=${created.body.id}`, a.key)).text).toBe('{"ok":true}');
    expect((await app.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: created.body.id } })).revokedAt).toBeInstanceOf(Date);
  });

  test("DELETE tenancy: B's id with A's key is not_found and B's row stays active", async () => {
    const bHook = await create(b.key, { url: 'https://hooks.example.com/b-only' });
    const res = await call('DELETE', `/webhooks?id=${bHook.body.id}`, a.key);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
    const row = await app.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: bHook.body.id } });
    expect(row).toMatchObject({ accountId: b.id, active: true, revokedAt: null });
    expect((await call('GET', '/webhooks', b.key)).body.data.map((w: { id: number }) => w.id)).toContain(bHook.body.id);
  });

  test('DELETE: id must be a positive integer (invalid_parameter, param id)', async () => {
    for (const query of ['', '?id=', '?id=abc', '?id=0', '?id=-1', '?id=1.5', '?id=1&id=2']) {
      const res = await call('DELETE', `/webhooks${query}`, a.key);
      expect([query, res.status, res.body.error, res.body.param]).toEqual([query, 400, 'invalid_parameter', 'id']);
    }
  });
});
