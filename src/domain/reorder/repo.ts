// The only Prisma access for reorder suggestions. The jobs' writes are SQL that aggregates in the database, in one
// or two statements per account, and never loads orders into memory (docs/analytics.md).
//
// Order items are reached only through the account's orders (account_id, placed_at index, then
// order_items by order_id): a second filter on order_items.account_id adds nothing to the scoping
// and, on a database without statistics (right after a bulk load; PGlite runs no autovacuum),
// led the planner to intersect a whole-account index scan for every order: 34 s instead of
// 0.3 s on the demo account.
//
// Local days are the account's: `placed_at AT TIME ZONE accounts.timezone`. ad_spend.date and
// expenses.date are already calendar dates and are taken as the account's local dates.
import type { PrismaClient } from '../../db/client.ts';
import type { ReorderStatus } from '../../db/__generated__/prisma/enums.ts';
import { idDescendingWindow, type PageRequest } from '../shared/index.ts';
import { col, parseRows, z } from '../shared/rows.ts';
import type { ReorderSuggestion } from './types.ts';
import { REORDER } from './rules.ts';
import { LONG_TRANSACTION } from '../../db/transactions.ts';

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

export interface ReorderCandidate {
  inventoryItemId: number;
  currentStock: number;
  leadTimeDays: number;
  unitsSold: number;
  dailyStddev: number;
}

export interface ReorderWrite {
  inventoryItemId: number;
  qtySuggested: number;
  reason: string;
  confidence: number;
  forecastDays: number;
}

const candidateRow = z.object({ id: col.int, current_stock: col.int, lead_time_days: col.int, units: col.bigint, sd: col.float.nullable() });

export function reorderRepo(prisma: PrismaClient) {
  return {
    /** How many suggestions of the account match the filter. */
    count(accountId: string, filter: { status?: ReorderStatus }) {
      return prisma.reorderSuggestion.count({ where: { accountId, ...(filter.status ? { status: filter.status } : {}) } });
    },
    /** The newest `take` suggestions of the account, id descending. */
    /** A page in id-descending order (see domain/shared/bounds.ts), take+1 rows in fetch order. */
    page(accountId: string, filter: { status?: ReorderStatus }, request: PageRequest<number>): Promise<ReorderSuggestion[]> {
      const { id, order, take } = idDescendingWindow(request);
      return prisma.reorderSuggestion.findMany({
        where: { accountId, ...(filter.status ? { status: filter.status } : {}), ...(id ? { id } : {}) },
        orderBy: { id: order },
        take,
        select: reorderSuggestionSelect,
      });
    },
    /** The suggestions of these items of the account, newest first. */
    byItemIds(accountId: string, itemIds: readonly number[], filter: { status?: ReorderStatus }): Promise<ReorderSuggestion[]> {
      return prisma.reorderSuggestion.findMany({
        where: { accountId, inventoryItemId: { in: [...itemIds] }, ...(filter.status ? { status: filter.status } : {}) },
        orderBy: { id: 'desc' },
        select: reorderSuggestionSelect,
      });
    },
    findOne(accountId: string, id: number): Promise<ReorderSuggestion | null> {
      return prisma.reorderSuggestion.findFirst({ where: { id, accountId }, select: reorderSuggestionSelect });
    },
    /** Moves the suggestion from `from` to `to`; false when it is no longer in `from`. */
    async setStatus(accountId: string, id: number, from: ReorderStatus, to: ReorderStatus, at: Date): Promise<boolean> {
      const changed = await prisma.reorderSuggestion.updateMany({ where: { id, accountId, status: from }, data: { status: to, updatedAt: at } });
      return changed.count === 1;
    },

    /**
     * The account's items with status critical or low, each with its demand over the last 30
     * days: units sold, and the sample standard deviation of units per day, where day n (0..29)
     * is the 24 hours now − (n + 1) days < placed_at <= now − n days and a day without sales
     * counts as 0. Aggregated in SQL over generate_series(0, 29). The daily sums are taken over
     * the window's orders for every item and only then joined to the candidates: filtering the
     * items first let the planner (which cannot count the candidates in advance) walk each
     * item's whole sales history, 3.8 s instead of 0.6 s at a million orders (bench/jobs.ts).
     */
    async reorderCandidates(accountId: string, now: Date): Promise<ReorderCandidate[]> {
      const window = REORDER.demandWindowDays;
      const rows = parseRows(
        candidateRow,
        await prisma.$queryRaw`
        WITH items AS (
          SELECT i.id, i.current_stock, i.lead_time_days
          FROM inventory_items i
          WHERE i.account_id = ${accountId} AND i.status IN ('critical', 'low')
        ), daily AS (
          SELECT oi.inventory_item_id AS id,
                 floor(extract(epoch FROM (${now}::timestamptz - o.placed_at)) / 86400)::int AS n,
                 sum(oi.quantity)::bigint AS units
          FROM orders o JOIN order_items oi ON oi.order_id = o.id
          WHERE o.account_id = ${accountId} AND o.status <> 'cancelled' AND oi.inventory_item_id IS NOT NULL
            AND o.placed_at > ${now}::timestamptz - ${window}::int * interval '1 day' AND o.placed_at <= ${now}::timestamptz
          GROUP BY 1, 2
        )
        SELECT i.id, i.current_stock, i.lead_time_days,
               sum(coalesce(d.units, 0))::bigint AS units,
               stddev_samp(coalesce(d.units, 0))::float8 AS sd
        FROM items i
        CROSS JOIN generate_series(0, ${window}::int - 1) AS g(n)
        LEFT JOIN daily d ON d.id = i.id AND d.n = g.n
        GROUP BY i.id, i.current_stock, i.lead_time_days
        ORDER BY i.id`,
      );
      return rows.map((r) => ({
        inventoryItemId: r.id,
        currentStock: r.current_stock,
        leadTimeDays: r.lead_time_days,
        unitsSold: r.units,
        dailyStddev: r.sd ?? 0,
      }));
    },

    /**
     * Keeps one pending suggestion per item, in one short transaction: the item's newest pending
     * row is updated in place when its quantity or forecast days differ (same numbers: left as it
     * is); an item without a pending row gets one. Ordered and dismissed rows are never touched.
     * Returns the rows updated plus inserted.
     */
    async writeReorderSuggestions(accountId: string, now: Date, suggestions: readonly ReorderWrite[]): Promise<number> {
      if (suggestions.length === 0) return 0;
      const items = suggestions.map((s) => s.inventoryItemId);
      const qty = suggestions.map((s) => s.qtySuggested);
      const reasons = suggestions.map((s) => s.reason);
      const confidence = suggestions.map((s) => s.confidence.toFixed(4));
      const days = suggestions.map((s) => s.forecastDays);
      const [updated, inserted] = await prisma.$transaction(
        [
          prisma.$executeRaw`
          WITH v AS (
            SELECT * FROM unnest(${items}::int[], ${qty}::int[], ${reasons}::text[], ${confidence}::numeric[], ${days}::int[])
              AS v(item_id, qty, reason, confidence, forecast_days)
          ), target AS (
            SELECT DISTINCT ON (r.inventory_item_id) r.id, v.*
            FROM reorder_suggestions r JOIN v ON v.item_id = r.inventory_item_id
            WHERE r.account_id = ${accountId} AND r.status = 'pending'
            ORDER BY r.inventory_item_id, r.id DESC
          )
          UPDATE reorder_suggestions r SET
            qty_suggested = t.qty, reason = t.reason, confidence = t.confidence, forecast_days = t.forecast_days,
            computed_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
          FROM target t
          WHERE r.id = t.id AND r.account_id = ${accountId} AND r.status = 'pending'
            AND (r.qty_suggested, r.forecast_days) IS DISTINCT FROM (t.qty, t.forecast_days)`,
          prisma.$executeRaw`
          INSERT INTO reorder_suggestions (account_id, inventory_item_id, qty_suggested, reason, confidence, forecast_days, status, computed_at, updated_at)
          SELECT ${accountId}, v.item_id, v.qty, v.reason, v.confidence, v.forecast_days, 'pending', ${now}::timestamptz, ${now}::timestamptz
          FROM unnest(${items}::int[], ${qty}::int[], ${reasons}::text[], ${confidence}::numeric[], ${days}::int[])
            AS v(item_id, qty, reason, confidence, forecast_days)
          WHERE NOT EXISTS (
            SELECT 1 FROM reorder_suggestions r
            WHERE r.account_id = ${accountId} AND r.inventory_item_id = v.item_id AND r.status = 'pending')`,
        ],
        LONG_TRANSACTION,
      );
      return updated + inserted;
    },
  };
}
