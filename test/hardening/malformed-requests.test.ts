// Issue 14 item 9: no client input produces internal_error. The malformed requests of the suites
// (bad JSON, bad types, bad params, huge and loose ids, wrong methods, bad documents, bad
// variables, APQ misuse, subscriptions over HTTP) thrown at both doors: every answer is a 4xx
// with a code of the closed list other than internal_error.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { ERROR_CODES } from '../../src/errors.ts';

type Probe = { name: string; method: string; path: string; body?: string; type?: string; auth?: string | null; cookie?: string };

const JSON_TYPE = 'application/json';
const badBodies = ['', '{', 'null', '[]', '"x"', '5', '{"a":', '{"__proto__":{"x":1}}', '\u0000', '{"event":{}}', '{"url":5}', '{"since":[]}'];
const restPosts = [
  '/track',
  '/track/batch',
  '/webhooks',
  '/insights/generate',
  '/webhooks/1/test',
  '/webhooks/1/rotate-secret',
  '/webhooks/1/recover',
  '/webhooks/1/enable',
];
const restGets = [
  '/customers?limit=abc',
  '/customers?cursor=99999999999999999999',
  '/customers?cursor=2147483648',
  '/customers?limit=1&limit=2',
  '/customers?source=nope',
  '/customers?format=xml',
  '/profit?days=1e309',
  '/anomalies?days=-1',
  '/insights?status=nope',
  '/webhooks/deliveries?cursor=0x10',
  '/webhooks/deliveries?since=yesterday',
  '/webhooks/deliveries/%00',
  '/webhooks/deliveries/' + 'x'.repeat(5000),
  '/uptime?hours=Infinity',
  '/%',
  '/customers/%E0%A4%A',
];
const documents = [
  '{',
  '{ nope }',
  'subscription { x }',
  'subscription { viewer { scopes } }',
  'query A { __typename } query A { __typename }',
  '{ customers(first: -1) { nodes { id } } }',
  '{ customers(first: 1000) { nodes { id } } }',
  '{ customers(after: "!!!") { nodes { id } } }',
  '{ customer(id: "2147483648") { id } }',
  '{ customer(id: "0x10") { id } }',
  'mutation { trackEvent(input: { event: "x", props: { __proto__: { a: 1 } } }) { eventId } }',
  'mutation { setInsightStatus(input: { id: "99999999999", status: open }) { insight { id } } }',
  'fragment f on Query { ...f } { ...f }',
  `{ ${'a'.repeat(100_000)} }`,
];
const bodies: unknown[] = [
  ...documents.map((query) => ({ query })),
  { query: '{ __typename }', variables: 5 },
  { query: 'query ($x: Int!) { __typename }', variables: { x: 'no' } },
  { query: 'query ($x: Int!) { __typename }', variables: { x: Number.MAX_VALUE } },
  { query: 'query ($x: DateTime) { __typename }', variables: { x: 'tomorrow' } },
  { query: '{ __typename }', operationName: 5 },
  { query: '{ __typename }', operationName: 'Missing' },
  { query: 5 },
  [{ query: '{ __typename }' }],
  {},
  { query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } },
  { query: '{ __typename }', extensions: { persistedQuery: { version: 2, sha256Hash: 'abc' } } },
  { query: '{ __typename }', extensions: { persistedQuery: 5 } },
  { extensions: { persistedQuery: { version: 1, sha256Hash: 5 } } },
  { query: '{ __typename }', extensions: 5 },
];

function probes(): Probe[] {
  const list: Probe[] = [];
  for (const path of restPosts)
    for (const body of badBodies) list.push({ name: `POST ${path} ${JSON.stringify(body)}`, method: 'POST', path: `/api/v1${path}`, body, type: JSON_TYPE });
  for (const path of restPosts) list.push({ name: `POST ${path} text/plain`, method: 'POST', path: `/api/v1${path}`, body: 'x', type: 'text/plain' });
  for (const path of restGets) list.push({ name: `GET ${path}`, method: 'GET', path: `/api/v1${path}` });
  for (const method of ['PUT', 'PATCH', 'DELETE']) list.push({ name: `${method} /api/v1/customers`, method, path: '/api/v1/customers' });
  list.push({ name: 'DELETE /graphql', method: 'DELETE', path: '/graphql' });
  list.push({ name: 'DELETE /api/v1/webhooks?id=abc', method: 'DELETE', path: '/api/v1/webhooks?id=abc' });
  for (const auth of ['Bearer', 'Bearer svc_live_x', 'Basic abc', 'Bearer a.b.c', `Bearer ${'x'.repeat(9000)}`])
    list.push({ name: `auth ${auth.slice(0, 20)}`, method: 'GET', path: '/api/v1/customers', auth });
  for (const body of bodies)
    list.push({ name: `GraphQL ${JSON.stringify(body).slice(0, 80)}`, method: 'POST', path: '/graphql', body: JSON.stringify(body), type: JSON_TYPE });
  for (const body of badBodies) list.push({ name: `GraphQL body ${JSON.stringify(body)}`, method: 'POST', path: '/graphql', body, type: JSON_TYPE });
  list.push({ name: 'GraphQL GET mutation', method: 'GET', path: '/graphql?query=mutation%7BgenerateInsights%7Bbalance%7D%7D' });
  list.push({ name: 'GraphQL GET bad extensions', method: 'GET', path: '/graphql?query=%7B__typename%7D&extensions=%7B' });
  list.push({ name: 'GraphQL GET bad variables', method: 'GET', path: '/graphql?query=%7B__typename%7D&variables=5' });
  // Dashboard sign-in (docs/dashboard.md): bad bodies and cookies.
  const logins = [...badBodies, '{"email":5,"password":"x"}', `{"email":"${'a'.repeat(5000)}@x.com","password":"p"}`, '{"email":"a@b.c","password":["x"]}'];
  for (const body of logins)
    list.push({ name: `login ${JSON.stringify(body).slice(0, 60)}`, method: 'POST', path: '/auth/login', body, type: JSON_TYPE, auth: null });
  list.push({ name: 'login text/plain', method: 'POST', path: '/auth/login', body: 'x', type: 'text/plain', auth: null });
  for (const cookie of ['svc_session=', 'svc_session=a.b.c', `svc_session=${'x'.repeat(5000)}`, 'svc_session=%00', 'svc_session'])
    for (const [method, path] of [
      ['GET', '/auth/session'],
      ['POST', '/auth/password'],
      ['POST', '/auth/logout-everywhere'],
      ['POST', '/graphql'],
    ] as const)
      list.push({
        name: `${method} ${path} cookie ${cookie.slice(0, 20)}`,
        method,
        path,
        body: method === 'POST' ? '{"query":"{ __typename }"}' : undefined,
        type: JSON_TYPE,
        auth: null,
        cookie,
      });
  return list;
}

describeEachDatabase('malformed requests (issue 14)', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '100000' });
    const accountId = (await makeAccount(app.db.prisma)).id;
    key = (await keysService(app.db.prisma).createKey({ accountId, scopes: ['read', 'write'] })).key;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  test('no malformed request answers 500 or internal_error, on either door', async () => {
    const known = new Set<string>([...ERROR_CODES, 'PERSISTED_QUERY_NOT_FOUND']);
    const failures: string[] = [];
    for (const probe of probes()) {
      const headers: Record<string, string> = { 'apollo-require-preflight': 'true' };
      if (probe.type) headers['content-type'] = probe.type;
      const auth = probe.auth === undefined ? `Bearer ${key}` : probe.auth;
      if (auth !== null) headers.authorization = auth;
      if (probe.cookie) headers.cookie = probe.cookie;
      const res = await fetch(`${app.url}${probe.path}`, { method: probe.method, headers, body: probe.body });
      const text = await res.text();
      let codes: string[] = [];
      try {
        const parsed = JSON.parse(text) as { error?: string; errors?: Array<{ extensions?: { code?: string } }> };
        codes = parsed.error ? [parsed.error] : (parsed.errors ?? []).map((e) => e.extensions?.code ?? 'none');
      } catch {
        codes = ['not json'];
      }
      const bad = res.status >= 500 || codes.some((c) => c === 'internal_error' || !known.has(c));
      if (bad) failures.push(`${probe.name.slice(0, 120)} -> ${res.status} ${codes.join(',')}`);
    }
    expect(failures).toEqual([]);
  });
});
