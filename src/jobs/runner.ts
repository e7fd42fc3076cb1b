// Runs jobs through the queue (docs/jobs.md): each cron tick fans out into one job_queue row per
// account (or one for a global job), and every worker process claims due rows with FOR UPDATE
// SKIP LOCKED, so any number of workers share a tick. One row per (job, account) keeps an
// account's job from running twice at once; missed ticks are caught up once at start. `run` and
// `runAll` claim rows directly for a manual run (`svc jobs run`, after the demo seed).
import { Cron } from 'croner';
import type { PrismaClient } from '../db/client.ts';
import type { Services } from '../services.ts';
import { AppError } from '../errors.ts';
import type { AnyJobDefinition, DemandJobDefinition } from './types.ts';
import { GLOBAL_KEY } from './types.ts';
import { analyticsCatchupJob } from './analytics-catchup.job.ts';
import { onCatchupDue } from '../domain/catchup/index.ts';
import { jobsRepo } from './repo.ts';
import { queueWorker, type QueueSettings } from './queue-worker.ts';

/** Retries of a manual run after its first attempt. */
const MANUAL_RETRIES = 2;

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = { concurrency: 2, heartbeatMs: 10_000, maxAttempts: 3 };

export interface JobRunSummary {
  job: string;
  accountId: string;
  status: 'succeeded' | 'failed' | 'skipped_locked';
  rowsWritten: number;
  attempts: number;
  error?: string;
}

export interface RunnerDeps {
  prisma: PrismaClient;
  services: Services;
  jobs: AnyJobDefinition[];
  log?: (message: string) => void;
  /** Delay before retry n (ms); shortened in tests. */
  retryDelayMs?: (attempt: number) => number;
  /** Concurrency, heartbeat and attempts (config JOBS_*), and how often the catch-up lane looks (CATCHUP_POLL_MS). */
  settings?: Partial<QueueSettings & { catchUpPollMs: number }>;
  /**
   * The jobs the writes queue (the analytics catch-up, by default), claimed by a lane of their own
   * so that they never wait behind a tick of the scheduled jobs; false: none.
   */
  demand?: DemandJobDefinition[] | false;
  /** The time a run computes for (what `now` means to the job); a fixed clock in tests. */
  clock?: () => Date;
}

/** The tick a schedule last fired at or before `now` (croner, UTC). */
export function lastTick(schedule: string, now: Date): Date | null {
  return new Cron(schedule, { timezone: 'UTC', paused: true }).previousRuns(1, now)[0] ?? null;
}

export function jobRunner({
  prisma,
  services,
  jobs,
  log = () => {},
  retryDelayMs = (n) => 30_000 * 4 ** (n - 1),
  settings = {},
  clock = () => new Date(),
  demand = [analyticsCatchupJob],
}: RunnerDeps) {
  const repo = jobsRepo(prisma);
  const controller = new AbortController();
  const running = new Set<Promise<unknown>>();
  const crons: Cron[] = [];
  const queue = { ...DEFAULT_QUEUE_SETTINGS, ...settings };
  const worker = queueWorker({ repo, services, jobs, settings: queue, retryDelayMs, log, signal: controller.signal, clock });
  const lane =
    demand && demand.length ? queueWorker({ repo, services, jobs: demand, settings: queue, retryDelayMs, log, signal: controller.signal, clock }) : null;
  let stopDue: (() => void) | null = null;

  function find(name: string): AnyJobDefinition {
    const job = jobs.find((j) => j.name === name);
    if (!job) throw new AppError('invalid_parameter', `unknown job ${name}; jobs: ${jobs.map((j) => j.name).join(', ')}`, { param: 'job' });
    return job;
  }

  /** A manual run: claims the row now (unless a live claim holds it) and retries inline. */
  async function runNow(job: AnyJobDefinition, accountKey: string): Promise<JobRunSummary> {
    const claim = await repo.claimNow(worker.workerId, job.name, accountKey, worker.staleMs);
    if (!claim) return { job: job.name, accountId: accountKey, status: 'skipped_locked', rowsWritten: 0, attempts: 0 };
    return worker.holding(claim, async (abort) => {
      for (let n = 1; ; n++) {
        const outcome = await worker.attempt(job, claim, n, abort);
        const last = !outcome.error || n > MANUAL_RETRIES || controller.signal.aborted || abort.aborted;
        if (last) {
          await repo.finish(claim.owner, { error: outcome.error, maxAttempts: 1, retryInMs: retryDelayMs(n) });
          return outcome.error
            ? { job: job.name, accountId: accountKey, status: 'failed' as const, rowsWritten: 0, attempts: n, error: outcome.error }
            : { job: job.name, accountId: accountKey, status: 'succeeded' as const, rowsWritten: outcome.rowsWritten, attempts: n };
        }
        await sleep(retryDelayMs(n), controller.signal);
      }
    });
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    running.add(promise);
    promise.finally(() => running.delete(promise)).catch(() => {});
    return promise;
  }

  async function keysFor(job: AnyJobDefinition, accountId?: string): Promise<string[]> {
    if (job.scope === 'global') return [GLOBAL_KEY];
    if (accountId) {
      await services.accounts.getAccount(accountId);
      return [accountId];
    }
    return repo.accountIds();
  }

  /** Enqueues one tick of a job (idempotent across workers: a tick is enqueued once). */
  async function tick(name: string, at: Date): Promise<number> {
    const job = find(name);
    const queued = await repo.enqueueTick(job.name, job.scope === 'global', at);
    worker.nudge();
    return queued;
  }

  return {
    jobNames: () => jobs.map((j) => j.name),
    tick,
    /** Enqueues, for every job, the latest tick at or before `now`, if it was missed: once, however many were. */
    async catchUp(now = new Date()): Promise<number> {
      let queued = 0;
      for (const job of jobs) {
        const at = lastTick(job.schedule, now);
        if (at) queued += await tick(job.name, at);
      }
      return queued;
    },
    /** Runs due queue rows until none is left, the catch-up lane's too (the bench and tests; a worker runs `start`). */
    drain: () => track(Promise.all([worker.pump({ untilIdle: true }), lane?.pump({ untilIdle: true })]).then(() => undefined)),
    counts: (names?: readonly string[]) => repo.queueCounts(names),
    /** Runs one job now, for one account or for every account. */
    async run(name: string, accountId?: string): Promise<JobRunSummary[]> {
      const job = find(name);
      const results: JobRunSummary[] = [];
      for (const key of await keysFor(job, accountId)) results.push(await track(runNow(job, key)));
      return results;
    },
    /** Runs every job once for every account, in order (used after the demo seed). */
    async runAll(accountId?: string): Promise<JobRunSummary[]> {
      const results: JobRunSummary[] = [];
      for (const job of jobs) {
        if (controller.signal.aborted) break;
        if (job.scope === 'global' && accountId) continue;
        for (const key of await keysFor(job, accountId)) results.push(await track(runNow(job, key)));
      }
      return results;
    },
    /** Catches up missed ticks, starts the cron schedules, the claim loop and the catch-up lane (`svc worker`, `npm start`). */
    start(): void {
      void this.catchUp().catch((error: unknown) => log(`job catch-up: ${String(error)}`));
      for (const job of jobs) {
        crons.push(
          new Cron(job.schedule, { timezone: 'UTC', protect: true }, () => {
            if (controller.signal.aborted) return;
            const at = new Date(Math.floor(Date.now() / 60_000) * 60_000);
            return track(tick(job.name, at)).then(
              () => undefined,
              (error: unknown) => log(`job ${job.name} tick: ${String(error)}`),
            );
          }),
        );
      }
      track(worker.pump()).catch((error: unknown) => log(`job queue: ${String(error)}`));
      if (lane) {
        track(lane.pump({ pollMs: settings.catchUpPollMs ?? 500 })).catch((error: unknown) => log(`catch-up queue: ${String(error)}`));
        stopDue = onCatchupDue(() => lane.nudge());
      }
    },
    /** Stops the schedules and the claim loop and waits for the runs in progress (retries are left to the queue). */
    async stop(): Promise<void> {
      controller.abort();
      stopDue?.();
      for (const cron of crons) cron.stop();
      await Promise.allSettled([...running]);
      await Promise.all([worker.stop(), lane?.stop()]);
    },
  };
}

export type JobRunner = ReturnType<typeof jobRunner>;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
