// GET /api/v1/incidents and /api/v1/uptime: public status-page data, cached 60 s.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import { API_VERSION, nullableTimestamp, timestamp } from '../serializers/common.ts';
import { CACHE, publicGet, publicMeta } from '../public-route.ts';
import { Incidents, Uptime } from '../openapi/public-schemas.ts';

export function publicStatusRoutes(app: FastifyInstance, services: Pick<Services, 'incidents' | 'uptime' | 'site'>, guard: AccessGuard): void {
  publicGet(
    app,
    guard,
    '/incidents',
    {
      maxAge: CACHE.live,
      doc: {
        summary: 'Active incidents (minor, major, critical), most severe first',
        description: 'Unresolved incidents of the service; cached 60 s.',
        responses: { 200: { description: 'Active incidents.', schema: Incidents } },
      },
    },
    async (request) => {
      const items = await services.incidents.listActive();
      const data = items.map((i) => ({
        id: i.id,
        title: i.title,
        body: i.body,
        severity: i.severity,
        status: i.status,
        started_at: timestamp(i.startedAt),
        updated_at: timestamp(i.updatedAt),
      }));
      return { data, total: data.length, _meta: publicMeta(services, request, '/incidents'), api_version: API_VERSION };
    },
  );

  publicGet<{ hours?: number }>(
    app,
    guard,
    '/uptime',
    {
      maxAge: CACHE.live,
      querystring: {
        type: 'object',
        properties: { hours: { type: 'integer', minimum: 1, description: 'Window in hours, default 24; above 168 is clamped to 168.' } },
      },
      doc: {
        summary: 'Uptime percent and average latency per service',
        description:
          'From the checks the worker records every minute (api, database, jobs, webhooks); cached 60 s. uptime_pct is null without checks in the window.',
        responses: { 200: { description: 'Uptime per service.', schema: Uptime } },
      },
    },
    async (request) => {
      const { hours, since, services: rows } = await services.uptime.summary(request.query);
      return {
        window_hours: hours,
        since: timestamp(since),
        services: rows.map((r) => ({
          service: r.service,
          status: r.status,
          uptime_pct: r.uptimePct,
          avg_latency_ms: r.avgLatencyMs,
          checks: r.checks,
          last_checked_at: nullableTimestamp(r.lastCheckedAt),
        })),
        _meta: publicMeta(services, request, '/uptime'),
        api_version: API_VERSION,
      };
    },
  );
}
