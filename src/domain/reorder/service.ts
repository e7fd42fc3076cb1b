// Reorder suggestions written by the smart-reorder job, read newest first.
import type { PrismaClient } from '../../db/client.ts';
import type { ReorderStatus } from '../shared/enums.ts';
import { reorderRepo } from './repo.ts';
import { AppError } from '../../errors.ts';
import { checkTransition, pageOf, pageRequest, type PageArgs, type PagePolicy } from '../shared/index.ts';
import { REORDER_MOVES, REORDER_PAGE, reorderSuggestion } from './rules.ts';
import type { ReorderSuggestion, ReorderSuggestionsPage } from './types.ts';

export function reorderService(prisma: PrismaClient) {
  const repo = reorderRepo(prisma);
  return {
    /**
     * A page of suggestions, newest first (first/after or last/before; at most 200: refused above
     * it unless the policy clamps, as the v1 `limit` does).
     */
    async suggestionsPage(
      accountId: string,
      args: PageArgs<number> & { status?: ReorderStatus },
      policy?: PagePolicy,
      now = new Date(),
    ): Promise<ReorderSuggestionsPage> {
      const request = pageRequest(args, REORDER_PAGE, policy);
      return { ...pageOf(await repo.page(accountId, { status: args.status }, request), request), generatedAt: now };
    },
    /** The suggestions of each of these items of the account, newest first, in the order asked. */
    /** How many suggestions of the account match the filter (the connection's totalCount). */
    countSuggestions: (accountId: string, filter: { status?: ReorderStatus }) => repo.count(accountId, filter),
    async suggestionsByItems(accountId: string, itemIds: readonly number[], filter: { status?: ReorderStatus }): Promise<ReorderSuggestion[][]> {
      const rows = await repo.byItemIds(accountId, itemIds, filter);
      return itemIds.map((id) => rows.filter((row) => row.inventoryItemId === id));
    },
    /** pending -> ordered or dismissed; dismissed -> pending; ordered is final (409 conflict). */
    async setReorderStatus(accountId: string, id: number, status: ReorderStatus, now = new Date()): Promise<ReorderSuggestion> {
      const current = await repo.findOne(accountId, id);
      if (!current) throw new AppError('not_found', 'No such reorder suggestion.');
      if (checkTransition(REORDER_MOVES, current.status, status, 'a reorder suggestion')) {
        if (!(await repo.setStatus(accountId, id, current.status, status, now)))
          throw new AppError('conflict', 'The suggestion changed meanwhile; read it again.');
        return { ...current, status };
      }
      return current;
    },
    /**
     * The smart-reorder job: one pending suggestion per low or critical item (status as
     * inventory_velocity last set it). A pending row with the same quantity is left alone; changed
     * numbers update it in place; items no longer low or critical keep theirs; ordered and
     * dismissed rows are never touched. Returns the rows written.
     */
    async suggestReorders(accountId: string, now = new Date()): Promise<number> {
      const candidates = await repo.reorderCandidates(accountId, now);
      const suggestions = candidates.map((c) => {
        const s = reorderSuggestion(c);
        return { inventoryItemId: c.inventoryItemId, qtySuggested: s.qtySuggested, reason: s.reason, confidence: s.confidence, forecastDays: s.forecastDays };
      });
      return repo.writeReorderSuggestions(accountId, now, suggestions);
    },
  };
}

export type ReorderService = ReturnType<typeof reorderService>;
