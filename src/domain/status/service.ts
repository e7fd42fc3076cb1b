// Service status for monitoring: database reachability and latency, and (with jobs) lateness.
// /status is "degraded" when the database answers slower than 250 ms or a job is late, and
// "down" when the database does not answer.
export const DEGRADED_LATENCY_MS = 250;

export interface StatusDeps {
  ping: (timeoutMs?: number) => Promise<number>;
  region: string;
  env: string;
  commit: string;
  /** Names of scheduled jobs more than two periods late (none until jobs are scheduled). */
  lateJobs?: () => Promise<string[]>;
}

export interface ServiceStatus {
  status: 'operational' | 'degraded' | 'down';
  database: { status: 'ok' | 'error'; latencyMs: number };
  lateJobs: string[];
  meta: { region: string; env: string; commit: string; checkTotalMs: number };
  ts: Date;
}

export function statusService(deps: StatusDeps) {
  return {
    async getStatus(): Promise<ServiceStatus> {
      const started = performance.now();
      let database: ServiceStatus['database'];
      try {
        database = { status: 'ok', latencyMs: await deps.ping(2_000) };
      } catch {
        database = { status: 'error', latencyMs: Math.round(performance.now() - started) };
      }
      const lateJobs = database.status === 'ok' && deps.lateJobs ? await deps.lateJobs().catch(() => []) : [];
      const status = database.status === 'error' ? 'down' : database.latencyMs > DEGRADED_LATENCY_MS || lateJobs.length ? 'degraded' : 'operational';
      return {
        status,
        database,
        lateJobs,
        meta: { region: deps.region, env: deps.env, commit: deps.commit, checkTotalMs: Math.round(performance.now() - started) },
        ts: new Date(),
      };
    },
  };
}
