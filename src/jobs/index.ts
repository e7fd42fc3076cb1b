// Every job the runner knows, in the order `runAll` runs them.
import type { JobDefinition } from './types.ts';
import { customerMetricsJob } from './customer-metrics.job.ts';
import { profitSnapshotJob } from './profit-snapshot.job.ts';
import { inventoryVelocityJob } from './inventory-velocity.job.ts';
import { smartReorderJob } from './smart-reorder.job.ts';
import { anomalyDetectJob } from './anomaly-detect.job.ts';
import { alertsEvaluatorJob } from './alerts-evaluator.job.ts';
import { integrationsStalenessJob } from './integrations-staleness.job.ts';

import { aiInsightsGenerateJob } from './ai-insights-generate.job.ts';
import { aiQuotaJob } from './ai-quota.job.ts';

// ai-insights-generate reads what the analytics jobs wrote (anomalies, stock-outs, profit), so it
// runs after them.
export const ALL_JOBS: JobDefinition[] = [
  customerMetricsJob,
  profitSnapshotJob,
  inventoryVelocityJob,
  smartReorderJob,
  anomalyDetectJob,
  alertsEvaluatorJob,
  integrationsStalenessJob,
  aiInsightsGenerateJob,
  aiQuotaJob,
];
