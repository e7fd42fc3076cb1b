// The only Prisma access for inventory items.
import type { PrismaClient } from '../../db/client.ts';
import type { InventoryStatus } from '../../db/__generated__/prisma/enums.ts';

export const inventoryItemSelect = {
  id: true,
  sku: true,
  productName: true,
  currentStock: true,
  unitsSold30d: true,
  unitsSold7d: true,
  avgDailyUnits30d: true,
  avgDailyUnits7d: true,
  daysOfStock: true,
  trend: true,
  status: true,
  estimatedStockoutAt: true,
  computedAt: true,
} as const;

/** Items the inventory_velocity job has computed; others have no status yet. */
const computed = { computedAt: { not: null }, status: { not: null } } as const;

export function inventoryRepo(prisma: PrismaClient) {
  return {
    /**
     * Computed items, most urgent first. The status enum is declared critical, low, ok,
     * overstocked and PostgreSQL sorts enums by declaration, so ascending status is urgency.
     * Then fewest days of stock (null, no sales, last) and sku.
     */
    listComputed(accountId: string, filter: { status?: InventoryStatus }, take: number) {
      return prisma.inventoryItem.findMany({
        where: { accountId, ...computed, ...(filter.status ? { status: filter.status } : {}) },
        orderBy: [{ status: 'asc' }, { daysOfStock: { sort: 'asc', nulls: 'last' } }, { sku: 'asc' }],
        take,
        select: inventoryItemSelect,
      });
    },
    /** Number of computed items per status, over the whole account. */
    async countByStatus(accountId: string): Promise<Array<{ status: InventoryStatus; count: number }>> {
      const groups = await prisma.inventoryItem.groupBy({ by: ['status'], where: { accountId, ...computed }, _count: { _all: true } });
      return groups.flatMap((g) => (g.status ? [{ status: g.status, count: g._count._all }] : []));
    },
    /** The account's items with these ids (computed or not). */
    byIds(accountId: string, ids: readonly number[]) {
      return prisma.inventoryItem.findMany({ where: { accountId, id: { in: [...ids] } }, select: inventoryItemSelect });
    },
  };
}
