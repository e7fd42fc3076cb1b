// One worker's side of the job queue: claims due rows (up to its concurrency), runs each under a
// heartbeat, records the run in job_runs and ends the claim (idle, retried after a backoff, or
// dead after the last attempt). Claims whose heartbeat stopped (a crashed or hung worker) are
// released by whichever worker notices first. See docs/jobs.md.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Services } from '../services.ts';
import type { QueuedJobDefinition } from './types.ts';
import { GLOBAL_KEY } from './types.ts';
import { recordJobRun } from '../observability/metrics.ts';
import type { Claim, jobsRepo } from './repo.ts';

export interface QueueSettings {
  /** Claims run at once by this worker. */
  concurrency: number;
  /** How often claims are renewed; one not renewed for three of these is retried by others. */
  heartbeatMs: number;
  /** Attempts of one queued run before it is dead until the next tick. */
  maxAttempts: number;
}

export interface AttemptOutcome {
  rowsWritten: number;
  error?: string;
}

interface Deps {
  repo: ReturnType<typeof jobsRepo>;
  services: Services;
  jobs: QueuedJobDefinition[];
  settings: QueueSettings;
  retryDelayMs: (attempt: number) => number;
  log: (message: string) => void;
  signal: AbortSignal;
  /** The time a run computes for (what `now` means to the job); a fixed clock in tests. */
  clock: () => Date;
}

export function queueWorker({ repo, services, jobs, settings, retryDelayMs, log, signal, clock }: Deps) {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const names = jobs.map((j) => j.name);
  /** Claims in progress in this process, by owner token, with a way to abort each. */
  const active = new Map<string, { abort: AbortController; done: Promise<void> }>();
  let wake: (() => void) | null = null;
  /** Runs this worker has finished (drain compares it across a claim: see pump). */
  let finished = 0;
  let nextSweep = 0;
  const staleMs = settings.heartbeatMs * 3;

  const heartbeat = setInterval(() => {
    const owners = [...active.keys()];
    if (!owners.length) return;
    repo.heartbeat(owners).then(
      (held) => {
        for (const owner of owners) {
          if (held.has(owner) || !active.has(owner)) continue;
          log(`job claim ${owner} was taken over (heartbeat late); abandoning it`);
          active.get(owner)!.abort.abort();
        }
      },
      (error: unknown) => log(`job heartbeat failed: ${String(error)}`),
    );
  }, settings.heartbeatMs);
  heartbeat.unref();

  /**
   * One attempt of a claimed (job, account), recorded in job_runs; never throws. A queue claim
   * comes with its run record open (`claim.runId`), which `repo.finish` closes with the claim; a
   * manual claim opens and closes one record per attempt here.
   */
  async function attempt(job: QueuedJobDefinition, claim: Claim, attemptNo: number, abort: AbortSignal): Promise<AttemptOutcome> {
    const accountId = claim.accountKey === GLOBAL_KEY ? null : claim.accountKey;
    const opened = claim.runId !== null && attemptNo === claim.attempts;
    const runId = opened ? claim.runId! : (await repo.startRun(job.name, accountId, attemptNo)).id;
    if (!opened) await repo.attachRun(claim.owner, runId);
    const startedAt = Date.now();
    // Lateness is measured against the row's due time (the tick it was queued for) on a first attempt.
    const metric = (outcome: string) =>
      recordJobRun({ job: job.name, outcome, startedAt, finishedAt: Date.now(), scheduledAt: attemptNo === 1 ? claim.dueAt : null });
    try {
      const ctx = { services, now: clock(), signal: AbortSignal.any([signal, abort]), log };
      const { rowsWritten } = job.scope === 'global' ? await job.run(ctx) : await job.run({ ...ctx, accountId: accountId! });
      if (!opened) await repo.finishRun(runId, { rowsWritten });
      metric('succeeded');
      return { rowsWritten };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!opened) await repo.finishRun(runId, { error: message });
      metric('failed');
      log(`job ${job.name} for ${claim.accountKey} failed (attempt ${attemptNo}): ${message}`);
      return { rowsWritten: 0, error: message };
    }
  }

  /** Runs `body` while the claim is heartbeated; the claim is released from this process after. */
  async function holding<T>(claim: Claim, body: (abort: AbortSignal) => Promise<T>): Promise<T> {
    const abort = new AbortController();
    let release!: () => void;
    active.set(claim.owner, { abort, done: new Promise<void>((resolve) => (release = resolve)) });
    try {
      return await body(abort.signal);
    } finally {
      active.delete(claim.owner);
      finished++;
      release();
      wake?.();
    }
  }

  function spawn(claim: Claim): void {
    const job = jobs.find((j) => j.name === claim.job)!;
    void holding(claim, async (abort) => {
      const outcome = await attempt(job, claim, claim.attempts, abort);
      // Closes the claim and its run record in one statement.
      await repo.finish(claim.owner, { ...outcome, maxAttempts: settings.maxAttempts, retryInMs: retryDelayMs(claim.attempts) });
    }).catch((error: unknown) => log(`job ${claim.job} for ${claim.accountKey}: ${String(error)}`));
  }

  function waitForWork(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        wake = null;
        resolve();
      }
      wake = done;
      signal.addEventListener('abort', done, { once: true });
    });
  }

  return {
    workerId,
    staleMs,
    attempt,
    holding,
    /** Wakes the claim loop (a tick was just enqueued here). */
    nudge: () => wake?.(),
    /**
     * Claims and runs due rows until stopped; with `untilIdle`, returns once nothing is due and
     * nothing of this worker's is running (the bench, tests, `runAll`).
     */
    async pump({ untilIdle = false, pollMs = 1_000 } = {}): Promise<void> {
      while (!signal.aborted) {
        if (Date.now() >= nextSweep) {
          nextSweep = Date.now() + settings.heartbeatMs;
          await repo.releaseStale(staleMs, settings.maxAttempts, retryDelayMs(1)).catch((e: unknown) => log(`job queue sweep failed: ${String(e)}`));
        }
        const free = settings.concurrency - active.size;
        const finishedBefore = finished;
        const claims = free > 0 ? await repo.claim(workerId, names, free) : [];
        for (const claim of claims) spawn(claim);
        // A run that finished while the claim was in flight may have queued a retry the claim could
        // not see yet: idle only when nothing finished in between.
        if (untilIdle && claims.length === 0 && active.size === 0 && finished === finishedBefore) return;
        if (claims.length === 0 || active.size >= settings.concurrency) await waitForWork(untilIdle ? Math.min(pollMs, 50) : pollMs);
      }
    },
    /** Waits for this worker's claims in progress, then stops heartbeating. */
    async stop(): Promise<void> {
      await Promise.allSettled([...active.values()].map((a) => a.done));
      clearInterval(heartbeat);
    },
  };
}
