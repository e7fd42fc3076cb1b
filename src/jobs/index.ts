// Every job the runner knows, in the order `runAll` runs them.
import type { JobDefinition } from './types.ts';
import { customerMetricsJob } from './customer-metrics.job.ts';
import { profitSnapshotJob } from './profit-snapshot.job.ts';
import { inventoryVelocityJob } from './inventory-velocity.job.ts';
import { smartReorderJob } from './smart-reorder.job.ts';
import { aiInsightsGenerateJob } from './ai-insights-generate.job.ts';
import { aiQuotaJob } from './ai-quota.job.ts';

export const ALL_JOBS: JobDefinition[] = [customerMetricsJob, profitSnapshotJob, inventoryVelocityJob, smartReorderJob, aiInsightsGenerateJob, aiQuotaJob];
