// Keeps customer metrics (orders, revenue, AOV, LTV, churn, segment) true to the orders: every
// hour the customers whose orders changed are recounted and every customer's churn, LTV and
// segment follow the clock; once a day every customer is recounted (docs/customer-metrics.md).
import type { JobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';
import { isFullRecompute } from '../domain/shared/index.ts';

export const customerMetricsJob: JobDefinition = {
  ...scheduleOf('customer-metrics'),
  async run({ services, accountId, now }) {
    const full = isFullRecompute(now);
    return { rowsWritten: await services.customers.recomputeMetrics(accountId, now, { full }) };
  },
};
