// What a job file declares: its name, its schedule and what it does for one account.
import type { Services } from '../services.ts';

/** A job reaches the data only through the domain services (the rules live there). */
export interface JobContext {
  services: Services;
  /** The account the run is for (every job here runs per account). */
  accountId: string;
  now: Date;
  signal: AbortSignal;
}

export interface JobDefinition {
  name: string;
  /** Cron expression (croner syntax, UTC). */
  schedule: string;
  /** Expected period in seconds, to tell when the job is late (two periods without a success). */
  periodSeconds: number;
  run(ctx: JobContext): Promise<{ rowsWritten: number }>;
}
