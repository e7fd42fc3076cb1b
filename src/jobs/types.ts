// What a job handler declares: its catalogue entry (name, schedule, period: src/jobs/catalog.ts)
// and what it does for one account (or, for a global job, once).
import type { Services } from '../services.ts';
import type { JobSchedule } from './catalog.ts';

/** A job reaches the data only through the domain services (the rules live there). */
export interface GlobalJobContext {
  services: Services;
  now: Date;
  signal: AbortSignal;
  /** The runner's log (a warn line of the worker's; nowhere when the runner was given none). */
  log?: (message: string) => void;
}

export interface JobContext extends GlobalJobContext {
  /** The account the run is for. */
  accountId: string;
}

/** A job that runs once per account (most of them). */
export interface JobDefinition extends Omit<JobSchedule, 'scope'> {
  scope?: undefined;
  run(ctx: JobContext): Promise<{ rowsWritten: number }>;
}

/** A job that runs once per tick for the whole database (retention). */
export interface GlobalJobDefinition extends JobSchedule {
  scope: 'global';
  run(ctx: GlobalJobContext): Promise<{ rowsWritten: number }>;
}

export type AnyJobDefinition = JobDefinition | GlobalJobDefinition;

/** A per-account job queued by the writes that need it, not by a schedule (the analytics catch-up). */
export interface DemandJobDefinition {
  name: string;
  scope?: undefined;
  run(ctx: JobContext): Promise<{ rowsWritten: number }>;
}

/** What a queue worker can run. */
export type QueuedJobDefinition = AnyJobDefinition | DemandJobDefinition;

export { GLOBAL_KEY } from './global-key.ts';
