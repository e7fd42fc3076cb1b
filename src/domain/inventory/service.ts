// Inventory: stock velocity and status computed by the inventory_velocity job. Items it has not
// computed yet are not listed (their velocity and status are unknown).
import type { PrismaClient } from '../../db/client.ts';
import type { InventoryStatus, InventoryTrend } from '../../db/__generated__/prisma/enums.ts';
import { inventoryRepo } from './repo.ts';
import { boundedCount } from '../bounds.ts';

export const INVENTORY_STATUSES = ['critical', 'low', 'ok', 'overstocked'] as const satisfies readonly InventoryStatus[];
export const INVENTORY_TRENDS = ['accelerating', 'stable', 'decelerating', 'no_sales'] as const satisfies readonly InventoryTrend[];
export const INVENTORY_PAGE = { default: 100, max: 500 };

export function inventoryService(prisma: PrismaClient) {
  const repo = inventoryRepo(prisma);
  return {
    /**
     * Computed items, most urgent first, `limit` clamped to the maximum; the summary counts every
     * computed item of the account, whatever the filter and limit.
     */
    async listInventory(accountId: string, query: { status?: (typeof INVENTORY_STATUSES)[number]; limit?: number }, now = new Date()) {
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
    async itemsByIds(accountId: string, ids: readonly number[]) {
      const byId = new Map((await repo.byIds(accountId, ids)).map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    },
  };
}

export type InventoryService = ReturnType<typeof inventoryService>;
