// The inventory module's public surface: items with the velocity, trend and status the
// inventory_velocity job computes, and that job.
export { inventoryService, type InventoryService } from './service.ts';
export type { Inventory, InventoryItem, InventorySummary, InventoryStatus, InventoryTrend } from './types.ts';
export { INVENTORY_PAGE, INVENTORY_STATUSES, INVENTORY_TRENDS, VELOCITY, DAYS_OF_STOCK_LIMIT, STOCKOUT_DAYS_LIMIT } from './rules.ts';
