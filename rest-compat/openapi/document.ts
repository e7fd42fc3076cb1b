// The OpenAPI 3.1 document of /api/v1, generated from the routes as registered: their request
// schemas (the ones that validate requests) and their `config.doc` (summary, auth, responses).
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ErrorBody } from './schemas.ts';

export type Auth = 'public' | 'read' | 'write';

export interface RouteDoc {
  summary: string;
  description?: string;
  auth: Auth;
  /** Success responses by status: a JSON schema (null for none), optionally a CSV alternative and other media types (text). */
  responses: Record<number, { description: string; schema: unknown; csv?: boolean; media?: string[] }>;
  /** A request body that is not JSON (a file upload): its media types. */
  requestBody?: { description: string; media: readonly string[] };
  /** Route-specific error answers ({error: code} bodies) by status, beside the common ones. */
  errors?: Record<number, string>;
}

export interface DocumentedRoute {
  method: string;
  url: string;
  schema: { querystring?: JsonObject; body?: JsonObject; params?: JsonObject };
  doc: RouteDoc;
}

type JsonObject = { properties?: Record<string, JsonObject & { description?: string }>; required?: string[]; [k: string]: unknown };

/** Collects every documented route registered after this call (an onRoute hook). */
export function collectDocumentedRoutes(app: FastifyInstance): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const doc = (route.config as { doc?: RouteDoc } | undefined)?.doc;
    if (!doc) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method: method.toLowerCase(), url: route.url, schema: (route.schema ?? {}) as DocumentedRoute['schema'], doc });
    }
  });
  return routes;
}

const rateLimitHeaders = {
  'X-RateLimit-Limit': { description: 'Requests allowed per rolling minute.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the rolling minute.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Unix epoch seconds (UTC) when the budget is fully restored.', schema: { type: 'integer' } },
};

const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key and body within 24 hours answer the first answer again (with `Idempotent-Replayed: true`) without running again. 1 to 255 printable ASCII characters (a UUID, say); per API key.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

function parameters(schemaOf: JsonObject | undefined, where: 'query' | 'path' = 'query') {
  return Object.entries(schemaOf?.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: where, required: where === 'path' || (schemaOf?.required ?? []).includes(name), ...(description ? { description } : {}), schema: rest };
  });
}

/** A Fastify route URL as an OpenAPI path: `:id` segments become `{id}`. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

function operation(route: DocumentedRoute) {
  const { doc } = route;
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(doc.responses)) {
    const content: Record<string, unknown> = response.schema === null ? {} : { 'application/json': { schema: response.schema } };
    if (response.csv) content['text/csv'] = { schema: { type: 'string' } };
    for (const media of response.media ?? []) content[media] = { schema: { type: 'string' } };
    responses[status] = { description: response.description, headers: rateLimitHeaders, content };
  }
  if (route.schema.querystring || route.schema.body || route.schema.params)
    responses['400'] = errorResponse('Invalid input (`invalid_parameter` with `param`, or a resource-specific code).');
  if (route.schema.body) {
    responses['413'] = errorResponse('Body over 1 MiB (`payload_too_large`).');
    responses['415'] = errorResponse('Not application/json (`unsupported_media_type`).');
  }
  if (doc.auth !== 'public') {
    responses['401'] = errorResponse('Authentication failed (`missing_authorization`, `invalid_token_format`, `key_not_found`, `key_revoked`, `key_expired`).');
    responses['403'] = errorResponse(`The key lacks the \`${doc.auth}\` scope (\`scope_required:${doc.auth}\`).`);
  }
  for (const [status, description] of Object.entries(doc.errors ?? {})) responses[status] = errorResponse(description);
  responses['429'] = {
    ...errorResponse('Rate limit exceeded (`rate_limit_exceeded`); see Retry-After.'),
    headers: { ...rateLimitHeaders, 'Retry-After': { schema: { type: 'integer' } } },
  };
  const idempotent = route.method === 'post' && doc.auth !== 'public';
  if (idempotent) {
    responses['409'] = {
      ...errorResponse('A request with this Idempotency-Key is still running (`idempotency_key_in_progress`); see Retry-After.'),
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
    };
    responses['422'] = errorResponse('This Idempotency-Key was used with a different request in the last 24 hours (`idempotency_key_reused`).');
  }
  responses['503'] = {
    ...errorResponse('Database unavailable (`no_db`); see Retry-After.'),
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
  };
  const params = [...parameters(route.schema.params, 'path'), ...parameters(route.schema.querystring), ...(idempotent ? [idempotencyKeyParameter] : [])];
  return {
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    operationId: `${route.method}${route.url.replace(/^\/api\/v1/, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    security: doc.auth === 'public' ? [] : [{ apiKey: [] }, { dashboardSession: [] }],
    ...(params.length ? { parameters: params } : {}),
    ...(route.schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.schema.body } } } } : {}),
    ...(doc.requestBody
      ? {
          requestBody: {
            required: true,
            description: doc.requestBody.description,
            content: Object.fromEntries(doc.requestBody.media.map((m) => [m, { schema: { type: 'string', format: 'binary' } }])),
          },
        }
      : {}),
    responses,
  };
}

export function openApiDocument(routes: readonly DocumentedRoute[], serverUrl = '/'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of [...routes].sort((a, b) => a.url.localeCompare(b.url))) {
    (paths[openApiPath(route.url)] ??= {})[route.method] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Commerce Analytics Service API',
      version: 'v1',
      description: 'The REST API v1. Errors are `{"error": <code>}` with optional `message` and `param`. See docs/api-reference.md.',
      license: { name: 'CC BY 4.0 (public endpoints)', identifier: 'CC-BY-4.0' },
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: ErrorBody },
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: svc_live_… or svc_test_….' },
        dashboardSession: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A dashboard session JWT (both scopes).' },
      },
    },
  };
}

/**
 * The document of `routes`, built once on first use (by then every route is registered) and
 * shared by /openapi.json and the discovery endpoints built from it.
 */
export function lazyOpenApiDocument(routes: readonly DocumentedRoute[]): () => Record<string, unknown> {
  let built: Record<string, unknown> | null = null;
  return () => (built ??= openApiDocument(routes));
}
