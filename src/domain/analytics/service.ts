// Analytics jobs' rules: daily profit snapshots, inventory velocity and reorder suggestions, per
// account. Each function recomputes from the orders, ad spend and expenses in the database, is
// idempotent (a second run with the same data writes nothing new) and returns the rows written.
// The formulas: profit.ts, inventory.ts, reorder.ts and docs/analytics.md.
import type { PrismaClient } from '../../db/client.ts';
import { analyticsRepo } from './repo.ts';
import { recomputeFrom } from './profit.ts';
import { reorderSuggestion } from './reorder.ts';
import { domainEvent } from '../events/catalog.ts';

export function analyticsService(prisma: PrismaClient) {
  const repo = analyticsRepo(prisma);
  return {
    /**
     * One profit snapshot per local day of the account, from its first day with data to today.
     * Incremental by default (the last few days; a full back-fill when the account has none yet
     * or its snapshots have a gap); `full` recomputes every day.
     */
    async snapshotProfit(accountId: string, now = new Date(), options: { full?: boolean } = {}): Promise<number> {
      const from = options.full ? null : recomputeFrom(await repo.profitCoverage(accountId));
      return repo.upsertProfitSnapshots(accountId, now, from);
    },

    /**
     * Units sold, daily averages, days of stock, stock-out date, trend and status of every item;
     * inventory.low_stock for each item that enters low or critical (not while it stays there).
     */
    computeInventoryVelocity: (accountId: string, now = new Date()): Promise<number> =>
      repo.updateInventoryVelocity(accountId, now, (entered) =>
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
        ),
      ),

    /**
     * One pending reorder suggestion per low or critical item (status as inventory_velocity last
     * set it). A pending row with the same quantity is left alone; changed numbers update it in
     * place; items no longer low or critical keep theirs; ordered and dismissed rows are never
     * touched.
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

export type AnalyticsService = ReturnType<typeof analyticsService>;
