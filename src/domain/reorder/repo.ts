// The only Prisma access for reorder suggestions.
import type { PrismaClient } from '../../db/client.ts';
import type { ReorderStatus } from '../../db/__generated__/prisma/enums.ts';

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
  };
}
