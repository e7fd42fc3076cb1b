// Recomputes every inventory item's sales velocity, days of stock, trend and status
// (docs/analytics.md). Runs before smart-reorder, which reads the status.
import type { JobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';

export const inventoryVelocityJob: JobDefinition = {
  ...scheduleOf('inventory_velocity'),
  async run({ services, accountId, now }) {
    return { rowsWritten: await services.inventory.computeInventoryVelocity(accountId, now) };
  },
};
