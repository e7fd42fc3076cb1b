// Recomputes every inventory item's sales velocity, days of stock, trend and status
// (docs/analytics.md). Runs before smart-reorder, which reads the status.
import type { JobDefinition } from './types.ts';

export const inventoryVelocityJob: JobDefinition = {
  name: 'inventory_velocity',
  schedule: '27 * * * *',
  periodSeconds: 3600,
  async run({ services, accountId, now }) {
    return { rowsWritten: await services.analytics.computeInventoryVelocity(accountId, now) };
  },
};
