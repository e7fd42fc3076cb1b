// The common route table (as Unkey's common route tests): every authenticated /api/v1 route and
// the GraphQL endpoint must answer the same way to a missing, malformed, unknown, revoked or
// expired key and to a key without the route's scope, and carry the rate-limit headers once the
// caller is known. test/contract/route-auth.test.ts runs it; openapi coverage keeps it complete.

export type RouteScope = 'read' | 'write';

export interface AuthenticatedRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path below /api/v1, with a query string where the route needs one to get past validation. */
  path: string;
  scope: RouteScope;
  /** The served route when `path` fills in path parameters (`/webhooks/:id/test`). */
  route?: string;
  /** What a key with the scope gets, when not the usual (200 for a GET, 400 for a write sent a body that is not JSON). */
  okStatus?: number;
}

/** Every /api/v1 route that needs a key. A route added without a row here fails the coverage test. */
export const AUTHENTICATED_ROUTES: readonly AuthenticatedRoute[] = [
  { method: 'GET', path: '/me', scope: 'read' },
  { method: 'GET', path: '/credits', scope: 'read' },
  { method: 'GET', path: '/customers', scope: 'read' },
  { method: 'GET', path: '/customers/segments', scope: 'read' },
  { method: 'GET', path: '/integrations', scope: 'read' },
  { method: 'GET', path: '/insights', scope: 'read' },
  { method: 'GET', path: '/anomalies', scope: 'read' },
  { method: 'GET', path: '/profit', scope: 'read' },
  { method: 'GET', path: '/inventory', scope: 'read' },
  { method: 'GET', path: '/reorder', scope: 'read' },
  { method: 'GET', path: '/ads', scope: 'read' },
  { method: 'GET', path: '/creatives', scope: 'read' },
  { method: 'GET', path: '/conversations', scope: 'read' },
  { method: 'GET', path: '/health', scope: 'read' },
  { method: 'GET', path: '/risks', scope: 'read' },
  { method: 'GET', path: '/usage', scope: 'read' },
  { method: 'GET', path: '/webhooks', scope: 'read' },
  { method: 'POST', path: '/webhooks', scope: 'write' },
  { method: 'DELETE', path: '/webhooks?id=abc', scope: 'write' },
  { method: 'GET', path: '/webhooks/deliveries', scope: 'read' },
  // No such delivery: past the guard, the lookup answers 404 not_found.
  { method: 'GET', path: '/webhooks/deliveries/dlv_000000000000000000000000', route: '/webhooks/deliveries/:id', scope: 'read', okStatus: 404 },
  { method: 'POST', path: '/webhooks/deliveries/dlv_000000000000000000000000/resend', route: '/webhooks/deliveries/:id/resend', scope: 'write' },
  { method: 'POST', path: '/webhooks/1/recover', route: '/webhooks/:id/recover', scope: 'write' },
  { method: 'POST', path: '/webhooks/1/test', route: '/webhooks/:id/test', scope: 'write' },
  { method: 'POST', path: '/webhooks/1/rotate-secret', route: '/webhooks/:id/rotate-secret', scope: 'write' },
  { method: 'POST', path: '/webhooks/1/enable', route: '/webhooks/:id/enable', scope: 'write' },
  { method: 'POST', path: '/track', scope: 'write' },
  { method: 'POST', path: '/insights/generate', scope: 'write' },
  // A JSON body is not a file: past the guard and the query check, 415 unsupported_media_type.
  { method: 'POST', path: '/imports?kind=orders&format=csv', route: '/imports', scope: 'write', okStatus: 415 },
  { method: 'GET', path: '/imports/2147483647', route: '/imports/:id', scope: 'read', okStatus: 404 },
];

/** The /api/v1 routes anyone may call (their own headers are checked in v1-public and openapi tests). */
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/v1/benchmarks',
  'GET /api/v1/blog',
  'GET /api/v1/changelog',
  'GET /api/v1/changelog.rss',
  'GET /api/v1/feature-costs',
  'GET /api/v1/incidents',
  'GET /api/v1/index',
  'GET /api/v1/integraciones',
  'GET /api/v1/llm-system-prompt',
  'GET /api/v1/openapi.json',
  'GET /api/v1/postman',
  'GET /api/v1/predictions',
  'GET /api/v1/reports',
  'GET /api/v1/sdk/python',
  'GET /api/v1/sdk/typescript',
  'GET /api/v1/status',
  'GET /api/v1/uptime',
];

/** The keys the table is run with, all of one account (revoked and expired from test/factories/keys.ts). */
export interface TableKeys {
  readWrite: string;
  readOnly: string;
  writeOnly: string;
  revoked: string;
  expired: string;
}

/** Each way to be refused with 401, and the decided code (spec: authentication errors). */
export function unauthenticatedCases(keys: TableKeys): Array<{ name: string; authorization: string | undefined; code: string }> {
  const lastChar = keys.readWrite.endsWith('A') ? 'B' : 'A';
  return [
    { name: 'no Authorization header', authorization: undefined, code: 'missing_authorization' },
    { name: 'not a Bearer header', authorization: 'Basic abc', code: 'invalid_token_format' },
    { name: 'a token without the key prefix', authorization: 'Bearer sk_live_123', code: 'invalid_token_format' },
    { name: 'a key that was never issued', authorization: 'Bearer svc_test_000000000000000000000000000000000000', code: 'key_not_found' },
    { name: 'an issued key with one character changed', authorization: `Bearer ${keys.readWrite.slice(0, -1)}${lastChar}`, code: 'key_not_found' },
    { name: 'a revoked key', authorization: `Bearer ${keys.revoked}`, code: 'key_revoked' },
    { name: 'an expired key', authorization: `Bearer ${keys.expired}`, code: 'key_expired' },
  ];
}

/** A key with every scope but the one the route needs. */
export const keyWithoutScope = (keys: TableKeys, scope: RouteScope): string => (scope === 'read' ? keys.writeOnly : keys.readOnly);

/** Write routes get a body that is not JSON: authentication and scope are decided before the body is read. */
export const NOT_JSON = '{not json';

export interface RouteAnswer {
  status: number;
  headers: Headers;
  body: { error?: string; [field: string]: unknown };
}

/** One request to a table route through real HTTP. */
export async function callRoute(baseUrl: string, route: AuthenticatedRoute, authorization: string | undefined): Promise<RouteAnswer> {
  const hasBody = route.method === 'POST';
  const res = await fetch(`${baseUrl}/api/v1${route.path}`, {
    method: route.method,
    headers: { ...(authorization ? { authorization } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { body: NOT_JSON } : {}),
  });
  const type = res.headers.get('content-type') ?? '';
  const body = type.startsWith('application/json') ? ((await res.json()) as RouteAnswer['body']) : { text: await res.text() };
  return { status: res.status, headers: res.headers, body };
}

/** POST /graphql with a query every key may ask. */
export async function callGraphql(baseUrl: string, authorization: string | undefined): Promise<{ status: number; headers: Headers; codes: string[] }> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: '{"query":"{ viewer { scopes } }"}',
  });
  const body = (await res.json()) as { errors?: Array<{ extensions: { code: string } }> };
  return { status: res.status, headers: res.headers, codes: (body.errors ?? []).map((e) => e.extensions.code) };
}
