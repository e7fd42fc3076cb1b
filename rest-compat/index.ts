// The /api/v1 compatibility layer: routes that parse, call one domain service and serialize.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../src/services.ts';
import type { AccessGuard } from '../src/http/guard.ts';
import { statusRoutes } from './routes/status.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { lazyOpenApiDocument, type DocumentedRoute } from './openapi/document.ts';
import { accountRoutes } from './routes/account.ts';
import { customerRoutes } from './routes/customers.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { webhookOperationRoutes } from './routes/webhook-operations.ts';
import { trackRoutes } from './routes/track.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { publicStatusRoutes } from './routes/public-status.ts';
import { publicContentRoutes } from './routes/public-content.ts';
import { publicDiscoveryRoutes } from './routes/public-discovery.ts';
import { insightsExtraRoutes } from './routes/insights-extra.ts';
import { usageRoutes } from './routes/usage.ts';
import { aiRoutes } from './routes/ai.ts';
import { importRoutes } from './routes/imports.ts';
import { strictIntegerParams } from './integer-params.ts';

/** The services the REST door reaches; each route module is handed only its own part of them. */
export type RestServices = Pick<
  Services,
  | 'accountSummaries'
  | 'accounts'
  | 'aiInsights'
  | 'anomalies'
  | 'benchmarks'
  | 'changelog'
  | 'content'
  | 'credits'
  | 'customers'
  | 'imports'
  | 'incidents'
  | 'insights'
  | 'integrations'
  | 'inventory'
  | 'profit'
  | 'reorder'
  | 'site'
  | 'status'
  | 'track'
  | 'uptime'
  | 'usage'
  | 'webhooks'
>;

export async function restCompat(app: FastifyInstance, services: RestServices, guard: AccessGuard, routes: readonly DocumentedRoute[]): Promise<void> {
  // Before any route: every integer parameter is read by the one integer rule.
  app.addHook('preValidation', strictIntegerParams);
  const document = lazyOpenApiDocument(routes);
  openApiRoutes(app, guard, document);
  statusRoutes(app, services.status, guard);
  accountRoutes(app, services, guard);
  customerRoutes(app, services, guard);
  webhookRoutes(app, services, guard);
  webhookOperationRoutes(app, services, guard);
  trackRoutes(app, services, guard);
  analyticsRoutes(app, services, guard);
  publicStatusRoutes(app, services, guard);
  publicContentRoutes(app, services, guard);
  publicDiscoveryRoutes(app, services, guard, routes, document);
  insightsExtraRoutes(app, services, guard);
  usageRoutes(app, services, guard);
  aiRoutes(app, services, guard);
  importRoutes(app, services, guard);
}
