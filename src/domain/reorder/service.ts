// Reorder suggestions written by the smart-reorder job, read newest first.
import type { PrismaClient } from '../../db/client.ts';
import type { ReorderStatus } from '../../db/__generated__/prisma/enums.ts';
import { reorderRepo } from './repo.ts';
import { boundedCount } from '../bounds.ts';

export const REORDER_STATUSES = ['pending', 'ordered', 'dismissed'] as const satisfies readonly ReorderStatus[];
export const REORDER_PAGE = { default: 50, max: 200 };

export function reorderService(prisma: PrismaClient) {
  const repo = reorderRepo(prisma);
  return {
    /** Suggestions, newest id first; `limit` above the maximum is clamped to it. */
    async listSuggestions(accountId: string, query: { status?: (typeof REORDER_STATUSES)[number]; limit?: number }, now = new Date()) {
      const limit = boundedCount(query.limit, REORDER_PAGE, 'limit');
      return { items: await repo.list(accountId, { status: query.status }, limit), generatedAt: now };
    },
  };
}

export type ReorderService = ReturnType<typeof reorderService>;
