// The process's Prometheus metrics (prom-client), one registry per process. Labels are bounded:
// route patterns (never raw paths), status codes, job names, outcomes, and GraphQL operation names
// only while fewer than MAX_OPERATION_NAMES distinct ones have been seen (then "other"). No
// account ids. Gauges that need the database are read on scrape with one query (queues.ts).
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const graphqlOperations = new Counter({
  name: 'graphql_operations_total',
  help: 'GraphQL operations by operation name, type and outcome',
  labelNames: ['operation', 'type', 'outcome'] as const,
  registers: [registry],
});

export const graphqlCost = new Histogram({
  name: 'graphql_operation_cost',
  help: 'Requested cost of GraphQL operations (docs/graphql.md), by operation name',
  labelNames: ['operation'] as const,
  buckets: [1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500],
  registers: [registry],
});

export const rateLimitRejections = new Counter({
  name: 'rate_limit_rejections_total',
  help: 'Requests refused with 429 by the request budgets, by budget (key: per API key or session; public: per client address; sign_in: POST /auth/login attempts)',
  labelNames: ['budget'] as const,
  registers: [registry],
});

export const dbQueryDuration = new Histogram({
  name: 'db_query_duration_seconds',
  help: 'Statements sent to the database by the service pool',
  buckets: SECONDS,
  registers: [registry],
});

export const dbQueryErrors = new Counter({
  name: 'db_query_errors_total',
  help: 'Statements that failed, by SQLSTATE class (two characters; "connection" when the server gave none)',
  labelNames: ['class'] as const,
  registers: [registry],
});

const pools = new Set<pg.Pool>();

/** Counts a pool in db_pool_connections until it ends. */
export function watchPool(pool: pg.Pool): void {
  pools.add(pool);
}

new Gauge({
  name: 'db_pool_connections',
  help: 'Connections of the service pools: total open, idle, and callers waiting for one; max is the configured size',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const sum = { total: 0, idle: 0, waiting: 0, max: 0 };
    for (const pool of pools) {
      if ((pool as pg.Pool & { ended?: boolean }).ended) {
        pools.delete(pool);
        continue;
      }
      sum.total += pool.totalCount;
      sum.idle += pool.idleCount;
      sum.waiting += pool.waitingCount;
      sum.max += pool.options.max ?? 10;
    }
    for (const [state, value] of Object.entries(sum)) this.set({ state }, value);
  },
});

export const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Job runs for one account, by job and outcome (succeeded, failed, skipped_locked)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'job_run_duration_seconds',
  help: 'Duration of job runs for one account, retries included, by job and outcome',
  labelNames: ['job', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900],
  registers: [registry],
});

export const jobLateness = new Histogram({
  name: 'job_run_lateness_seconds',
  help: 'Scheduled runs: how long after the scheduled minute a run for one account started, by job',
  labelNames: ['job'] as const,
  buckets: [0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600],
  registers: [registry],
});

export const connectorInboxFailures = new Counter({
  name: 'connector_inbox_failures_total',
  help: 'Failed processing attempts of connector webhook deliveries (the connector-inbox job), by provider and topic (a topic not subscribed: "other")',
  labelNames: ['provider', 'topic'] as const,
  registers: [registry],
});

/** Records one job run for one account; `scheduledAt` only for runs started by the schedule. */
export function recordJobRun(run: { job: string; outcome: string; startedAt: number; finishedAt: number; scheduledAt?: Date | null }): void {
  jobRuns.inc({ job: run.job, outcome: run.outcome });
  if (run.outcome === 'skipped_locked') return;
  jobDuration.observe({ job: run.job, outcome: run.outcome }, (run.finishedAt - run.startedAt) / 1000);
  if (run.scheduledAt) jobLateness.observe({ job: run.job }, Math.max(0, run.startedAt - run.scheduledAt.getTime()) / 1000);
}

/** The counters a webhook dispatcher keeps (its `stats`). */
export interface DispatcherCounters {
  succeeded: number;
  failed: number;
}

const dispatchers = new Map<DispatcherCounters, DispatcherCounters>();

/** Reports a dispatcher's attempts in webhook_attempts_total from now on (read on scrape). */
export function watchDispatcher(stats: DispatcherCounters): void {
  dispatchers.set(stats, { succeeded: stats.succeeded, failed: stats.failed });
}

new Counter({
  name: 'webhook_attempts_total',
  help: 'Webhook delivery attempts made by this process, by outcome (succeeded, failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
  collect() {
    for (const [stats, seen] of dispatchers) {
      for (const outcome of ['succeeded', 'failed'] as const) {
        const delta = stats[outcome] - seen[outcome];
        if (delta > 0) this.inc({ outcome }, delta);
        seen[outcome] = stats[outcome];
      }
    }
    for (const outcome of ['succeeded', 'failed']) this.inc({ outcome }, 0);
  },
});

/** Process-wide label guard: GraphQL operation names are client-chosen, so only the first few hundred are kept. */
const MAX_OPERATION_NAMES = 200;
const operationNames = new Set<string>();

export function operationLabel(name: string | null | undefined): string {
  if (!name) return 'anonymous';
  if (!/^[_A-Za-z][_0-9A-Za-z]{0,63}$/.test(name)) return 'other';
  if (operationNames.has(name)) return name;
  if (operationNames.size >= MAX_OPERATION_NAMES) return 'other';
  operationNames.add(name);
  return name;
}

type QueueFigures = { depth: number; oldestDueSeconds: number; outboxLagSeconds: number };
let readQueues: (() => Promise<QueueFigures>) | null = null;
let inflight: Promise<QueueFigures> | null = null;

/** Where the queue gauges are read on scrape (the process's database); the last one registered wins. */
export function watchQueues(read: () => Promise<QueueFigures>): void {
  readQueues = read;
}

/**
 * One query per scrape: a scrape starts every collect in one synchronous pass, so the three
 * gauges share the read in flight; the next scrape reads again.
 */
async function queueFigure(key: 'depth' | 'oldestDueSeconds' | 'outboxLagSeconds'): Promise<number | null> {
  if (!readQueues) return null;
  const figures = (inflight ??= readQueues().finally(() => {
    inflight = null;
  }));
  try {
    return (await figures)[key];
  } catch {
    return null; // the database is away: the gauges are left out of this scrape
  }
}

for (const [name, key, help] of [
  ['webhook_queue_depth', 'depth', 'Webhook deliveries waiting for an attempt (read on scrape)'],
  ['webhook_oldest_due_delivery_age_seconds', 'oldestDueSeconds', 'Age of the oldest webhook delivery that is due now (read on scrape)'],
  ['outbox_lag_seconds', 'outboxLagSeconds', 'Age of the oldest domain event not yet fanned out to webhooks (read on scrape)'],
] as const) {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const value = await queueFigure(key);
      if (value !== null) this.set(value);
    },
  });
}
