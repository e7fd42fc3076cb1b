// Scores the last complete local days of every anomaly metric and stores the univariate and
// correlated anomalies (docs/analytics.md); a full pass over all history once a day. Runs after
// customer-metrics and profit-snapshot, whose rows it reads.
import type { JobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';
import { isFullRecompute } from '../domain/shared/index.ts';

export const anomalyDetectJob: JobDefinition = {
  ...scheduleOf('anomaly-detect'),
  async run({ services, accountId, now }) {
    const full = isFullRecompute(now);
    return { rowsWritten: await services.anomalies.detectAnomalies(accountId, now, { full }) };
  },
};
