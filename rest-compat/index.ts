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
import { trackRoutes } from './routes/track.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { publicStatusRoutes } from './routes/public-status.ts';
import { publicContentRoutes } from './routes/public-content.ts';
import { publicDiscoveryRoutes } from './routes/public-discovery.ts';
import { insightsExtraRoutes } from './routes/insights-extra.ts';
import { usageRoutes } from './routes/usage.ts';
import { aiRoutes } from './routes/ai.ts';

export async function restCompat(app: FastifyInstance, services: Services, guard: AccessGuard, routes: readonly DocumentedRoute[]): Promise<void> {
  const document = lazyOpenApiDocument(routes);
  openApiRoutes(app, guard, document);
  statusRoutes(app, services.status, guard);
  accountRoutes(app, services, guard);
  customerRoutes(app, services, guard);
  webhookRoutes(app, services, guard);
  trackRoutes(app, services, guard);
  analyticsRoutes(app, services, guard);
  publicStatusRoutes(app, services, guard);
  publicContentRoutes(app, services, guard);
  publicDiscoveryRoutes(app, services, guard, routes, document);
  insightsExtraRoutes(app, services, guard);
  usageRoutes(app, services, guard);
  aiRoutes(app, services, guard);
}
