// Reorder suggestions written by the smart-reorder job, read newest first.
import type { PrismaClient } from '../../db/client.ts';
import type { ReorderStatus } from '../../db/__generated__/prisma/enums.ts';
import { reorderRepo } from './repo.ts';
import { boundedCount } from '../bounds.ts';
import { AppError } from '../../errors.ts';
import { checkTransition } from '../transitions.ts';
import { pageOf, pageRequest, type PageArgs } from '../paging.ts';

export const REORDER_STATUSES = ['pending', 'ordered', 'dismissed'] as const satisfies readonly ReorderStatus[];
export const REORDER_PAGE = { default: 50, max: 200 };
const REORDER_MOVES: Record<ReorderStatus, readonly ReorderStatus[]> = { pending: ['ordered', 'dismissed'], dismissed: ['pending'], ordered: [] };

export function reorderService(prisma: PrismaClient) {
  const repo = reorderRepo(prisma);
  return {
    /** Suggestions, newest id first; `limit` above the maximum is clamped to it. */
    async listSuggestions(accountId: string, query: { status?: (typeof REORDER_STATUSES)[number]; limit?: number }, now = new Date()) {
      const limit = boundedCount(query.limit, REORDER_PAGE, 'limit');
      return { items: await repo.list(accountId, { status: query.status }, limit), generatedAt: now };
    },
    /** A page of suggestions, newest first (first/after or last/before; at most 200). */
    async suggestionsPage(accountId: string, args: PageArgs<number> & { status?: ReorderStatus }) {
      const request = pageRequest(args, REORDER_PAGE);
      return pageOf(await repo.page(accountId, { status: args.status }, request), request);
    },
    /** The suggestions of each of these items of the account, newest first, in the order asked. */
    async suggestionsByItems(accountId: string, itemIds: readonly number[], filter: { status?: ReorderStatus }) {
      const rows = await repo.byItemIds(accountId, itemIds, filter);
      return itemIds.map((id) => rows.filter((row) => row.inventoryItemId === id));
    },
    /** pending -> ordered or dismissed; dismissed -> pending; ordered is final (409 conflict). */
    async setReorderStatus(accountId: string, id: number, status: ReorderStatus, now = new Date()) {
      const current = await repo.findOne(accountId, id);
      if (!current) throw new AppError('not_found', 'No such reorder suggestion.');
      if (checkTransition(REORDER_MOVES, current.status, status, 'a reorder suggestion')) {
        if (!(await repo.setStatus(accountId, id, current.status, status, now))) throw new AppError('conflict', 'The suggestion changed meanwhile; read it again.');
        return { ...current, status };
      }
      return current;
    },
  };
}

export type ReorderService = ReturnType<typeof reorderService>;
