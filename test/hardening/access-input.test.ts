// Issue 14, access and input: write-only keys read nothing through mutation payloads, duplicate
// Authorization headers, strict integers, __proto__/constructor in props whatever the path,
// suggestions in variable errors, and the directive limit over the whole document.
import http from 'node:http';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount, makeCustomer, makeOrder } from '../factories/index.ts';
import { makeInsight, makeInventoryItem, makeReorderSuggestion } from '../factories/analytics.ts';
import { makeStoredSubscription } from '../factories/webhooks.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { codes, gql, JWT_SECRET, userErrorCodes } from '../graphql/helpers.ts';
import { toGlobalId } from '../../src/graphql/global-id.ts';

/** A request with raw header lines (Node sends each value of an array as its own line). */
function rawRequest(url: string, headers: Record<string, string | string[]>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: body === undefined ? 'GET' : 'POST' }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    for (const [name, value] of Object.entries(headers)) req.setHeader(name, value);
    req.on('error', reject);
    req.end(body);
  });
}

describeEachDatabase('access and input (issue 14)', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let quiet: TestApp;
  let accountId: string;
  let key: string;
  let writeOnly: string;

  beforeAll(async () => {
    database = await target.create();
    const env = { RATE_LIMIT_PER_MINUTE: '5000', JWT_SECRET };
    app = await startTestApp(database, env);
    quiet = await startTestApp(database, { ...env, GRAPHQL_FIELD_SUGGESTIONS: 'false' });
    accountId = (await makeAccount(app.db.prisma)).id;
    const keys = keysService(app.db.prisma);
    key = (await keys.createKey({ accountId, scopes: ['read', 'write'] })).key;
    writeOnly = (await keys.createKey({ accountId, scopes: ['write'] })).key;
  });
  afterAll(async () => {
    await quiet?.close();
    await app?.close();
    await database?.close();
  });

  describe('1. a write-only key reads nothing through a mutation payload', () => {
    const readErrors = (answer: { body: { errors?: Array<{ extensions: { code: string } }> } }) =>
      (answer.body.errors ?? []).map((e) => e.extensions.code).filter((c) => c !== 'scope_required:read');

    test('setInsightStatus: the mutation runs, the insight beyond its id is refused', async () => {
      const insight = await makeInsight(app.db.prisma, accountId, { title: 'secret title' });
      const q = `mutation { setInsightStatus(input: { id: "${insight.id}", status: resolved }) { insight { id title body relatedAnomaly { zScore } } } }`;
      const answer = await gql(app, writeOnly, q);
      expect(codes(answer)).toContain('scope_required:read');
      expect(readErrors(answer)).toEqual([]);
      expect(JSON.stringify(answer.body)).not.toContain('secret title');
      expect((await app.db.prisma.insight.findUniqueOrThrow({ where: { id: insight.id } })).status).toBe('resolved');
      const idOnly = await gql(app, writeOnly, `mutation { setInsightStatus(input: { id: "${insight.id}", status: open }) { insight { id } } }`);
      expect(idOnly.body).toMatchObject({ data: { setInsightStatus: { insight: { id: toGlobalId('Insight', insight.id) } } } });
      const reader = await gql(app, key, q);
      expect(reader.body.errors).toBeUndefined();
      expect(reader.body.data.setInsightStatus.insight.title).toBe('secret title');
    });

    test('updateCustomerContact: no email, phone or orders', async () => {
      const customer = await makeCustomer(app.db.prisma, accountId);
      await makeOrder(app.db.prisma, accountId, customer.id, { total: 42, placedAt: new Date() });
      const answer = await gql(
        app,
        writeOnly,
        `mutation { updateCustomerContact(input: { id: "${customer.id}", phone: "+15550001" }) { customer { id email phone recentOrders { totalAmount } } } }`,
      );
      expect(codes(answer)).toContain('scope_required:read');
      expect(readErrors(answer)).toEqual([]);
      expect(JSON.stringify(answer.body.data ?? null)).not.toContain('@');
      expect((await app.db.prisma.customer.findUniqueOrThrow({ where: { id: customer.id } })).phone).toBe('+15550001');
    });

    test('userErrors (an @outcome type) are read in full with write alone: they describe the request', async () => {
      const answer = await gql(app, writeOnly, 'mutation { trackEvent(input: { event: "", props: {} }) { eventId userErrors { field code message } } }');
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.trackEvent.eventId).toBeNull();
      expect(answer.body.data.trackEvent.userErrors).toEqual([{ field: expect.any(Array), code: expect.any(String), message: expect.any(String) }]);
    });

    test('setReorderStatus: no inventory item', async () => {
      const item = await makeInventoryItem(app.db.prisma, accountId, { sku: 'SKU-HIDDEN' });
      const suggestion = await makeReorderSuggestion(app.db.prisma, accountId, item.id);
      const answer = await gql(
        app,
        writeOnly,
        `mutation { setReorderStatus(input: { id: "${suggestion.id}", status: ordered }) { reorderSuggestion { id inventoryItem { sku currentStock } } } }`,
      );
      expect(codes(answer)).toContain('scope_required:read');
      expect(JSON.stringify(answer.body)).not.toContain('SKU-HIDDEN');
    });

    test('generateInsights: the outcome, not the insights', async () => {
      const { id } = await makeAccount(app.db.prisma);
      await makeInventoryItem(app.db.prisma, id, { status: 'critical', currentStock: 0, daysOfStock: 0 });
      await app.services.credits.purchase(id, 100);
      const writer = (await keysService(app.db.prisma).createKey({ accountId: id, scopes: ['write'] })).key;
      const outcome = await gql(
        app,
        writer,
        'mutation { generateInsights { insights { id } skippedOpen failed { transactionId refunded error } refunded balance } }',
      );
      expect(outcome.body.errors).toBeUndefined();
      expect(outcome.body.data.generateInsights).toMatchObject({ skippedOpen: 0, failed: [], refunded: false, balance: 95 });
      expect(outcome.body.data.generateInsights.insights).toEqual([{ id: expect.any(String) }]);
      await app.db.prisma.insight.updateMany({ where: { accountId: id }, data: { status: 'resolved' } });
      const content = await gql(app, writer, 'mutation { generateInsights { insights { id title body } balance } }');
      expect(codes(content)).toContain('scope_required:read');
      expect(JSON.stringify(content.body)).not.toMatch(/"title":"[^"]/);
    });

    test('a webhook mutation: the subscription beyond its id is refused, the secret (the outcome) is given', async () => {
      const created = await gql(
        app,
        writeOnly,
        'mutation { createWebhook(input: { url: "https://93.184.215.14/hook" }) { secret webhook { id url events } } }',
      );
      expect(codes(created)).toContain('scope_required:read');
      expect(JSON.stringify(created.body)).not.toContain('93.184.215.14');
      const stored = await app.db.prisma.webhookSubscription.findFirstOrThrow({ where: { accountId, url: 'https://93.184.215.14/hook' } });
      const enabled = await gql(app, writeOnly, `mutation { enableWebhook(input: { id: "${stored.id}" }) { webhook { id url } } }`);
      expect(codes(enabled)).toEqual(['scope_required:read']);
      const rotated = await gql(app, writeOnly, `mutation { rotateWebhookSecret(input: { id: "${stored.id}" }) { webhookId secret } }`);
      expect(rotated.body.errors).toBeUndefined();
      expect(rotated.body.data.rotateWebhookSecret.secret).toMatch(/^whsec_/);
    });
  });

  test('2. two Authorization headers are invalid_token_format on both doors', async () => {
    const two = { authorization: [`Bearer ${key}`, `Bearer ${key}`] };
    const rest = await rawRequest(`${app.url}/api/v1/customers`, two);
    expect(rest.status).toBe(401);
    expect(JSON.parse(rest.body)).toMatchObject({ error: 'invalid_token_format' });
    const graphql = await rawRequest(`${app.url}/graphql`, { ...two, 'content-type': 'application/json' }, JSON.stringify({ query: '{ viewer { scopes } }' }));
    expect(graphql.status).toBe(401);
    expect(JSON.parse(graphql.body).errors[0].extensions.code).toBe('invalid_token_format');
    const one = await rawRequest(`${app.url}/api/v1/customers`, { authorization: `Bearer ${key}` });
    expect(one.status).toBe(200);
  });

  test('3. only decimal digits are an integer; ids beyond int4 are 400', async () => {
    const sub = await makeStoredSubscription(app.db.prisma, accountId, 'https://93.184.215.14/int');
    const get = async (path: string, method = 'GET') => {
      const res = await fetch(`${app.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${key}` } });
      return { status: res.status, body: await readJson(res) };
    };
    const loose = ['0x10', '0o7', '0b1', '1e2', '1.0', '+5', ' 5', '5 ', 'Infinity', '1e309', '-1', ''];
    const cases: Array<[string, string, string?]> = [
      ['limit', '/customers?limit='],
      ['cursor', '/customers?cursor='],
      ['days', '/profit?days='],
      ['days', '/anomalies?days='],
      ['hours', '/uptime?hours='],
      ['limit', '/webhooks/deliveries?limit='],
      ['subscription_id', '/webhooks/deliveries?subscription_id='],
      ['id', '/webhooks?id=', 'DELETE'],
    ];
    for (const [param, path, method] of cases) {
      for (const value of loose) {
        const answer = await get(`${path}${encodeURIComponent(value)}`, method);
        expect({ path, value, status: answer.status, error: answer.body.error, param: answer.body.param }).toEqual({
          path,
          value,
          status: 400,
          error: 'invalid_parameter',
          param,
        });
      }
    }
    const testPath = async (id: string) => get(`/webhooks/${encodeURIComponent(id)}/test`, 'POST');
    for (const value of ['0x10', '1e2', '+5', '2147483648', '99999999999999999999']) {
      expect((await testPath(value)).body).toMatchObject({ error: 'invalid_parameter', param: 'id' });
    }
    for (const path of ['/customers?cursor=2147483648', '/webhooks/deliveries?cursor=2147483648', '/webhooks?id=2147483648']) {
      const answer = await get(path, path.startsWith('/webhooks?') ? 'DELETE' : 'GET');
      expect({ path, status: answer.status, error: answer.body.error }).toEqual({ path, status: 400, error: 'invalid_parameter' });
    }
    // Digits above the maximum are clamped as decided, however many.
    const huge = await get(`/customers?limit=${'9'.repeat(400)}`);
    expect(huge.status).toBe(200);
    expect((await get('/customers?limit=100')).status).toBe(200);
    expect((await get(`/webhooks?id=${sub.id}`, 'DELETE')).status).toBe(200);
  });

  test('4. __proto__ and constructor in props are refused on every path', async () => {
    const before = await app.db.prisma.trackEvent.count({ where: { accountId } });
    const literal = await gql(
      app,
      key,
      'mutation { trackEvent(input: { event: "x", props: { __proto__: { polluted: true } } }) { eventId userErrors { code } } }',
    );
    expect(userErrorCodes(literal)).toEqual(['invalid_field']);
    const nested = await gql(
      app,
      key,
      'mutation { trackEvent(input: { event: "x", props: { a: { b: [{ constructor: { prototype: 1 } }] } } }) { eventId userErrors { code } } }',
    );
    expect(userErrorCodes(nested)).toEqual(['invalid_field']);
    const variable = await gql(app, key, 'mutation ($p: JSONObject) { trackEvent(input: { event: "x", props: $p }) { eventId userErrors { code } } }', {
      p: { a: { constructor: 1 } },
    });
    expect(userErrorCodes(variable)).toEqual(['invalid_field']);
    const rest = await fetch(`${app.url}/api/v1/track`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'x', props: { deep: { constructor: 'x' } } }),
    });
    expect(rest.status).toBe(400);
    expect(await readJson(rest)).toMatchObject({ error: 'invalid_field', param: 'props' });
    const restProto = await fetch(`${app.url}/api/v1/track`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"event":"x","props":{"__proto__":{"polluted":true}}}',
    });
    expect(restProto.status).toBe(400);
    expect(await app.db.prisma.trackEvent.count({ where: { accountId } })).toBe(before);
  });

  test('5. no suggestions in variable coercion errors when suggestions are off', async () => {
    const q = 'mutation ($input: SetInsightStatusInput!) { setInsightStatus(input: $input) { insight { id } } }';
    const enumValue = await gql(quiet, key, q, { input: { id: '1', status: 'resolvd' } });
    const inputField = await gql(quiet, key, q, { input: { id: '1', statuss: 'resolved' } });
    for (const answer of [enumValue, inputField]) {
      expect(new Set(codes(answer))).toEqual(new Set(['invalid_parameter']));
      expect(JSON.stringify(answer.body)).not.toMatch(/Did you mean/);
    }
    // Outside production (suggestions on) they stay.
    expect(JSON.stringify((await gql(app, key, q, { input: { id: '1', status: 'resolvd' } })).body)).toMatch(/Did you mean/);
  });

  test('6. the directive limit counts directives on spreads, inline fragments, fragments, operations and variables', async () => {
    const spreads = Array.from({ length: 25 }, () => '...f @include(if: true)').join(' ');
    const inline = Array.from({ length: 25 }, () => '... on Query @include(if: true) { __typename }').join(' ');
    const mixed = `query { ${Array.from({ length: 11 }, (_, i) => `a${i}: __typename @include(if: true)`).join(' ')} ${Array.from({ length: 10 }, () => '...f @skip(if: false)').join(' ')} } fragment f on Query { __typename }`;
    for (const query of [`query { ${spreads} } fragment f on Query { __typename }`, `query { ${inline} }`, mixed]) {
      const answer = await gql(app, key, query);
      expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_parameter', reason: 'MAX_DIRECTIVES_EXCEEDED' });
    }
    const few = await gql(app, key, 'query { ... on Query @include(if: true) { __typename } }');
    expect(few.body.errors).toBeUndefined();
  });
});
