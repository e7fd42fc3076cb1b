// The only Prisma access of the period reports. Every statement is scoped by the account and
// reads ranges of local days: profit from the daily snapshots (what v1 /profit returns), new
// customers from customers.first_purchase_at, sales from the orders (non-cancelled, as the
// snapshots count them) with the range's local midnights as instants so that the scans are
// index-only range scans of (account_id, placed_at, status, source, total_amount, customer_id,
// customer_country, customer_previous_at, customer_source_previous_at) and (account_id,
// first_purchase_at), the customers' segments of customers;
// ads from ad_spend (calendar dates taken as local dates).
// Rows are checked with zod: a column that changes type fails loudly instead of being miscast.
import { z } from 'zod';
import type { PrismaClient } from '../../db/client.ts';
import { parseRows } from '../shared/rows.ts';
import { Prisma } from '../../db/__generated__/prisma/client.ts';
import { coveringSpans, type DateRange, type Interval } from './rules.ts';
import { SOURCE_IDS, type SourceId } from '../customers/index.ts';
import type { CommerceSource } from '../shared/index.ts';

export type BreakdownDimension = 'SOURCE' | 'COUNTRY' | 'SEGMENT' | 'PRODUCT';
export type CustomerRankKey = 'REVENUE' | 'NET_REVENUE' | 'ORDERS';

const money = z.string().regex(/^-?\d+(\.\d+)?$/);
const accountRow = z.object({ timezone: z.string(), currency: z.string(), last_snapshot: z.string().nullable() });
const sumRow = z.object({
  bucket: z.string().nullable(),
  gross_revenue: money.nullable(),
  refunds: money.nullable(),
  ad_spend: money.nullable(),
  cogs_estimate: money.nullable(),
  fees_estimate: money.nullable(),
  shipping_estimate: money.nullable(),
  extra_expenses: money.nullable(),
  net_revenue: money.nullable(),
  operational_profit: money.nullable(),
  final_profit: money.nullable(),
  purchase_count: z.number().int().nullable(),
  new_customers: z.number().int(),
});
export type ProfitSumRow = z.infer<typeof sumRow>;
const groupRow = z.object({
  key: z.string().nullable(),
  label: z.string().nullable(),
  orders: z.number().int(),
  gross: money,
  customers: z.number().int(),
  is_total: z.boolean(),
});
export type GroupRow = z.infer<typeof groupRow>;
const adRow = z.object({
  platform: z.enum(['meta_ads', 'google_ads']),
  campaign_id: z.string(),
  campaign_name: z.string(),
  spend: money,
  revenue: money,
  clicks: z.number().int(),
  impressions: z.number().int(),
  conversions: z.number().int(),
});
export type AdRow = z.infer<typeof adRow>;
const rankRow = z.object({ customer_id: z.number().int(), orders: z.number().int(), gross: money, net: money, first_at: z.date(), last_at: z.date() });
export type RankRow = z.infer<typeof rankRow>;
const totalRow = z.object({ gross: money });

/** The range's first instant: its first local midnight. */
const startOf = (range: DateRange, tz: string) => Prisma.sql`(${range.from}::date::timestamp AT TIME ZONE ${tz}::text)`;
/**
 * `column` within the range: from its first local midnight up to the one after its last day.
 * Written into the condition rather than joined from a one-row CTE: with the bounds in a CTE the
 * planner cannot see the range and, on a large account, picked a parallel sequential scan over an
 * index-only range scan (bench/analytics).
 */
const within = (column: Prisma.Sql, range: DateRange, tz: string) =>
  Prisma.sql`${column} >= ${startOf(range, tz)} AND ${column} < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${tz}::text)`;
const placed = Prisma.sql`o.placed_at`;
/** date_trunc's unit of each interval ('week' starts on Monday, as ISO weeks). */
const UNITS: Record<Interval, string> = { DAY: 'day', WEEK: 'week', MONTH: 'month', QUARTER: 'quarter', YEAR: 'year' };

/** The sources, each with its id (the database's enum label), in the contract's order. */
const SOURCES = Object.entries(SOURCE_IDS) as Array<[CommerceSource, SourceId]>;
/**
 * The customer dimensions: the customer's column grouped on (COLLATE "C" sorts text bytewise, the
 * cheap sort; equality is the same) and the group key made of it (with the default collation, so
 * that upper() is the same as before). COUNTRY reads the customer's current country that database
 * triggers keep on each order (orders.customer_country, NULL without a customer), no join; SEGMENT
 * joins the order's customer c, if any.
 */
const CUSTOMER_KEYS = {
  COUNTRY: {
    column: Prisma.sql`o.customer_country COLLATE "C"`,
    key: Prisma.sql`coalesce(nullif(upper(r.value COLLATE "default"), ''), 'unknown')`,
    join: false,
  },
  SEGMENT: { column: Prisma.sql`c.segment`, key: Prisma.sql`coalesce(r.value::text, 'unknown')`, join: true },
};

/**
 * The distinct customers of the window's orders, without sorting their ids: a customer has an
 * order in the range exactly when one of its orders there has its previous counted order (the
 * database keeps its time on each order, over all sources or over the order's own source; see
 * migration 20261127170000_issue13_orders_customer_previous) before the range starts, or none.
 * `previous`: that column; `start`: the range's first instant. Added over groups whose orders
 * never share a customer, these counts add up to the distinct customers of the groups together.
 */
const firstOrders = (previous: Prisma.Sql, start: Prisma.Sql) =>
  Prisma.sql`count(*) FILTER (WHERE o.customer_id IS NOT NULL AND (${previous} IS NULL OR ${previous} < ${start}))`;
const anySource = Prisma.sql`o.customer_previous_at`;
const sameSource = Prisma.sql`o.customer_source_previous_at`;

/**
 * SOURCE: one row per source with orders (its customers counted in that source's chain), and
 * the total row: orders and gross the sums of the sources' (exact), its customers the sum over
 * sources of the orders that are their customer's first in the range over all sources, so a
 * customer of several sources counts in each source and once in the total.
 */
function bySource(window: Prisma.Sql, start: Prisma.Sql) {
  const keys = Prisma.join(SOURCES.map(([source, id]) => Prisma.sql`(${id}::"CommerceSource", ${source}::text)`));
  return Prisma.sql`
    WITH g AS (
      SELECT o.source, count(*) AS orders, sum(o.total_amount) AS gross,
             ${firstOrders(sameSource, start)} AS customers, ${firstOrders(anySource, start)} AS firsts
      FROM orders o WHERE ${window}
      GROUP BY o.source
    )
    SELECT k.key, NULL::text AS label, g.orders::int AS orders, g.gross::text AS gross, g.customers::int AS customers, false AS is_total
    FROM g JOIN (VALUES ${keys}) k (id, key) ON k.id = g.source
    UNION ALL
    SELECT NULL, NULL, coalesce(sum(g.orders), 0)::int, coalesce(sum(g.gross), 0)::text, coalesce(sum(g.firsts), 0)::int, true FROM g`;
}

/**
 * A customer dimension: grouped by the customer's column first, then by the key made of it. A
 * customer has one value, so its orders all fall in one group: the customers of a group are its
 * orders that are their customer's first in the range, and they add up over the values that
 * make one key and over all keys (the total row).
 */
function byCustomer(accountId: string, window: Prisma.Sql, start: Prisma.Sql, dimension: { column: Prisma.Sql; key: Prisma.Sql; join: boolean }) {
  const customer = dimension.join ? Prisma.sql`LEFT JOIN customers c ON c.id = o.customer_id AND c.account_id = ${accountId}` : Prisma.empty;
  return Prisma.sql`
    WITH r AS (
      SELECT ${dimension.column} AS value, count(*) AS orders, sum(o.total_amount) AS gross, ${firstOrders(anySource, start)} AS customers
      FROM orders o ${customer}
      WHERE ${window}
      GROUP BY 1
    ), g AS (
      SELECT ${dimension.key} AS key, sum(r.orders) AS orders, sum(r.gross) AS gross, sum(r.customers) AS customers FROM r GROUP BY 1
    )
    SELECT g.key, NULL::text AS label, g.orders::int AS orders, g.gross::text AS gross, g.customers::int AS customers, false AS is_total FROM g
    UNION ALL
    SELECT NULL, NULL, coalesce(sum(g.orders), 0)::int, coalesce(sum(g.gross), 0)::text, coalesce(sum(g.customers), 0)::int, true FROM g`;
}

export function reportsRepo(prisma: PrismaClient) {
  return {
    /** The account's time zone, currency and newest profit snapshot date; null without the account. */
    async account(accountId: string) {
      const rows = await prisma.$queryRaw<unknown[]>`
        SELECT a.timezone, a.currency,
               (SELECT max(p.snapshot_date)::text FROM profit_snapshots p WHERE p.account_id = a.id) AS last_snapshot
        FROM accounts a WHERE a.id = ${accountId}`;
      return rows.length ? accountRow.parse(rows[0]) : null;
    },

    /**
     * The profit snapshots' columns and the new customers (customers whose first purchase falls
     * on a day) summed per bucket of `interval` over the range (`bucket`: its first day, clipped
     * to the range; only buckets with a snapshot or a new customer), and, with `previous`, one
     * row (`bucket` null) summed over that range. Sums of numeric are exact, so a bucket is the
     * exact sum of its days. One statement: the days of both ranges are read once, overlapping or
     * adjacent ranges as one span, each day of a span a range count of (account_id, first_purchase_at).
     */
    async profitSums(accountId: string, tz: string, range: DateRange, interval: Interval, previous: DateRange | null): Promise<ProfitSumRow[]> {
      const spans = coveringSpans(previous ? [range, previous] : [range]);
      // Each local day of each span with its first and last instants, and the customers whose
      // first purchase lies between: one range count of the index per day. Grouping the span's
      // customers by their local day instead converted every first purchase to local time and
      // hashed it, twice the time on 100,000 customers (bench/analytics A).
      const firsts = Prisma.join(
        spans.map(
          (span) => Prisma.sql`SELECT d.day, (SELECT count(*) FROM customers c
              WHERE c.account_id = ${accountId} AND c.first_purchase_at >= d.lo AND c.first_purchase_at < d.hi)::int AS n
            FROM (SELECT g::date AS day, g::date::timestamp AT TIME ZONE ${tz}::text AS lo, (g::date + 1)::timestamp AT TIME ZONE ${tz}::text AS hi
                  FROM generate_series(${span.from}::date, ${span.to}::date, interval '1 day') g) d`,
        ),
        ' UNION ALL ',
      );
      const dates = Prisma.join(
        spans.map((span) => Prisma.sql`p.snapshot_date BETWEEN ${span.from}::date AND ${span.to}::date`),
        ' OR ',
      );
      const sums = Prisma.sql`sum(d.gross_revenue)::text AS gross_revenue, sum(d.refunds)::text AS refunds, sum(d.ad_spend)::text AS ad_spend,
        sum(d.cogs_estimate)::text AS cogs_estimate, sum(d.fees_estimate)::text AS fees_estimate,
        sum(d.shipping_estimate)::text AS shipping_estimate, sum(d.extra_expenses)::text AS extra_expenses,
        sum(d.net_revenue)::text AS net_revenue, sum(d.operational_profit)::text AS operational_profit,
        sum(d.final_profit)::text AS final_profit, sum(d.purchase_count)::int AS purchase_count, coalesce(sum(d.new_customers), 0)::int AS new_customers`;
      const rows = await prisma.$queryRaw<unknown[]>`
        WITH fresh AS (
          SELECT f.day, f.n FROM (${firsts}) f WHERE f.n > 0
        ), snaps AS (
          SELECT * FROM profit_snapshots p WHERE p.account_id = ${accountId} AND (${dates})
        ), d AS (
          SELECT coalesce(p.snapshot_date, f.day) AS day, p.gross_revenue, p.refunds, p.ad_spend, p.cogs_estimate, p.fees_estimate,
                 p.shipping_estimate, p.extra_expenses, p.net_revenue, p.operational_profit, p.final_profit, p.purchase_count,
                 coalesce(f.n, 0) AS new_customers
          FROM snaps p FULL JOIN fresh f ON f.day = p.snapshot_date
        )
        SELECT greatest(date_trunc(${UNITS[interval]}, d.day::timestamp)::date, ${range.from}::date)::text AS bucket, ${sums}
        FROM d WHERE d.day BETWEEN ${range.from}::date AND ${range.to}::date GROUP BY 1
        ${previous ? Prisma.sql`UNION ALL SELECT NULL, ${sums} FROM d WHERE d.day BETWEEN ${previous.from}::date AND ${previous.to}::date` : Prisma.empty}
        ORDER BY 1`;
      return parseRows(sumRow, rows);
    },

    /**
     * Orders, gross revenue (sum of total_amount; for PRODUCT, of quantity × unit price of the
     * lines) and distinct customers per key of the dimension over the range, plus one total row
     * (is_total) over all of them. Keys: SOURCE the order's source, COUNTRY and SEGMENT its
     * customer's ('unknown' without a customer or a country), PRODUCT the line's sku.
     */
    async salesGroups(accountId: string, tz: string, range: DateRange, by: BreakdownDimension): Promise<GroupRow[]> {
      const window = Prisma.sql`o.account_id = ${accountId} AND o.status <> 'cancelled' AND ${within(placed, range, tz)}`;
      const start = startOf(range, tz);
      const rows =
        by === 'PRODUCT'
          ? await prisma.$queryRaw<unknown[]>`
              SELECT oi.sku AS key, max(i.product_name) AS label, count(DISTINCT o.id)::int AS orders,
                     coalesce(sum(oi.quantity * oi.unit_price), 0)::text AS gross, count(DISTINCT o.customer_id)::int AS customers,
                     grouping(oi.sku) = 1 AS is_total
              FROM orders o JOIN order_items oi ON oi.order_id = o.id
              LEFT JOIN inventory_items i ON i.id = oi.inventory_item_id AND i.account_id = ${accountId}
              WHERE ${window}
              GROUP BY GROUPING SETS ((oi.sku), ())`
          : by === 'SOURCE'
            ? await prisma.$queryRaw<unknown[]>(bySource(window, start))
            : await prisma.$queryRaw<unknown[]>(byCustomer(accountId, window, start, CUSTOMER_KEYS[by]));
      return parseRows(groupRow, rows);
    },

    /** Ad spend, platform-attributed revenue, clicks, impressions and conversions per campaign over the range. */
    async adCampaigns(accountId: string, range: DateRange): Promise<AdRow[]> {
      const rows = await prisma.$queryRaw<unknown[]>`
        SELECT replace(platform::text, '-', '_') AS platform, campaign_id, (array_agg(campaign_name ORDER BY date DESC))[1] AS campaign_name,
               sum(spend)::text AS spend, sum(attributed_revenue)::text AS revenue,
               sum(clicks)::int AS clicks, sum(impressions)::int AS impressions, sum(conversions)::int AS conversions
        FROM ad_spend
        WHERE account_id = ${accountId} AND date BETWEEN ${range.from}::date AND ${range.to}::date
        GROUP BY platform, campaign_id`;
      return parseRows(adRow, rows);
    },

    /** The range's best customers by `key` (ties: lower id first), at most `first`, with the range's gross revenue. */
    async topCustomers(accountId: string, tz: string, range: DateRange, key: CustomerRankKey, first: number) {
      const order = {
        REVENUE: Prisma.sql`sum(o.total_amount)`,
        NET_REVENUE: Prisma.sql`sum(o.total_amount - o.refunded_amount)`,
        ORDERS: Prisma.sql`count(*)`,
      }[key];
      const [rows, total] = await Promise.all([
        prisma.$queryRaw<unknown[]>`
          SELECT o.customer_id, count(*)::int AS orders, sum(o.total_amount)::text AS gross,
                 sum(o.total_amount - o.refunded_amount)::text AS net, min(o.placed_at) AS first_at, max(o.placed_at) AS last_at
          FROM orders o
          WHERE o.account_id = ${accountId} AND o.status <> 'cancelled' AND ${within(placed, range, tz)} AND o.customer_id IS NOT NULL
          GROUP BY o.customer_id
          ORDER BY ${order} DESC, o.customer_id
          LIMIT ${first}`,
        prisma.$queryRaw<unknown[]>`
          SELECT coalesce(sum(o.total_amount), 0)::text AS gross
          FROM orders o
          WHERE o.account_id = ${accountId} AND o.status <> 'cancelled' AND ${within(placed, range, tz)}`,
      ]);
      return { rows: parseRows(rankRow, rows), totalGross: totalRow.parse(total[0]).gross };
    },
  };
}

export type ReportsRepo = ReturnType<typeof reportsRepo>;
