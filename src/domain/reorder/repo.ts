// The only Prisma access for reorder suggestions.
import type { PrismaClient } from '../../db/client.ts';
import type { ReorderStatus } from '../../db/__generated__/prisma/enums.ts';
import { idDescendingWindow, type PageRequest } from '../paging.ts';

export const reorderSuggestionSelect = {
  id: true,
  inventoryItemId: true,
  qtySuggested: true,
  reason: true,
  confidence: true,
  forecastDays: true,
  computedAt: true,
  status: true,
} as const;

export function reorderRepo(prisma: PrismaClient) {
  return {
    /** The newest `take` suggestions of the account, id descending. */
    list(accountId: string, filter: { status?: ReorderStatus }, take: number) {
      return prisma.reorderSuggestion.findMany({
        where: { accountId, ...(filter.status ? { status: filter.status } : {}) },
        orderBy: { id: 'desc' },
        take,
        select: reorderSuggestionSelect,
      });
    },
    /** A page in id-descending order (see domain/paging.ts), take+1 rows in fetch order. */
    page(accountId: string, filter: { status?: ReorderStatus }, request: PageRequest<number>) {
      const { id, order, take } = idDescendingWindow(request);
      return prisma.reorderSuggestion.findMany({
        where: { accountId, ...(filter.status ? { status: filter.status } : {}), ...(id ? { id } : {}) },
        orderBy: { id: order },
        take,
        select: reorderSuggestionSelect,
      });
    },
    /** The suggestions of these items of the account, newest first. */
    byItemIds(accountId: string, itemIds: readonly number[], filter: { status?: ReorderStatus }) {
      return prisma.reorderSuggestion.findMany({
        where: { accountId, inventoryItemId: { in: [...itemIds] }, ...(filter.status ? { status: filter.status } : {}) },
        orderBy: { id: 'desc' },
        select: reorderSuggestionSelect,
      });
    },
    findOne(accountId: string, id: number) {
      return prisma.reorderSuggestion.findFirst({ where: { id, accountId }, select: reorderSuggestionSelect });
    },
    /** Moves the suggestion from `from` to `to`; false when it is no longer in `from`. */
    async setStatus(accountId: string, id: number, from: ReorderStatus, to: ReorderStatus, at: Date): Promise<boolean> {
      const changed = await prisma.reorderSuggestion.updateMany({ where: { id, accountId, status: from }, data: { status: to, updatedAt: at } });
      return changed.count === 1;
    },
  };
}
