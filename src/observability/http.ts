// HTTP observability for a Fastify app: one "request completed" log line per request (health
// probes and /metrics at debug), the duration histogram by route pattern and status, a server
// span per request (with tracing on) made the active context for everything the request runs,
// and the GET /metrics route (never behind an API key).
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Span } from '@opentelemetry/api';
import { httpDuration, registry } from './metrics.ts';
import { otel, tracer } from './tracing.ts';

export const METRICS_PATH = '/metrics';
/** Routes whose request lines are logged at debug: load balancers and scrapers call them all day. */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', METRICS_PATH]);

const spans = new WeakMap<FastifyRequest, Span>();

/** The route pattern of a request (never its raw path): unmatched requests share one label. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions?.url ?? 'unmatched';
}

/** Call first, before any other hook, so that the span is active for the whole request. */
export function observeHttp(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const api = otel();
    if (!api) return done();
    const parent = api.propagation.extract(api.context.active(), request.headers);
    const span = tracer(api).startSpan(
      request.method,
      { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] ?? '/' } },
      parent,
    );
    spans.set(request, span);
    api.context.with(api.trace.setSpan(parent, span), done);
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const status = reply.statusCode;
    httpDuration.observe({ method: request.method, route, status: String(status) }, reply.elapsedTime / 1000);
    const level = QUIET_ROUTES.has(route) ? 'debug' : 'info';
    // The path only, as tracing records it: a query can carry what must never reach a log (an
    // OAuth callback's code, state and hmac).
    request.log[level](
      { method: request.method, route, path: request.url.split('?')[0] ?? '/', status, durationMs: Math.round(reply.elapsedTime) },
      'request completed',
    );
    const span = spans.get(request);
    if (!span) return;
    span.updateName(`${request.method} ${route}`);
    span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
    const api = otel();
    if (status >= 500 && api) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
  });
}

/** GET /metrics in the Prometheus text format. */
export function metricsRoute(app: FastifyInstance): void {
  app.get(METRICS_PATH, async (_request, reply) => {
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}

/** Binds the account to the request's logger, so every later line of the request carries it. */
export function logAccount(request: FastifyRequest, accountId: string): void {
  request.log = request.log.child({ accountId }) as FastifyBaseLogger;
}
