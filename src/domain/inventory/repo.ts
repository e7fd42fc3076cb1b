// The only Prisma access for inventory items. The jobs' writes are SQL that aggregates in the database, in one
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
import { Prisma } from '../../db/__generated__/prisma/client.ts';
import type { InventoryStatus } from '../../db/__generated__/prisma/enums.ts';
import { col, parseRows, z } from '../shared/rows.ts';
import type { InventoryItem } from './types.ts';
import { DAYS_OF_STOCK_LIMIT, STOCKOUT_DAYS_LIMIT, VELOCITY } from './rules.ts';
import { appendEvents } from '../events/repo.ts';
import type { DomainEvent } from '../events/catalog.ts';
import { LONG_TRANSACTION } from '../../db/transactions.ts';

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

/** An item that entered low or critical in this run (the data of inventory.low_stock). */
export interface LowStockEntry {
  sku: string;
  productName: string;
  status: 'low' | 'critical';
  currentStock: number;
  daysOfStock: number | null;
  leadTimeDays: number;
  estimatedStockoutDate: string | null;
}

/** entered is json_agg of json_build_object: numeric and date columns come back as JSON numbers and text. */
const velocityResult = z.object({
  updated: col.int,
  entered: z.array(
    z.object({
      sku: col.text,
      productName: col.text,
      status: z.enum(['low', 'critical']),
      currentStock: col.int,
      daysOfStock: z.number().nullable(),
      leadTimeDays: col.int,
      estimatedStockoutDate: col.text.nullable(),
    }),
  ),
});

export function inventoryRepo(prisma: PrismaClient) {
  return {
    /**
     * Computed items, most urgent first. The status enum is declared critical, low, ok,
     * overstocked and PostgreSQL sorts enums by declaration, so ascending status is urgency.
     * Then fewest days of stock (null, no sales, last) and sku.
     */
    listComputed(accountId: string, filter: { status?: InventoryStatus }, take: number): Promise<InventoryItem[]> {
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
    byIds(accountId: string, ids: readonly number[]): Promise<InventoryItem[]> {
      return prisma.inventoryItem.findMany({ where: { accountId, id: { in: [...ids] } }, select: inventoryItemSelect });
    },

    /**
     * Recomputes the velocity figures, trend and status of every inventory item of the account in
     * one UPDATE … FROM (aggregate). Windows are the last 7 and 30 days before `now`
     * (now − N days < placed_at <= now); the stock-out date counts from the account's local date.
     * In the same transaction, the events `announce` builds for the items that entered low or
     * critical with this update. Returns the items updated.
     */
    updateInventoryVelocity(accountId: string, now: Date, announce: (entered: LowStockEntry[]) => DomainEvent[], skus?: readonly string[]): Promise<number> {
      // Only these SKUs' items (the analytics catch-up), read through the (account_id, sku) key.
      const items = skus
        ? Prisma.sql` AND oi.inventory_item_id IN (SELECT id FROM inventory_items WHERE account_id = ${accountId} AND sku = ANY(${[...skus]}::text[]))`
        : Prisma.empty;
      const { shortWindowDays: short, longWindowDays: long, acceleratingPct, deceleratingPct, lowBufferDays, overstockedDays } = VELOCITY;
      return prisma.$transaction(async (tx) => {
        // One velocity update per account at a time (until commit): the statement below then sees
        // the status the previous one wrote, so an item enters low or critical, and its event is
        // written, once, even if two runs race (the job queue's one row per job and account already prevents that).
        await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext(${`inventory_velocity:${accountId}`}))`;
        const [result] = parseRows(
          velocityResult,
          await tx.$queryRaw`
          WITH acct AS (
            SELECT (${now}::timestamptz AT TIME ZONE a.timezone)::date AS today FROM accounts a WHERE a.id = ${accountId}
          ), sales AS (
            SELECT oi.inventory_item_id AS item_id,
                   coalesce(sum(oi.quantity) FILTER (WHERE o.placed_at > ${now}::timestamptz - ${short}::int * interval '1 day'), 0)::bigint AS u7,
                   sum(oi.quantity)::bigint AS u30
            FROM orders o JOIN order_items oi ON oi.order_id = o.id
            WHERE o.account_id = ${accountId} AND o.status <> 'cancelled' AND oi.inventory_item_id IS NOT NULL
              AND o.placed_at > ${now}::timestamptz - ${long}::int * interval '1 day' AND o.placed_at <= ${now}::timestamptz${items}
            GROUP BY oi.inventory_item_id
          ), v AS (
            SELECT i.id, coalesce(s.u7, 0) AS u7, coalesce(s.u30, 0) AS u30,
                   greatest(i.current_stock, 0)::bigint AS stock, i.lead_time_days::bigint AS lead, i.status AS old_status
            FROM inventory_items i LEFT JOIN sales s ON s.item_id = i.id
            WHERE i.account_id = ${accountId}${skus ? Prisma.sql` AND i.sku = ANY(${[...skus]}::text[])` : Prisma.empty}
          ), upd AS (
          UPDATE inventory_items i SET
            units_sold_7d = v.u7,
            units_sold_30d = v.u30,
            avg_daily_units_7d = round(v.u7::numeric / ${short}::int, 4),
            avg_daily_units_30d = round(v.u30::numeric / ${long}::int, 4),
            days_of_stock = CASE WHEN v.u30 > 0 THEN least(round(v.stock * ${long}::int / v.u30::numeric, 2), ${DAYS_OF_STOCK_LIMIT}::numeric) END,
            estimated_stockout_at = CASE WHEN v.u30 > 0 THEN acct.today + least(v.stock * ${long}::int / v.u30, ${STOCKOUT_DAYS_LIMIT}::int)::int END,
            trend = (CASE
              WHEN v.u7 = 0 AND v.u30 = 0 THEN 'no_sales'
              WHEN 100 * v.u7 * ${long}::int > ${acceleratingPct}::int * v.u30 * ${short}::int THEN 'accelerating'
              WHEN 100 * v.u7 * ${long}::int < ${deceleratingPct}::int * v.u30 * ${short}::int THEN 'decelerating'
              ELSE 'stable'
            END)::"InventoryTrend",
            status = (CASE
              WHEN v.u30 = 0 THEN (CASE WHEN v.stock = 0 THEN 'critical' ELSE 'ok' END)
              WHEN v.stock * ${long}::int < v.lead * v.u30 THEN 'critical'
              WHEN v.stock * ${long}::int < (v.lead + ${lowBufferDays}::int) * v.u30 THEN 'low'
              WHEN v.stock * ${long}::int > ${overstockedDays}::int * v.u30 THEN 'overstocked'
              ELSE 'ok'
            END)::"InventoryStatus",
            computed_at = ${now}::timestamptz,
            updated_at = ${now}::timestamptz
          FROM v CROSS JOIN acct
          WHERE i.id = v.id AND i.account_id = ${accountId}
          RETURNING i.sku, i.product_name, i.status::text AS status, v.old_status::text AS old_status, i.current_stock,
                    i.days_of_stock, i.lead_time_days, i.estimated_stockout_at
          )
          SELECT (SELECT count(*)::int FROM upd) AS updated,
                 coalesce((SELECT json_agg(json_build_object(
                     'sku', u.sku, 'productName', u.product_name, 'status', u.status, 'currentStock', u.current_stock,
                     'daysOfStock', u.days_of_stock, 'leadTimeDays', u.lead_time_days, 'estimatedStockoutDate', u.estimated_stockout_at
                   ) ORDER BY u.sku)
                   FROM upd u
                   -- Entering: low from anything but low or critical; critical from anything but critical.
                   WHERE (u.status = 'low' AND u.old_status IS DISTINCT FROM 'low' AND u.old_status IS DISTINCT FROM 'critical')
                      OR (u.status = 'critical' AND u.old_status IS DISTINCT FROM 'critical')), '[]'::json) AS entered`,
        );
        await appendEvents(tx, accountId, announce(result!.entered), now);
        return result!.updated;
      }, LONG_TRANSACTION);
    },
  };
}
