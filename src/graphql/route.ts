// POST and GET /graphql on Fastify through Apollo's executeHTTPGraphQLRequest. Before GraphQL
// runs: the playground hook (a browser's GET), authentication (401 with the REST codes; the
// Authorization header, else the dashboard's session cookie with its CSRF header, docs/dashboard.md) and one
// request from the caller's budget shared with REST (429 and the same rate-limit headers). A
// status-only query without a credential runs anonymously on the address's budget (anonymous.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApolloServer, HeaderMap } from '@apollo/server';
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config.ts';
import type { AccessGuard } from '../http/guard.ts';
import type { RateLimitResult } from '../http/rate-limit/index.ts';
import { AppError } from '../errors.ts';
import { HTTP_STATUS, errorHeaders } from '../error-table.ts';
import { toAppError } from '../http/errors.ts';
import { requestPrincipal } from '../http/session-cookie.ts';
import { createLoaders, type GraphQLContext, type GraphQLServices } from './context.ts';
import { errorBody } from './errors.ts';
import { createRateLimitStore } from '../http/rate-limit/index.ts';
import { createPointsBucket } from '../http/rate-limit/points.ts';
import { idempotencyEffects } from '../http/idempotency.ts';
import { playground } from './playground.ts';
import { subscriptionServer } from './ws.ts';
import { logAccount } from '../observability/http.ts';
import { anonymousPrincipal, isAnonymousStatusRead } from './anonymous.ts';

export const GRAPHQL_PATH = '/graphql';

const rateLimits = new WeakMap<FastifyRequest, RateLimitResult>();

/**
 * GraphQL over HTTP: with the legacy application/json response type, a request that was well
 * formed but whose document or variables failed (syntax, validation, coercion, this door's
 * limits) is answered 200 with the errors; application/graphql-response+json keeps 4xx.
 */
function legacyStatus(status: number, contentType: string | undefined, body: string): number {
  if (status !== 400 || !contentType?.startsWith('application/json')) return status;
  try {
    const parsed = JSON.parse(body) as { data?: unknown; errors?: Array<{ extensions?: { reason?: unknown } }> };
    const documentErrors =
      parsed.errors?.length &&
      parsed.errors.every(
        (e) => typeof e.extensions?.reason === 'string' && e.extensions.reason !== 'BAD_REQUEST' && e.extensions.reason !== 'OPERATION_RESOLUTION_FAILURE',
      );
    return documentErrors && parsed.data === undefined ? 200 : status;
  } catch {
    return status;
  }
}

function hasNoDbError(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { errors?: Array<{ extensions?: { code?: unknown } }> };
    return parsed.errors?.some((e) => e.extensions?.code === 'no_db') ?? false;
  } catch {
    return false;
  }
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  reply.header('cache-control', 'private, no-store');
  const graphqlResponse = /application\/graphql-response\+json/.test(request.headers.accept ?? '');
  return reply
    .code(HTTP_STATUS[error.code])
    .headers(errorHeaders(error))
    .header('content-type', `${graphqlResponse ? 'application/graphql-response+json' : 'application/json'}; charset=utf-8`)
    .send(JSON.stringify(errorBody(error)));
}

export async function graphqlRoutes(app: FastifyInstance, deps: { services: GraphQLServices; guard: AccessGuard; config: Readonly<Config> }): Promise<void> {
  const { services, guard, config } = deps;
  // Field limits share the budgets' store rule: Redis, falling back to this instance's memory while it is down.
  const fieldStore = createRateLimitStore(
    config.redisUrl,
    { warn: (obj, message) => app.log.warn(obj, `field limits: ${message}`), info: (obj, message) => app.log.info(obj, `field limits: ${message}`) },
    config.rateLimit.redisPrefix,
  );
  const points = createPointsBucket(
    config.redisUrl,
    config.graphql.costBucket,
    (e) => app.log.warn({ err: e }, 'cost points store unavailable; allowing'),
    config.rateLimit.redisPrefix,
  );
  const log = {
    debug: (m: string) => app.log.debug(m),
    info: (m: string) => app.log.info(m),
    warn: (obj: object, m: string) => app.log.warn(obj, m),
    error: (obj: object, m: string) => app.log.error(obj, m),
  };
  // The schema and the Apollo server are built on first use (a GraphQL request or subscription),
  // not while the process starts: on a loaded machine that was about a second of every start, which
  // a process that only serves REST never needs (docs/operations.md, "Startup"). A failed build is
  // tried again by the next request. Their modules (Apollo, @graphql-tools, the resolvers) are
  // imported then too: about 20 MB of a process's idle memory that REST alone never needs.
  let door: Promise<{ schema: GraphQLSchema; server: ApolloServer<GraphQLContext>; Headers: typeof HeaderMap }> | null = null;
  const open = () =>
    (door ??= (async () => {
      // One after the other: jest's ESM loader fails concurrent dynamic imports of one module graph.
      const { buildSchema } = await import('./schema.ts');
      const { createApolloServer, HeaderMap: Headers } = await import('./server.ts');
      const schema = buildSchema(services.auth, fieldStore);
      const server = createApolloServer(schema, config, log, points);
      await server.start();
      return { schema, server, Headers };
    })().catch((error: unknown) => {
      door = null;
      throw error;
    }));
  const subscriptions = subscriptionServer(app, GRAPHQL_PATH, async () => (await open()).schema, { services, config });
  // WebSocket connections are closed before the HTTP server waits for its connections to end.
  app.addHook('preClose', () => subscriptions.close());
  app.addHook('onClose', async () => {
    const built = door ? await door.catch(() => null) : null;
    await built?.server.stop();
    await fieldStore.close();
    await points.close();
  });

  // Bodies that are not JSON reach Apollo as no body, which answers its own 400.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
  app.setErrorHandler((error, request, reply) => {
    const { appError, unexpected } = toAppError(error);
    if (unexpected) request.log.error({ err: error }, 'unhandled GraphQL route error');
    return sendError(request, reply, appError);
  });

  // Before the shared preHandler hooks (Idempotency-Key), which need the caller.
  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    if (request.method === 'GET' && (await playground(request, reply))) return reply;
    try {
      if (isAnonymousStatusRead(request)) {
        // REST parity: the status needs no key; the address's public budget pays for it.
        rateLimits.set(request, await guard.spendPublic(reply, request.ip));
        request.principal = anonymousPrincipal(request.ip);
        return;
      }
      // The Authorization header, else the session cookie (with its CSRF header; renewed when due).
      const principal = await requestPrincipal(services.auth, request, reply);
      if (principal.mustChangePassword) throw new AppError('password_change_required');
      logAccount(request, principal.accountId);
      rateLimits.set(request, await guard.spendFor(reply, principal));
      request.principal = principal;
    } catch (error) {
      const { appError, unexpected } = toAppError(error);
      if (unexpected) request.log.error({ err: error }, 'GraphQL authentication failed unexpectedly');
      return sendError(request, reply, appError);
    }
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const principal = request.principal!;
    const rateLimit = rateLimits.get(request)!;
    const context: GraphQLContext = {
      principal,
      services,
      rateLimit,
      clientAddress: request.ip,
      idempotency: idempotencyEffects(request),
      cost: { requested: 0 },
      loaders: createLoaders(services, principal.accountId),
    };
    const { server, Headers } = await open();
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const queryAt = request.url.indexOf('?');
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: request.method.toUpperCase(), headers, search: queryAt >= 0 ? request.url.slice(queryAt) : '', body: request.body },
      context: async () => context,
    });
    for (const [name, value] of response.headers) reply.header(name, value);
    // Apollo sets its own no-store; answers to authenticated requests are private too (as REST).
    reply.header('cache-control', 'private, no-store');
    let text = '';
    if (response.body.kind === 'complete') text = response.body.string;
    else for await (const chunk of response.body.asyncIterator) text += chunk;
    reply.code(legacyStatus(response.status ?? 200, response.headers.get('content-type'), text));
    // A database outage met during execution answers 503 no_db with Retry-After, as REST does.
    if (text.includes('"no_db"') && hasNoDbError(text)) reply.code(HTTP_STATUS.no_db).headers(errorHeaders(new AppError('no_db')));
    return reply.send(text);
  }

  app.route({ method: ['GET', 'POST'], url: GRAPHQL_PATH, preValidation: authenticate, handler: handle });
}
