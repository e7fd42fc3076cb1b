// The HTTP app the doors are mounted on: request ids, structured logs, health probes, the shutdown
// answer, the access guard and one error map. It knows no door: src/main.ts mounts REST and
// GraphQL on it (src/doors.ts), then closes it with `answerUnknownRoutes`.
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Services } from '../services.ts';
import { AppError } from '../errors.ts';
import { accessGuard, type AccessGuard } from './guard.ts';
import { createRateLimitStore, type RateLimitStore } from './rate-limit/index.ts';
import { sendError, toAppError, type RouteErrorConfig } from './errors.ts';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../error-table.ts';
import { applyIdempotencyKeys } from './idempotency.ts';
import { metricsRoute, observeHttp } from '../observability/http.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const BODY_LIMIT_BYTES = 1024 * 1024;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export interface HttpAppDeps {
  config: Readonly<Config>;
  db: Pick<Database, 'ping'>;
  /** The guard authenticates with the auth service; POSTs apply Idempotency-Key with the idempotency service. */
  services: Pick<Services, 'auth' | 'idempotency'>;
  /** A pino logger options object, or false for none (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Or the process's pino logger itself (`svc`: one logger for the app and the background work). */
  loggerInstance?: FastifyBaseLogger;
  /** The rate-limit store; by default one from REDIS_URL (or memory), closed with the app. */
  limiter?: RateLimitStore;
}

/** The app with its hooks, probes and error handler, and the guard the doors put on their routes. */
export function createHttpApp({ config, db, services, logger, loggerInstance, limiter }: HttpAppDeps): { app: FastifyInstance; guard: AccessGuard } {
  const app = Fastify({
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, useDefaults: true, allErrors: false } },
    ...(loggerInstance ? { loggerInstance } : { logger: logger ?? { level: config.logLevel } }),
    // One "request completed" line per request instead, probes at debug (src/observability/http.ts).
    logController: new LogController({ disableRequestLogging: true }),
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
      sendError(reply as unknown as Parameters<typeof sendError>[0], toAppError(error).appError);
    },
    routerOptions: { ignoreTrailingSlash: true },
  });

  observeHttp(app);
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
      reply.header('connection', 'close');
      return sendError(reply, new AppError('no_db', 'The service is shutting down; retry shortly.', { retryAfterSeconds: 1 }));
    }
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  const store =
    limiter ??
    createRateLimitStore(config.redisUrl, { warn: (obj, m) => app.log.warn(obj, m), info: (obj, m) => app.log.info(obj, m) }, config.rateLimit.redisPrefix);
  if (!limiter) app.addHook('onClose', async () => store.close());

  // Ready means the database answers; the rate-limit detail says where budgets are kept (a Redis
  // outage falls back to per-instance limits: degraded, still ready).
  app.get('/readyz', async (_request, reply) => {
    const rateLimit = store.status?.();
    const detail = rateLimit ? { rate_limit: rateLimit } : {};
    try {
      await db.ping(2_000);
      return { status: 'ready', ...detail };
    } catch {
      reply.code(503).header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS.no_db));
      return { status: 'unavailable', error: 'no_db', ...detail };
    }
  });
  // Unauthenticated, like the probes; on its own port instead when METRICS_PORT is set.
  if (config.observability.metricsPort === null) metricsRoute(app);

  // Before any route plugin is registered: plugins inherit the handler in force when they load.
  app.setErrorHandler((error, request, reply) => {
    const { appError, unexpected } = toAppError(error, (request.routeOptions?.config ?? {}) as RouteErrorConfig);
    if (unexpected) request.log.error({ err: error }, 'unhandled error');
    else if (appError.code === 'no_db') request.log.warn({ err: error }, 'database unavailable');
    return sendError(reply, appError);
  });

  app.decorateRequest('principal', null);
  app.decorate('sessionCookieAlwaysSecure', config.env === 'production');
  applyIdempotencyKeys(app, services);
  return { app, guard: accessGuard(services, store, config) };
}

/** After the doors are mounted: 405 with Allow for a known path, else 404. */
export function answerUnknownRoutes(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allow = METHODS.filter((method) => app.hasRoute({ method, url: path }));
    if (allow.length) {
      if (allow.includes('GET')) allow.splice(allow.indexOf('GET') + 1, 0, 'HEAD' as never);
      return sendError(reply, new AppError('method_not_allowed', `Use ${allow.join(', ')}.`, { allow }));
    }
    return sendError(reply, new AppError('not_found'));
  });
}
