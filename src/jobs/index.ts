// Every job the runner knows, in the order `runAll` runs them.
import type { JobDefinition } from './types.ts';
import { customerMetricsJob } from './customer-metrics.job.ts';

export const ALL_JOBS: JobDefinition[] = [customerMetricsJob];
