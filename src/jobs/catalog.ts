// The job catalogue as data: every scheduled job's name, cron schedule and expected period, in
// the order `runAll` runs them. It imports nothing: the services read it (late jobs on /status,
// the health summary) and the handlers (*.job.ts) take their schedule from it, so the services
// never import a handler (no cycle services -> jobs -> services).

export interface JobSchedule {
  name: string;
  /** Cron expression (croner syntax, UTC). */
  schedule: string;
  /** Expected period in seconds, to tell when the job is late (two periods without a success). */
  periodSeconds: number;
  /** `global`: one run per tick, not one per account (retention). */
  scope?: 'global';
}

// ai-insights-generate reads what the analytics jobs wrote (anomalies, stock-outs, profit), so it
// runs after them; smart-reorder after inventory_velocity, whose status it reads; anomaly-detect
// after customer-metrics and profit-snapshot, whose rows it reads.
export const JOB_CATALOG = [
  { name: 'customer-metrics', schedule: '17 * * * *', periodSeconds: 3600 },
  { name: 'profit-snapshot', schedule: '7 * * * *', periodSeconds: 3600 },
  { name: 'inventory_velocity', schedule: '27 * * * *', periodSeconds: 3600 },
  { name: 'smart-reorder', schedule: '37 * * * *', periodSeconds: 3600 },
  { name: 'anomaly-detect', schedule: '47 * * * *', periodSeconds: 3600 },
  { name: 'alerts-evaluator', schedule: '*/15 * * * *', periodSeconds: 900 },
  { name: 'integrations-staleness', schedule: '*/30 * * * *', periodSeconds: 1800 },
  { name: 'ai-insights-generate', schedule: '40 */6 * * *', periodSeconds: 6 * 3600 },
  { name: 'ai-quota', schedule: '*/15 * * * *', periodSeconds: 900 },
  { name: 'retention', schedule: '23 3 * * *', periodSeconds: 86_400, scope: 'global' },
  // File imports are queued the moment a file is received (src/jobs/repo.ts enqueueNow); the
  // hourly tick is only a safety net for one whose queueing was lost.
  { name: 'imports', schedule: '53 * * * *', periodSeconds: 3600 },
  // Connector webhook deliveries are queued the moment one is stored (and each run retries the failed
  // ones whose backoff has passed); the tick retries them when no new delivery comes.
  { name: 'connector-inbox', schedule: '*/5 * * * *', periodSeconds: 300 },
  // Shopify backfill and reconciliation (docs/connectors/shopify-sync.md): queued at once by a new
  // connection; the schedule is the incremental reconciliation's cadence.
  { name: 'shopify-sync', schedule: '*/15 * * * *', periodSeconds: 900 },
] as const satisfies readonly JobSchedule[];

export type JobName = (typeof JOB_CATALOG)[number]['name'];

/** The catalogue entry of a job, less its scope (its handler file declares only the name and what it does). */
export function scheduleOf(name: JobName): Omit<JobSchedule, 'scope'> {
  const { scope: _scope, ...entry } = (JOB_CATALOG as readonly JobSchedule[]).find((job) => job.name === name)!;
  return entry;
}

/** The jobs that run once per account (what an account's health reports). */
export const ACCOUNT_JOB_CATALOG: readonly JobSchedule[] = (JOB_CATALOG as readonly JobSchedule[]).filter((job) => job.scope !== 'global');
