// Uptime of the four monitored services (api, database, jobs, webhooks): a recorder the worker
// calls every minute with the outcome of each probe, and the public summary over 1 to 168 hours.
import type { PrismaClient } from '../../db/client.ts';
import { boundedCount } from '../shared/index.ts';
import { uptimeRepo } from './repo.ts';

export const MONITORED_SERVICES = ['api', 'database', 'jobs', 'webhooks'] as const;
export type MonitoredServiceName = (typeof MONITORED_SERVICES)[number];
export const UPTIME_HOURS = { default: 24, max: 168 };
/** A pending webhook delivery overdue by more than this means the dispatcher is not keeping up. */
export const WEBHOOK_BACKLOG_GRACE_MS = 5 * 60_000;

export interface ProbeResult {
  ok: boolean;
  latencyMs: number;
}
export type Probe = () => Promise<boolean>;

/** Runs one probe with a time limit; a throw or a timeout is a failed check. */
async function timed(probe: Probe, timeoutMs: number): Promise<ProbeResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const ok = await Promise.race([probe().catch(() => false), limit]);
  clearTimeout(timer);
  return { ok, latencyMs: Math.round(performance.now() - started) };
}

export function uptimeService(prisma: PrismaClient) {
  const repo = uptimeRepo(prisma);
  return {
    /** Runs every probe (in parallel, 5 s each) and records one check per service at `at`. */
    async recordChecks(probes: Record<MonitoredServiceName, Probe>, at = new Date(), timeoutMs = 5_000) {
      const results = await Promise.all(MONITORED_SERVICES.map(async (service) => ({ service, ...(await timed(probes[service], timeoutMs)) })));
      await repo.record(results, at);
      return results;
    },
    /** The webhook probe: no delivery stuck past its due time. */
    async webhooksKeepingUp(now = new Date()): Promise<boolean> {
      return (await repo.overdueDeliveries(WEBHOOK_BACKLOG_GRACE_MS, now)) === 0;
    },
    async summary(query: { hours?: number }, now = new Date()) {
      const hours = boundedCount(query.hours, UPTIME_HOURS, 'hours');
      const rows = await repo.window(new Date(now.getTime() - hours * 3_600_000));
      const services = rows.map((r) => ({
        ...r,
        uptimePct: r.checks ? Math.round((10_000 * r.okChecks) / r.checks) / 100 : null,
        status: r.lastOk === null ? ('no_data' as const) : r.lastOk ? ('up' as const) : ('down' as const),
      }));
      return { hours, services, since: new Date(now.getTime() - hours * 3_600_000) };
    },
  };
}

export type UptimeService = ReturnType<typeof uptimeService>;
