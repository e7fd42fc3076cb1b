// The HTTP app: request ids, structured logs, health probes, the REST door and one error map.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Services } from '../services.ts';
import { AppError } from '../errors.ts';
import { restCompat } from '../../rest-compat/index.ts';
import { collectDocumentedRoutes } from '../../rest-compat/openapi/document.ts';
import { accessGuard } from './guard.ts';
import { createRateLimitStore, type RateLimitStore } from './rate-limit/index.ts';
import { sendRestError, toAppError, type RestRouteConfig } from '../../rest-compat/errors.ts';
import { graphqlRoutes } from '../graphql/route.ts';
import { registerPlayground } from './playground.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const BODY_LIMIT_BYTES = 1024 * 1024;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export interface AppDeps {
  config: Readonly<Config>;
  db: Database;
  services: Services;
  /** A pino logger options object, or false for none (tests). */
  logger?: FastifyServerOptions['logger'];
  /** The rate-limit store; by default one from REDIS_URL (or memory), closed with the app. */
  limiter?: RateLimitStore;
}

export async function buildApp({ config, db, services, logger, limiter }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, useDefaults: true, allErrors: false } },
    logger: logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // While closing, new requests get the contract's 503 shape from the hook below.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors: (error, _request, reply) => {
      sendRestError(reply as unknown as Parameters<typeof sendRestError>[0], toAppError(error).appError);
    },
    routerOptions: { ignoreTrailingSlash: true },
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Answers sent while closing end their connection, so keep-alive clients do not hold the close.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) {
      reply.header('connection', 'close').header('retry-after', '1');
      return sendRestError(reply, new AppError('no_db', 'The service is shutting down; retry shortly.'));
    }
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await db.ping(2_000);
      return { status: 'ready' };
    } catch {
      reply.code(503);
      return { status: 'unavailable', error: 'no_db' };
    }
  });

  // Before any route plugin is registered: plugins inherit the handler in force when they load.
  app.setErrorHandler((error, request, reply) => {
    const { appError, unexpected } = toAppError(error, (request.routeOptions?.config ?? {}) as RestRouteConfig);
    if (unexpected) request.log.error({ err: error }, 'unhandled error');
    else if (appError.code === 'no_db') request.log.warn({ err: error }, 'database unavailable');
    return sendRestError(reply, appError);
  });

  app.decorateRequest('principal', null);
  const store =
    limiter ??
    createRateLimitStore(config.redisUrl, (error) => app.log.warn({ err: error }, 'rate-limit store unavailable; allowing'), config.rateLimit.redisPrefix);
  if (!limiter) app.addHook('onClose', async () => store.close());
  const guard = accessGuard(services, store, config);
  const documented = collectDocumentedRoutes(app);
  await app.register(async (v1) => restCompat(v1, services, guard, documented), { prefix: '/api/v1' });
  await app.register(async (gql) => graphqlRoutes(gql, { services, guard, config }));
  registerPlayground(app, guard, { enabled: config.playgroundEnabled });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allow = METHODS.filter((method) => app.hasRoute({ method, url: path }));
    if (allow.length) {
      if (allow.includes('GET')) allow.splice(allow.indexOf('GET') + 1, 0, 'HEAD' as never);
      return sendRestError(reply, new AppError('method_not_allowed', `Use ${allow.join(', ')}.`, { allow }));
    }
    return sendRestError(reply, new AppError('not_found'));
  });

  return app;
}
