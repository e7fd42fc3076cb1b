// POST /api/v1/track contract: the golden answer and the stored row, the event-name, props,
// identifier and url bounds (props measured as UTF-8 JSON bytes, multi-byte characters included),
// body errors, scopes, and geo from the client address (X-Forwarded-For only from a trusted proxy).
// Every refusal is checked to store nothing.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { openApiChecker, type OpenApiChecker } from '../helpers/openapi.ts';
import { makeAccount } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { golden } from '../helpers/golden.ts';

/** An object {k: <filler repeated, then "a"s>} whose compact JSON is exactly `bytes` bytes. */
function propsOfBytes(bytes: number, filler: string, fillerBytes: number): { k: string } {
  const room = bytes - Buffer.byteLength('{"k":""}');
  const repeats = Math.floor(room / fillerBytes);
  const props = { k: filler.repeat(repeats) + 'a'.repeat(room - repeats * fillerBytes) };
  expect(Buffer.byteLength(JSON.stringify(props))).toBe(bytes);
  return props;
}

function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 1; i < levels; i++) value = { n: value };
  return value;
}

describeEachDatabase('v1 track', (target) => {
  let database: TestDatabase;
  let proxied: TestApp; // TRUSTED_PROXIES=127.0.0.1: X-Forwarded-For from the test client is honoured
  let direct: TestApp; // no trusted proxies: X-Forwarded-For is ignored
  let checker: OpenApiChecker;
  let account: { id: string; key: string; keyId: number };
  let readOnlyKey: string;

  async function track(body: unknown, options: { key?: string | null; headers?: Record<string, string>; app?: TestApp } = {}) {
    const key = options.key === undefined ? account.key : options.key;
    const res = await fetch(`${(options.app ?? proxied).url}/api/v1/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...options.headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const json = JSON.parse(text);
    checker.check('POST', '/api/v1/track', res.status, json);
    return { status: res.status, headers: res.headers, text, body: json };
  }
  const count = () => proxied.db.prisma.trackEvent.count({ where: { accountId: account.id } });
  const row = (id: number) => proxied.db.prisma.trackEvent.findFirstOrThrow({ where: { id: BigInt(id) } });

  /** A request that must fail with `status`/`code` (and `param` when given) and store nothing. */
  async function refused(body: unknown, status: number, code: string, param?: string, options: Parameters<typeof track>[1] = {}) {
    const before = await count();
    const res = await track(body, options);
    const seen: Record<string, unknown> = { status: res.status, error: res.body.error };
    if (param !== undefined) seen.param = res.body.param;
    expect(seen).toEqual({ status, error: code, ...(param !== undefined ? { param } : {}) });
    expect(await count()).toBe(before);
    return res.body;
  }
  async function accepted(body: unknown, options: Parameters<typeof track>[1] = {}) {
    const res = await track(body, options);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: golden('track-accepted', { event_id: expect.any(Number) }) });
    return row(res.body.event_id);
  }

  beforeAll(async () => {
    database = await target.create();
    proxied = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '100000', TRUSTED_PROXIES: '127.0.0.1' });
    direct = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '100000' });
    checker = await openApiChecker(proxied.url);
    const created = await makeAccount(proxied.db.prisma, { name: 'Tracker' });
    const keys = keysService(proxied.db.prisma);
    const writeKey = await keys.createKey({ accountId: created.id, scopes: ['read', 'write'] });
    account = { id: created.id, key: writeKey.key, keyId: writeKey.id };
    readOnlyKey = (await keys.createKey({ accountId: created.id, scopes: ['read'] })).key;
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
    await database?.close();
  });

  test('golden answer and the stored event', async () => {
    const res = await track({
      event: 'checkout.started',
      props: { plan: 'pro', items: 3, tags: ['a', 'b'], nested: { ok: true, none: null } },
      visitor_id: 'v_123',
      session_id: 's_456',
      url: 'https://shop.example.com/cart?step=1',
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['ok', 'event_id', 'api_version']);
    expect(res.body).toEqual(golden('track-accepted', { event_id: expect.any(Number) }));
    expect(Number.isInteger(res.body.event_id)).toBe(true);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(await row(res.body.event_id)).toMatchObject({
      accountId: account.id,
      apiKeyId: account.keyId,
      event: 'checkout.started',
      props: { plan: 'pro', items: 3, tags: ['a', 'b'], nested: { ok: true, none: null } },
      visitorId: 'v_123',
      sessionId: 's_456',
      url: 'https://shop.example.com/cart?step=1',
      country: null,
      region: null,
      city: null,
    });
  });

  test('only event is required: props defaults to {}, the rest to null; ids increase', async () => {
    const first = await accepted({ event: 'ping' });
    expect(first).toMatchObject({ event: 'ping', props: {}, visitorId: null, sessionId: null, url: null });
    const second = await accepted({ event: 'ping', props: {} });
    expect(second.id > first.id).toBe(true);
  });

  test('event name: 1 to 64 characters of a-z A-Z 0-9 . _ -', async () => {
    for (const event of ['a', 'Z', '0', '.', '_', '-', 'Checkout.Completed_v2-beta', 'x'.repeat(64), 'AZaz09._-'.repeat(7).slice(0, 64)]) {
      expect((await accepted({ event })).event).toBe(event);
    }
    const bad: unknown[] = [
      'x'.repeat(65),
      '',
      'has space',
      ' leading',
      'tab\there',
      'new\nline',
      'nul\u0000',
      'del\u007f',
      'slash/x',
      'colon:x',
      'at@x',
      'star*',
      'plus+x',
      'hash#x',
      'percent%x',
      'quote"x',
      'comma,x',
      'back\\slash',
      'tilde~x',
      'caf\u00e9',
      '\u00e9',
      '\u{1F600}',
      '\uFF41bc', // fullwidth a
      'zero\u200Bwidth',
      '\u0430bc', // Cyrillic a
      123,
      true,
      null,
      ['ping'],
      { name: 'ping' },
    ];
    for (const event of bad) {
      const before = await count();
      const res = await track({ event });
      expect([event, res.status, res.body.error, res.body.param]).toEqual([event, 400, 'invalid_event_name', 'event']);
      expect(await count()).toBe(before);
    }
    await refused({ props: { a: 1 } }, 400, 'invalid_event_name', 'event');
    // The event is checked first.
    await refused({ event: 'bad name', props: [] }, 400, 'invalid_event_name', 'event');
  });

  test('props: exactly 8192 bytes of UTF-8 JSON is accepted, 8193 is props_too_large (ASCII, 2- and 4-byte characters, escapes)', async () => {
    const fillers: Array<[string, number]> = [
      ['a', 1],
      ['\u00e9', 2], // é
      ['\u20ac', 3], // €
      ['\u{1F600}', 4], // 😀
      ['"', 2], // serialized as \"
    ];
    for (const [filler, bytes] of fillers) {
      const ok = propsOfBytes(8192, filler, bytes);
      expect((await accepted({ event: 'big', props: ok })).props).toEqual(ok);
      await refused({ event: 'big', props: propsOfBytes(8193, filler, bytes) }, 400, 'props_too_large', 'props');
    }
    // Measured in bytes, not characters: 4094 characters, 8194 bytes.
    const chars = { k: '\u00e9'.repeat(4093) };
    expect(JSON.stringify(chars).length).toBeLessThan(8192);
    await refused({ event: 'big', props: chars }, 400, 'props_too_large', 'props');
  });

  test('props must be a JSON object, storable, and at most 32 levels deep', async () => {
    for (const props of [[], [1, 2], null, 'text', 5, true]) {
      await refused({ event: 'p', props }, 400, 'invalid_field', 'props');
    }
    expect((await accepted({ event: 'p', props: nested(32) })).props).toEqual(nested(32));
    await refused({ event: 'p', props: nested(33) }, 400, 'invalid_field', 'props');
    await refused({ event: 'p', props: { a: 'nul\u0000' } }, 400, 'invalid_field', 'props');
    await refused({ event: 'p', props: { ['k\u0000']: 1 } }, 400, 'invalid_field', 'props');
    await refused('{"event":"p","props":{"a":"\\ud800"}}', 400, 'invalid_field', 'props');
    const unicode = { clé: 'caf\u00e9 \u{1F600}', list: [{ ключ: '\u4e2d\u6587' }] };
    expect((await accepted({ event: 'p', props: unicode })).props).toEqual(unicode);
  });

  test('visitor_id and session_id: optional strings of at most 128 characters', async () => {
    for (const param of ['visitor_id', 'session_id'] as const) {
      const column = param === 'visitor_id' ? 'visitorId' : 'sessionId';
      expect((await accepted({ event: 'id', [param]: 'v'.repeat(128) }))[column]).toBe('v'.repeat(128));
      expect((await accepted({ event: 'id', [param]: '\u{1F600}'.repeat(128) }))[column]).toBe('\u{1F600}'.repeat(128));
      for (const value of ['v'.repeat(129), '\u{1F600}'.repeat(129), 5, null, true, ['v'], { id: 'v' }, 'nul\u0000']) {
        await refused({ event: 'id', [param]: value }, 400, 'invalid_field', param);
      }
    }
  });

  test('url: optional http(s) URL of at most 2048 characters', async () => {
    const base = 'https://shop.example.com/';
    for (const url of ['http://shop.example.com/a', 'https://shop.example.com/a?b=c#d', base + 'p'.repeat(2048 - base.length)]) {
      expect((await accepted({ event: 'u', url })).url).toBe(url);
    }
    for (const url of [
      base + 'p'.repeat(2049 - base.length),
      'ftp://shop.example.com/a',
      'javascript:alert(1)',
      'mailto:a@example.com',
      'not a url',
      '/relative/path',
      'https://exa mple.com/',
      ' https://shop.example.com/',
      'https://shop.example.com/\n',
      '',
      5,
      null,
    ]) {
      await refused({ event: 'u', url }, 400, 'invalid_field', 'url');
    }
  });

  test('body errors: unknown field, malformed JSON, not an object, text/plain, 2 MB', async () => {
    await refused({ event: 'x', extra: 1 }, 400, 'invalid_field', 'extra');
    await refused({ Event: 'x' }, 400, 'invalid_field', 'Event');
    await refused({ event: 'x', api_key_id: 7 }, 400, 'invalid_field', 'api_key_id');
    await refused('{"event": "x"', 400, 'invalid_json');
    await refused('{"event": "x",}', 400, 'invalid_json');
    await refused('', 400, 'invalid_json');
    await refused('[{"event":"x"}]', 400, 'invalid_json');
    await refused('"x"', 400, 'invalid_json');
    // Prototype keys are refused by the JSON parser itself.
    await refused('{"event":"x","props":{"__proto__":{"admin":true}}}', 400, 'invalid_json');
    await refused('{"event":"x"}', 415, 'unsupported_media_type', undefined, { headers: { 'content-type': 'text/plain' } });
    await refused('{"event":"x"}', 415, 'unsupported_media_type', undefined, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const huge = JSON.stringify({ event: 'x', props: { blob: 'a'.repeat(2 * 1024 * 1024) } });
    await refused(huge, 413, 'payload_too_large');
  });

  test('401 without a key and 403 scope_required:write for a read-only key, both before the body is read', async () => {
    expect(await refused({ event: 'x' }, 401, 'missing_authorization', undefined, { key: null })).toEqual({
      error: 'missing_authorization',
      message: expect.any(String),
    });
    expect(await refused({ event: 'x' }, 403, 'scope_required:write', undefined, { key: readOnlyKey })).toEqual({ error: 'scope_required:write' });
    await refused('{not json', 401, 'missing_authorization', undefined, { key: null });
    await refused({ event: 'bad name' }, 403, 'scope_required:write', undefined, { key: readOnlyKey });
  });

  test('geo: X-Forwarded-For from a trusted proxy is located; the last hop counts', async () => {
    const us = await accepted({ event: 'geo' }, { headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect({ country: us.country, region: us.region, city: us.city }).toEqual({ country: 'US', region: 'California', city: 'Mountain View' });
    // A client cannot pick its location by prepending addresses: the proxy's last entry wins.
    const au = await accepted({ event: 'geo' }, { headers: { 'x-forwarded-for': '8.8.8.8, 1.1.1.1' } });
    expect(au.country).toBe('AU');
    const v6 = await accepted({ event: 'geo' }, { headers: { 'x-forwarded-for': '2001:4860:4860::8888' } });
    expect(v6.country).toMatch(/^[A-Z]{2}$/);
    for (const forwarded of ['10.0.0.1', '192.168.1.1', '::1', 'not-an-address']) {
      expect(await accepted({ event: 'geo' }, { headers: { 'x-forwarded-for': forwarded } })).toMatchObject({ country: null, region: null, city: null });
    }
    expect(await accepted({ event: 'geo' })).toMatchObject({ country: null, region: null, city: null });
  });

  test('geo: without trusted proxies X-Forwarded-For is ignored (loopback: no geo)', async () => {
    const row = await accepted({ event: 'geo' }, { app: direct, headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(row).toMatchObject({ accountId: account.id, country: null, region: null, city: null });
  });
});
