// Every job the runner knows: the handlers, in the catalogue's order (src/jobs/catalog.ts).
import type { AnyJobDefinition } from './types.ts';
import { JOB_CATALOG, type JobName } from './catalog.ts';
import { customerMetricsJob } from './customer-metrics.job.ts';
import { profitSnapshotJob } from './profit-snapshot.job.ts';
import { inventoryVelocityJob } from './inventory-velocity.job.ts';
import { smartReorderJob } from './smart-reorder.job.ts';
import { anomalyDetectJob } from './anomaly-detect.job.ts';
import { alertsEvaluatorJob } from './alerts-evaluator.job.ts';
import { integrationsStalenessJob } from './integrations-staleness.job.ts';
import { aiInsightsGenerateJob } from './ai-insights-generate.job.ts';
import { aiQuotaJob } from './ai-quota.job.ts';
import { retentionJob } from './retention.job.ts';
import { importsJob } from './imports.job.ts';
import { connectorInboxJob } from './connector-inbox.job.ts';
import { shopifySyncJob } from './shopify-sync.job.ts';

const HANDLERS: AnyJobDefinition[] = [
  customerMetricsJob,
  profitSnapshotJob,
  inventoryVelocityJob,
  smartReorderJob,
  anomalyDetectJob,
  alertsEvaluatorJob,
  integrationsStalenessJob,
  aiInsightsGenerateJob,
  aiQuotaJob,
  retentionJob,
  importsJob,
  connectorInboxJob,
  shopifySyncJob,
];

const byName = new Map(HANDLERS.map((job) => [job.name as JobName, job]));

export const ALL_JOBS: AnyJobDefinition[] = JOB_CATALOG.map((entry) => {
  const job = byName.get(entry.name);
  if (!job) throw new Error(`job ${entry.name} is in the catalogue but has no handler`);
  return job;
});
