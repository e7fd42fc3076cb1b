// The job queue's, the retention job's and the file imports' settings: a part of the config schema (src/config.ts
// reads the environment and spreads these in; docs/jobs.md explains each).
import { z } from 'zod';
import { int } from './config-values.ts';

export const jobsEnv = {
  JOBS_CONCURRENCY: int(1, 64).default(2),
  JOBS_HEARTBEAT_SECONDS: int(1, 600).default(10),
  JOBS_MAX_ATTEMPTS: int(1, 20).default(3),
  CATCHUP_DEBOUNCE_MS: int(0, 600_000).default(1_000),
  CATCHUP_POLL_MS: int(50, 60_000).default(500),
  RETENTION_TRACK_EVENTS_DAYS: int(1, 36_500).default(400),
  RETENTION_WEBHOOK_DAYS: int(1, 36_500).default(30),
  RETENTION_JOB_RUNS_DAYS: int(1, 36_500).default(30),
  RETENTION_UPTIME_CHECKS_DAYS: int(1, 36_500).default(90),
  RETENTION_BATCH_SIZE: int(100, 100_000).default(2_000),
  IMPORT_MAX_BYTES: int(1024, 64 * 1024 ** 3).default(1024 ** 3),
};

type JobsEnv = { [K in keyof typeof jobsEnv]: z.output<(typeof jobsEnv)[K]> };

export interface JobsConfig {
  /** Queue rows one worker runs at once. */
  concurrency: number;
  /** How often a running claim is renewed; a claim not renewed for three of these is retried. */
  heartbeatMs: number;
  /** Attempts of one queued run before it is dead (until the next tick). */
  maxAttempts: number;
  /** The analytics catch-up starts this long after the first write that marks an account (later writes join that run). */
  catchUpDebounceMs: number;
  /** How often a worker looks for a due catch-up (a write in the same process wakes it at once). */
  catchUpPollMs: number;
}

export interface RetentionConfig {
  trackEventsDays: number;
  /** Webhook attempts, and outbox events whose deliveries have all finished. */
  webhookDays: number;
  jobRunsDays: number;
  uptimeChecksDays: number;
  /** Rows deleted by one statement (one short transaction). */
  batchSize: number;
}

export interface ImportsConfig {
  /** The largest import file accepted (bytes); a bigger upload is refused with 413 (docs/imports.md). */
  maxBytes: number;
}

export function jobsConfigFrom(env: JobsEnv): { jobs: JobsConfig; retention: RetentionConfig; imports: ImportsConfig } {
  return {
    imports: { maxBytes: env.IMPORT_MAX_BYTES },
    jobs: {
      concurrency: env.JOBS_CONCURRENCY,
      heartbeatMs: env.JOBS_HEARTBEAT_SECONDS * 1000,
      maxAttempts: env.JOBS_MAX_ATTEMPTS,
      catchUpDebounceMs: env.CATCHUP_DEBOUNCE_MS,
      catchUpPollMs: env.CATCHUP_POLL_MS,
    },
    retention: {
      trackEventsDays: env.RETENTION_TRACK_EVENTS_DAYS,
      webhookDays: env.RETENTION_WEBHOOK_DAYS,
      jobRunsDays: env.RETENTION_JOB_RUNS_DAYS,
      uptimeChecksDays: env.RETENTION_UPTIME_CHECKS_DAYS,
      batchSize: env.RETENTION_BATCH_SIZE,
    },
  };
}
