// Runs jobs: per account, under a lease so two workers never run one job for one account at
// once, retried on failure, recorded in job_runs (start, end, rows, error), on a cron schedule
// for `svc worker`, and stopped cleanly on shutdown.
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { PrismaClient } from '../db/client.ts';
import type { Services } from '../services.ts';
import { AppError } from '../errors.ts';
import type { JobDefinition } from './types.ts';
import { jobsRepo } from './repo.ts';

const LEASE_MS = 10 * 60_000;
const RETRIES = 2;

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
  jobs: JobDefinition[];
  log?: (message: string) => void;
  /** Delay before retry n (ms); shortened in tests. */
  retryDelayMs?: (attempt: number) => number;
}

export function jobRunner({ prisma, services, jobs, log = () => {}, retryDelayMs = (n) => 1_000 * 2 ** n }: RunnerDeps) {
  const repo = jobsRepo(prisma);
  const controller = new AbortController();
  const running = new Set<Promise<unknown>>();
  const crons: Cron[] = [];

  function find(name: string): JobDefinition {
    const job = jobs.find((j) => j.name === name);
    if (!job) throw new AppError('invalid_parameter', `unknown job ${name}; jobs: ${jobs.map((j) => j.name).join(', ')}`, { param: 'job' });
    return job;
  }

  async function runForAccount(job: JobDefinition, accountId: string): Promise<JobRunSummary> {
    const token = randomUUID();
    if (!(await repo.tryLock(job.name, accountId, token, LEASE_MS))) {
      return { job: job.name, accountId, status: 'skipped_locked', rowsWritten: 0, attempts: 0 };
    }
    try {
      for (let attempt = 1; ; attempt++) {
        const run = await repo.startRun(job.name, accountId, attempt);
        try {
          const { rowsWritten } = await job.run({ services, accountId, now: new Date(), signal: controller.signal });
          await repo.finishRun(run.id, { rowsWritten });
          return { job: job.name, accountId, status: 'succeeded', rowsWritten, attempts: attempt };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await repo.finishRun(run.id, { error: message });
          log(`job ${job.name} for ${accountId} failed (attempt ${attempt}): ${message}`);
          if (attempt > RETRIES || controller.signal.aborted) {
            return { job: job.name, accountId, status: 'failed', rowsWritten: 0, attempts: attempt, error: message };
          }
          await sleep(retryDelayMs(attempt), controller.signal);
        }
      }
    } finally {
      await repo.unlock(job.name, accountId, token).catch(() => {});
    }
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    running.add(promise);
    promise.finally(() => running.delete(promise)).catch(() => {});
    return promise;
  }

  async function accountsFor(accountId?: string): Promise<string[]> {
    if (accountId) {
      await services.accounts.getAccount(accountId);
      return [accountId];
    }
    return repo.accountIds();
  }

  return {
    jobNames: () => jobs.map((j) => j.name),
    /** Runs one job now, for one account or for every account. */
    async run(name: string, accountId?: string): Promise<JobRunSummary[]> {
      const job = find(name);
      const results: JobRunSummary[] = [];
      for (const id of await accountsFor(accountId)) results.push(await track(runForAccount(job, id)));
      return results;
    },
    /** Runs every job once for every account, in order (used after the demo seed). */
    async runAll(accountId?: string): Promise<JobRunSummary[]> {
      const results: JobRunSummary[] = [];
      const accounts = await accountsFor(accountId);
      for (const job of jobs) {
        if (controller.signal.aborted) break;
        for (const id of accounts) results.push(await track(runForAccount(job, id)));
      }
      return results;
    },
    /** Starts the cron schedules (`svc worker`, and `npm start` in-process). */
    start(): void {
      for (const job of jobs) {
        crons.push(
          new Cron(job.schedule, { timezone: 'UTC', protect: true }, () => {
            if (controller.signal.aborted) return;
            return track(this.run(job.name).then(() => undefined)).catch((error: unknown) => log(`job ${job.name}: ${String(error)}`));
          }),
        );
      }
    },
    /** Stops the schedules and waits for the runs in progress (their retries are abandoned). */
    async stop(): Promise<void> {
      controller.abort();
      for (const cron of crons) cron.stop();
      await Promise.allSettled([...running]);
    },
  };
}

export type JobRunner = ReturnType<typeof jobRunner>;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
