// Recomputes customer metrics (orders, revenue, AOV, LTV, churn, segment) from orders.
import type { JobDefinition } from './types.ts';

export const customerMetricsJob: JobDefinition = {
  name: 'customer-metrics',
  schedule: '17 * * * *',
  periodSeconds: 3600,
  async run({ services, accountId, now }) {
    return { rowsWritten: await services.customers.recomputeMetrics(accountId, now) };
  },
};
