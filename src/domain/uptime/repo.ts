// The only Prisma access for uptime checks (global, not account data) and the probes they need.
import type { PrismaClient } from '../../db/client.ts';
import type { MonitoredService } from '../../db/__generated__/prisma/enums.ts';
import { col, parseRows, z } from '../shared/rows.ts';

const serviceRow = z.object({
  service: z.enum(['api', 'database', 'jobs', 'webhooks']),
  checks: z.bigint(),
  ok_checks: z.bigint(),
  avg_latency: col.float.nullable(),
  last_at: col.date.nullable(),
  last_ok: col.bool.nullable(),
});

export interface ServiceWindow {
  service: MonitoredService;
  checks: number;
  okChecks: number;
  avgLatencyMs: number | null;
  lastCheckedAt: Date | null;
  lastOk: boolean | null;
}

export function uptimeRepo(prisma: PrismaClient) {
  return {
    async record(checks: Array<{ service: MonitoredService; ok: boolean; latencyMs: number }>, at: Date): Promise<void> {
      await prisma.uptimeCheck.createMany({ data: checks.map((c) => ({ ...c, checkedAt: at })) });
    },
    /** Per service, the checks since `since`: counts, mean latency and the latest outcome. */
    async window(since: Date): Promise<ServiceWindow[]> {
      const rows = parseRows(
        serviceRow,
        await prisma.$queryRaw`
        SELECT s.service::"MonitoredService" AS service,
               count(c.id) AS checks,
               count(c.id) FILTER (WHERE c.ok) AS ok_checks,
               avg(c.latency_ms)::float8 AS avg_latency,
               max(c.checked_at) AS last_at,
               (SELECT l.ok FROM uptime_checks l WHERE l.service = s.service::"MonitoredService" AND l.checked_at >= ${since}
                 ORDER BY l.checked_at DESC LIMIT 1) AS last_ok
        FROM unnest(enum_range(NULL::"MonitoredService")::text[]) AS s(service)
        LEFT JOIN uptime_checks c ON c.service = s.service::"MonitoredService" AND c.checked_at >= ${since}
        GROUP BY s.service ORDER BY s.service`,
      );
      return rows.map((r) => ({
        service: r.service,
        checks: Number(r.checks),
        okChecks: Number(r.ok_checks),
        avgLatencyMs: r.avg_latency === null ? null : Math.round(r.avg_latency),
        lastCheckedAt: r.last_at,
        lastOk: r.last_ok,
      }));
    },
    /** Webhook deliveries still pending more than `graceMs` after they were due (a stuck dispatcher). */
    overdueDeliveries(graceMs: number, now: Date): Promise<number> {
      return prisma.webhookDelivery.count({ where: { status: 'pending', nextAttemptAt: { lt: new Date(now.getTime() - graceMs) } } });
    },
  };
}
