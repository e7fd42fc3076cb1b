// The inventory module's declared types: what its service returns to the doors.
import type { InventoryStatus, InventoryTrend } from '../shared/enums.ts';
import type { DecimalLike } from '../shared/types.ts';

export type { InventoryStatus, InventoryTrend };

/** An item with the velocity, trend and status the inventory_velocity job computed. */
export interface InventoryItem {
  id: number;
  sku: string;
  productName: string;
  currentStock: number;
  unitsSold30d: number;
  unitsSold7d: number;
  avgDailyUnits30d: DecimalLike;
  avgDailyUnits7d: DecimalLike;
  daysOfStock: DecimalLike | null;
  trend: InventoryTrend | null;
  status: InventoryStatus | null;
  estimatedStockoutAt: Date | null;
  computedAt: Date | null;
}

export interface InventorySummary {
  total: number;
  critical: number;
  low: number;
  ok: number;
  overstocked: number;
}

/** Computed items, most urgent first, and counts per status over the whole account. */
export interface Inventory {
  items: InventoryItem[];
  summary: InventorySummary;
  generatedAt: Date;
}
