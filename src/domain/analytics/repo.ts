// The only Prisma access of the analytics jobs (profit snapshots, inventory velocity, reorder
// suggestions). The heavy work is SQL: each job aggregates in the database, in one or two
// statements per account, and never loads orders into memory. The rules and their constants live
// in profit.ts, inventory.ts and reorder.ts; docs/analytics.md writes them out.
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
import { MARGIN_PCT_LIMIT, type ProfitCoverage } from './profit.ts';
import { DAYS_OF_STOCK_LIMIT, STOCKOUT_DAYS_LIMIT, VELOCITY } from './inventory.ts';
import { REORDER } from './reorder.ts';
import { appendEvents } from '../events/repo.ts';
import { LONG_TRANSACTION } from '../../db/transactions.ts';
import type { DomainEvent } from '../events/catalog.ts';

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

const isoDate = (value: Date | null): string | null => (value ? value.toISOString().slice(0, 10) : null);

export function analyticsRepo(prisma: PrismaClient) {
  return {
    /** What the account's snapshots cover, to tell an incremental run from a back-fill. */
    async profitCoverage(accountId: string): Promise<ProfitCoverage> {
      const [row] = await prisma.$queryRaw<Array<{ first_data_day: Date | null; first_snapshot: Date | null; last_snapshot: Date | null; snapshots: number }>>`
        SELECT least(
                 (SELECT (min(o.placed_at) AT TIME ZONE a.timezone)::date FROM orders o WHERE o.account_id = a.id),
                 (SELECT min(s.date) FROM ad_spend s WHERE s.account_id = a.id),
                 (SELECT min(e.date) FROM expenses e WHERE e.account_id = a.id)
               ) AS first_data_day,
               (SELECT min(p.snapshot_date) FROM profit_snapshots p WHERE p.account_id = a.id) AS first_snapshot,
               (SELECT max(p.snapshot_date) FROM profit_snapshots p WHERE p.account_id = a.id) AS last_snapshot,
               (SELECT count(*)::int FROM profit_snapshots p WHERE p.account_id = a.id) AS snapshots
        FROM accounts a WHERE a.id = ${accountId}`;
      return {
        firstDataDay: isoDate(row?.first_data_day ?? null),
        firstSnapshot: isoDate(row?.first_snapshot ?? null),
        lastSnapshot: isoDate(row?.last_snapshot ?? null),
        snapshots: row?.snapshots ?? 0,
      };
    },

    /**
     * Upserts one snapshot per local day from max(`from`, the first data day) to the local date of
     * `now`, in one INSERT … SELECT over a series of local dates. A row whose figures did not
     * change is left as it is (computed_at included), so a second run writes nothing. Returns the
     * rows inserted or changed.
     */
    async upsertProfitSnapshots(accountId: string, now: Date, from: string | null): Promise<number> {
      // The span first, on its own: given as values to the main statement, the planner knows how
      // few orders an incremental run reads (index scans, no JIT). Derived inside the statement,
      // it planned for ~100,000 orders: a scan of every order item and 2 s of JIT compilation,
      // 3.4 s instead of well under one at a million orders (bench/jobs.ts).
      const [span] = await prisma.$queryRaw<Array<{ tz: string; first: string; last: string; starts: Date; ends: Date }>>`
        WITH acct AS (
          SELECT a.id, a.timezone AS tz, (${now}::timestamptz AT TIME ZONE a.timezone)::date AS today
          FROM accounts a WHERE a.id = ${accountId}
        ), data AS (
          SELECT acct.tz, acct.today,
                 least(
                   (SELECT (min(o.placed_at) AT TIME ZONE acct.tz)::date FROM orders o WHERE o.account_id = acct.id),
                   (SELECT min(s.date) FROM ad_spend s WHERE s.account_id = acct.id),
                   (SELECT min(e.date) FROM expenses e WHERE e.account_id = acct.id)
                 ) AS first_day
          FROM acct
        ), bounds AS (
          -- greatest() ignores a null "from" (a full run); no data at all leaves no row.
          SELECT d.tz, d.today AS last, greatest(d.first_day, ${from}::date) AS first
          FROM data d WHERE d.first_day IS NOT NULL
        )
        -- Local midnights as instants, so that the order scans use (account_id, placed_at).
        SELECT b.tz, b.first::text AS first, b.last::text AS last,
               (b.first::timestamp AT TIME ZONE b.tz) AS starts, ((b.last + 1)::timestamp AT TIME ZONE b.tz) AS ends
        FROM bounds b WHERE b.first <= b.last`;
      if (!span) return 0;
      const { tz, first, last, starts, ends } = span;
      return prisma.$executeRaw`
        WITH days AS (
          SELECT ${first}::date + n AS day FROM generate_series(0, ${last}::date - ${first}::date) AS n
        ), ord AS (
          SELECT (o.placed_at AT TIME ZONE ${tz}::text)::date AS day,
                 sum(o.total_amount) AS gross, sum(o.refunded_amount) AS refunds, sum(o.fees_amount) AS fees,
                 sum(o.shipping_cost) AS shipping, count(*)::int AS purchases
          FROM orders o
          WHERE o.account_id = ${accountId} AND o.status <> 'cancelled' AND o.placed_at >= ${starts}::timestamptz AND o.placed_at < ${ends}::timestamptz
          GROUP BY 1
        ), cogs AS (
          SELECT (o.placed_at AT TIME ZONE ${tz}::text)::date AS day, sum(oi.quantity * oi.unit_cost) AS cogs
          FROM orders o JOIN order_items oi ON oi.order_id = o.id
          WHERE o.account_id = ${accountId} AND o.status <> 'cancelled' AND o.placed_at >= ${starts}::timestamptz AND o.placed_at < ${ends}::timestamptz
          GROUP BY 1
        ), ads AS (
          SELECT sp.date AS day, sum(sp.spend) AS spend
          FROM ad_spend sp
          WHERE sp.account_id = ${accountId} AND sp.date BETWEEN ${first}::date AND ${last}::date
          GROUP BY 1
        ), costs AS (
          SELECT e.date AS day, sum(e.amount) AS amount
          FROM expenses e
          WHERE e.account_id = ${accountId} AND e.date BETWEEN ${first}::date AND ${last}::date
          GROUP BY 1
        ), sums AS (
          SELECT d.day,
                 coalesce(ord.gross, 0) AS gross, coalesce(ord.refunds, 0) AS refunds, coalesce(ads.spend, 0) AS ad_spend,
                 coalesce(cogs.cogs, 0) AS cogs, coalesce(ord.fees, 0) AS fees, coalesce(ord.shipping, 0) AS shipping,
                 coalesce(costs.amount, 0) AS extra, coalesce(ord.purchases, 0) AS purchases
          FROM days d
          LEFT JOIN ord ON ord.day = d.day
          LEFT JOIN cogs ON cogs.day = d.day
          LEFT JOIN ads ON ads.day = d.day
          LEFT JOIN costs ON costs.day = d.day
        ), figures AS (
          SELECT s.*, s.gross - s.refunds AS net,
                 s.gross - s.refunds - s.cogs - s.fees - s.shipping AS operational,
                 s.gross - s.refunds - s.cogs - s.fees - s.shipping - s.ad_spend - s.extra AS final
          FROM sums s
        )
        INSERT INTO profit_snapshots (
          account_id, snapshot_date, gross_revenue, refunds, ad_spend, cogs_estimate, fees_estimate,
          shipping_estimate, extra_expenses, net_revenue, operational_profit, final_profit, margin_pct,
          purchase_count, computed_at)
        SELECT ${accountId}, f.day, f.gross, f.refunds, f.ad_spend, f.cogs, f.fees, f.shipping, f.extra,
               f.net, f.operational, f.final,
               CASE WHEN f.net = 0 THEN 0
                    ELSE least(greatest(round(f.final * 100 / f.net, 2), -${MARGIN_PCT_LIMIT}::numeric), ${MARGIN_PCT_LIMIT}::numeric) END,
               f.purchases, ${now}::timestamptz
        FROM figures f
        ON CONFLICT (account_id, snapshot_date) DO UPDATE SET
          gross_revenue = EXCLUDED.gross_revenue, refunds = EXCLUDED.refunds, ad_spend = EXCLUDED.ad_spend,
          cogs_estimate = EXCLUDED.cogs_estimate, fees_estimate = EXCLUDED.fees_estimate,
          shipping_estimate = EXCLUDED.shipping_estimate, extra_expenses = EXCLUDED.extra_expenses,
          net_revenue = EXCLUDED.net_revenue, operational_profit = EXCLUDED.operational_profit,
          final_profit = EXCLUDED.final_profit, margin_pct = EXCLUDED.margin_pct,
          purchase_count = EXCLUDED.purchase_count, computed_at = EXCLUDED.computed_at
        WHERE (profit_snapshots.gross_revenue, profit_snapshots.refunds, profit_snapshots.ad_spend,
               profit_snapshots.cogs_estimate, profit_snapshots.fees_estimate, profit_snapshots.shipping_estimate,
               profit_snapshots.extra_expenses, profit_snapshots.margin_pct, profit_snapshots.purchase_count)
          IS DISTINCT FROM
              (EXCLUDED.gross_revenue, EXCLUDED.refunds, EXCLUDED.ad_spend, EXCLUDED.cogs_estimate,
               EXCLUDED.fees_estimate, EXCLUDED.shipping_estimate, EXCLUDED.extra_expenses,
               EXCLUDED.margin_pct, EXCLUDED.purchase_count)`;
    },

    /**
     * Recomputes the velocity figures, trend and status of every inventory item of the account in
     * one UPDATE … FROM (aggregate). Windows are the last 7 and 30 days before `now`
     * (now − N days < placed_at <= now); the stock-out date counts from the account's local date.
     * In the same transaction, the events `announce` builds for the items that entered low or
     * critical with this update. Returns the items updated.
     */
    updateInventoryVelocity(accountId: string, now: Date, announce: (entered: LowStockEntry[]) => DomainEvent[]): Promise<number> {
      const { shortWindowDays: short, longWindowDays: long, acceleratingPct, deceleratingPct, lowBufferDays, overstockedDays } = VELOCITY;
      return prisma.$transaction(async (tx) => {
        // One velocity update per account at a time (until commit): the statement below then sees
        // the status the previous one wrote, so an item enters low or critical, and its event is
        // written, once, even if two runs race (the job runner's lease already prevents that).
        await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext(${`inventory_velocity:${accountId}`}))`;
        const [result] = await tx.$queryRaw<Array<{ updated: number; entered: LowStockEntry[] }>>`
          WITH acct AS (
            SELECT (${now}::timestamptz AT TIME ZONE a.timezone)::date AS today FROM accounts a WHERE a.id = ${accountId}
          ), sales AS (
            SELECT oi.inventory_item_id AS item_id,
                   coalesce(sum(oi.quantity) FILTER (WHERE o.placed_at > ${now}::timestamptz - ${short}::int * interval '1 day'), 0)::bigint AS u7,
                   sum(oi.quantity)::bigint AS u30
            FROM orders o JOIN order_items oi ON oi.order_id = o.id
            WHERE o.account_id = ${accountId} AND o.status <> 'cancelled' AND oi.inventory_item_id IS NOT NULL
              AND o.placed_at > ${now}::timestamptz - ${long}::int * interval '1 day' AND o.placed_at <= ${now}::timestamptz
            GROUP BY oi.inventory_item_id
          ), v AS (
            SELECT i.id, coalesce(s.u7, 0) AS u7, coalesce(s.u30, 0) AS u30,
                   greatest(i.current_stock, 0)::bigint AS stock, i.lead_time_days::bigint AS lead, i.status AS old_status
            FROM inventory_items i LEFT JOIN sales s ON s.item_id = i.id
            WHERE i.account_id = ${accountId}
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
                      OR (u.status = 'critical' AND u.old_status IS DISTINCT FROM 'critical')), '[]'::json) AS entered`;
        await appendEvents(tx, accountId, announce(result!.entered), now);
        return result!.updated;
      }, LONG_TRANSACTION);
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
      const rows = await prisma.$queryRaw<Array<{ id: number; current_stock: number; lead_time_days: number; units: bigint | number; sd: number | null }>>`
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
        ORDER BY i.id`;
      return rows.map((r) => ({
        inventoryItemId: r.id,
        currentStock: r.current_stock,
        leadTimeDays: r.lead_time_days,
        unitsSold: Number(r.units),
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
      const [updated, inserted] = await prisma.$transaction([
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
      ], LONG_TRANSACTION);
      return updated + inserted;
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof analyticsRepo>;
