// Inventory: stock velocity and status computed by the inventory_velocity job. Items it has not
// computed yet are not listed (their velocity and status are unknown).
import type { PrismaClient } from '../../db/client.ts';
import { inventoryRepo, type LowStockEntry } from './repo.ts';
import { boundedCount } from '../shared/index.ts';
import { domainEvent } from '../events/catalog.ts';
import { INVENTORY_PAGE, INVENTORY_STATUSES } from './rules.ts';
import type { Inventory, InventoryItem } from './types.ts';

export function inventoryService(prisma: PrismaClient) {
  const repo = inventoryRepo(prisma);
  return {
    /**
     * Computed items, most urgent first, `limit` clamped to the maximum; the summary counts every
     * computed item of the account, whatever the filter and limit.
     */
    async listInventory(accountId: string, query: { status?: (typeof INVENTORY_STATUSES)[number]; limit?: number }, now = new Date()): Promise<Inventory> {
      const limit = boundedCount(query.limit, INVENTORY_PAGE, 'limit');
      const [items, counts] = await Promise.all([repo.listComputed(accountId, { status: query.status }, limit), repo.countByStatus(accountId)]);
      const summary = { total: 0, critical: 0, low: 0, ok: 0, overstocked: 0 };
      for (const { status, count } of counts) {
        summary[status] += count;
        summary.total += count;
      }
      return { items, summary, generatedAt: now };
    },
    /** The account's items with these ids, in the order asked (null where there is none). */
    async itemsByIds(accountId: string, ids: readonly number[]): Promise<Array<InventoryItem | null>> {
      const byId = new Map((await repo.byIds(accountId, ids)).map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    },
    /**
     * The inventory_velocity job: units sold, daily averages, days of stock, stock-out date, trend
     * and status of every item; inventory.low_stock for each item that enters low or critical (not
     * while it stays there). With `skus`, only those items (the analytics catch-up). Returns the
     * items updated.
     */
    computeInventoryVelocity: (accountId: string, now = new Date(), skus?: readonly string[]): Promise<number> =>
      repo.updateInventoryVelocity(accountId, now, lowStockEvents, skus),
  };
}

/** inventory.low_stock for each item that entered low or critical. */
const lowStockEvents = (entered: LowStockEntry[]) =>
  entered.map((e) =>
    domainEvent('inventory.low_stock', {
      sku: e.sku,
      product_name: e.productName,
      status: e.status,
      current_stock: e.currentStock,
      days_of_stock: e.daysOfStock === null ? null : Number(e.daysOfStock),
      lead_time_days: e.leadTimeDays,
      estimated_stockout_date: e.estimatedStockoutDate,
    }),
  );

export type InventoryService = ReturnType<typeof inventoryService>;
