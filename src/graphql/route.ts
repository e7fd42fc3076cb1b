// POST and GET /graphql on Fastify through Apollo's executeHTTPGraphQLRequest. Before GraphQL
// runs: the playground hook (a browser's GET), authentication (401 with the REST codes) and one
// request from the caller's budget shared with REST (429 and the same rate-limit headers).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HeaderMap } from '@apollo/server';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import type { AccessGuard } from '../http/guard.ts';
import { AppError } from '../errors.ts';
import { restErrorReply, toAppError } from '../../rest-compat/errors.ts';
import { createLoaders, type GraphQLContext } from './context.ts';
import { errorBody } from './errors.ts';
import { buildSchema } from './schema.ts';
import { createApolloServer } from './server.ts';
import { MemoryFieldStore, RedisFieldStore } from './field-limits.ts';
import { playground } from './playground.ts';

export const GRAPHQL_PATH = '/graphql';

/**
 * GraphQL over HTTP: with the legacy application/json response type, a request that was well
 * formed but whose document or variables failed (syntax, validation, coercion, this door's
 * limits) is answered 200 with the errors; application/graphql-response+json keeps 4xx.
 */
function legacyStatus(status: number, contentType: string | undefined, body: string): number {
  if (status !== 400 || !contentType?.startsWith('application/json')) return status;
  try {
    const parsed = JSON.parse(body) as { data?: unknown; errors?: Array<{ extensions?: { reason?: unknown } }> };
    const documentErrors = parsed.errors?.length && parsed.errors.every((e) => typeof e.extensions?.reason === 'string' && e.extensions.reason !== 'BAD_REQUEST' && e.extensions.reason !== 'OPERATION_RESOLUTION_FAILURE');
    return documentErrors && parsed.data === undefined ? 200 : status;
  } catch {
    return status;
  }
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const { status, headers } = restErrorReply(error);
  reply.header('cache-control', 'private, no-store');
  const graphqlResponse = /application\/graphql-response\+json/.test(request.headers.accept ?? '');
  return reply
    .code(status)
    .headers(headers)
    .header('content-type', `${graphqlResponse ? 'application/graphql-response+json' : 'application/json'}; charset=utf-8`)
    .send(JSON.stringify(errorBody(error)));
}

export async function graphqlRoutes(app: FastifyInstance, deps: { services: Services; guard: AccessGuard; config: Readonly<Config> }): Promise<void> {
  const { services, guard, config } = deps;
  const fieldStore = config.redisUrl
    ? new RedisFieldStore(config.redisUrl, config.rateLimit.redisPrefix, (e) => app.log.warn({ err: e }, 'field rate-limit store unavailable'))
    : new MemoryFieldStore();
  const server = createApolloServer(buildSchema(services.auth, fieldStore), config, {
    debug: (m) => app.log.debug(m),
    info: (m) => app.log.info(m),
    warn: (obj, m) => app.log.warn(obj, m),
    error: (obj, m) => app.log.error(obj, m),
  });
  await server.start();
  app.addHook('onClose', async () => {
    await server.stop();
    await fieldStore.close();
  });

  // Bodies that are not JSON reach Apollo as no body, which answers its own 400.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
  app.setErrorHandler((error, request, reply) => {
    const { appError, unexpected } = toAppError(error);
    if (unexpected) request.log.error({ err: error }, 'unhandled GraphQL route error');
    return sendError(request, reply, appError);
  });

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    if (request.method === 'GET' && (await playground(request, reply))) return reply;
    let context: GraphQLContext;
    try {
      const principal = await services.auth.authenticate(request.headers.authorization);
      const rateLimit = await guard.spendFor(reply, principal);
      context = { principal, services, rateLimit, clientAddress: request.ip, cost: { requested: 0 }, loaders: createLoaders(services, principal.accountId) };
    } catch (error) {
      const { appError, unexpected } = toAppError(error);
      if (unexpected) request.log.error({ err: error }, 'GraphQL authentication failed unexpectedly');
      return sendError(request, reply, appError);
    }
    const headers = new HeaderMap();
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
    return reply.send(text);
  }

  app.route({ method: ['GET', 'POST'], url: GRAPHQL_PATH, handler: handle });
}
