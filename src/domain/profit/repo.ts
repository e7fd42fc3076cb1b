// The only Prisma access for profit snapshots. The jobs' writes are SQL that aggregates in the database, in one
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
import type { ProfitSnapshot } from './types.ts';
import { col, parseRows, z } from '../shared/rows.ts';
import { MARGIN_PCT_LIMIT, type ProfitCoverage } from './rules.ts';
import { isoDate } from '../shared/index.ts';

export const profitSnapshotSelect = {
  snapshotDate: true,
  grossRevenue: true,
  refunds: true,
  adSpend: true,
  cogsEstimate: true,
  feesEstimate: true,
  shippingEstimate: true,
  extraExpenses: true,
  netRevenue: true,
  operationalProfit: true,
  finalProfit: true,
  marginPct: true,
  purchaseCount: true,
  complete: true,
} as const;

const coverageRow = z.object({
  first_data_day: col.date.nullable(),
  first_snapshot: col.date.nullable(),
  last_snapshot: col.date.nullable(),
  snapshots: col.int,
});
const spanRow = z.object({
  tz: col.text,
  today: col.text,
  first_day: col.text.nullable(),
  first: col.text.nullable(),
  starts: col.date.nullable(),
  ends: col.date,
  refund_day: z.boolean(),
});

export function profitRepo(prisma: PrismaClient) {
  /**
   * The account's time zone, its local date at `now` (`today`), its first local day with an order,
   * ad spend or an expense (`firstDay`, null without data), and the span an incremental run from
   * `from` covers: `first` = max(firstDay, from), with `starts` and `ends` the local midnights that
   * bound it as instants (null when there is nothing to cover), and the `refunds` expression of a
   * day under the account's refund attribution. Undefined without such an account.
   */
  async function daySpan(accountId: string, now: Date, from: string | null) {
    const [row] = parseRows(
      spanRow,
      await prisma.$queryRaw`
      WITH acct AS (
        SELECT a.timezone AS tz, (${now}::timestamptz AT TIME ZONE a.timezone)::date AS today, a.refund_attribution = 'refund_day' AS refund_day,
               least(
                 (SELECT (min(o.placed_at) AT TIME ZONE a.timezone)::date FROM orders o WHERE o.account_id = a.id),
                 (SELECT min(s.date) FROM ad_spend s WHERE s.account_id = a.id),
                 (SELECT min(e.date) FROM expenses e WHERE e.account_id = a.id)
               ) AS first_day
        FROM accounts a WHERE a.id = ${accountId}
      ), bounds AS (
        -- greatest() ignores a null "from" (a full run).
        SELECT acct.*, greatest(acct.first_day, ${from}::date) AS first FROM acct
      )
      SELECT b.tz, b.today::text AS today, b.first_day::text AS first_day, b.first::text AS first, b.refund_day,
             (b.first::timestamp AT TIME ZONE b.tz) AS starts, ((b.today + 1)::timestamp AT TIME ZONE b.tz) AS ends
      FROM bounds b`,
    );
    if (!row) return undefined;
    const tz = row.tz;
    // Refunds on the order's day (the default: the orders' refunded amounts) or on their own day
    // (the refunds table, refunds of counted orders only): an account setting. In the `sums` stage of snapshotUpsert.
    const refunds = row.refund_day
      ? Prisma.sql`coalesce((SELECT sum(f.amount) FROM refunds f JOIN orders o ON o.id = f.order_id
          WHERE f.account_id = ${accountId} AND o.status <> 'cancelled'
            AND f.refunded_at >= (d.day::timestamp AT TIME ZONE ${tz}::text) AND f.refunded_at < ((d.day + 1)::timestamp AT TIME ZONE ${tz}::text)), 0)`
      : Prisma.sql`coalesce(ord.refunds, 0)`;
    return { tz, today: row.today, firstDay: row.first_day, first: row.first, starts: row.starts, ends: row.ends, refunds };
  }

  return {
    /** The account's IANA time zone, or null when the account does not exist. */
    async accountTimeZone(accountId: string): Promise<string | null> {
      const account = await prisma.account.findUnique({ where: { id: accountId }, select: { timezone: true } });
      return account?.timezone ?? null;
    },
    /** Daily snapshots with `from` <= snapshot_date <= `to` (UTC-midnight dates), oldest first. */
    between(accountId: string, from: Date, to: Date): Promise<ProfitSnapshot[]> {
      return prisma.profitSnapshot.findMany({
        where: { accountId, snapshotDate: { gte: from, lte: to } },
        orderBy: { snapshotDate: 'asc' },
        select: profitSnapshotSelect,
      });
    },

    /** What the account's snapshots cover, to tell an incremental run from a back-fill. */
    async profitCoverage(accountId: string): Promise<ProfitCoverage> {
      const [row] = parseRows(
        coverageRow,
        await prisma.$queryRaw`
        SELECT least(
                 (SELECT (min(o.placed_at) AT TIME ZONE a.timezone)::date FROM orders o WHERE o.account_id = a.id),
                 (SELECT min(s.date) FROM ad_spend s WHERE s.account_id = a.id),
                 (SELECT min(e.date) FROM expenses e WHERE e.account_id = a.id)
               ) AS first_data_day,
               (SELECT min(p.snapshot_date) FROM profit_snapshots p WHERE p.account_id = a.id) AS first_snapshot,
               (SELECT max(p.snapshot_date) FROM profit_snapshots p WHERE p.account_id = a.id) AS last_snapshot,
               (SELECT count(*)::int FROM profit_snapshots p WHERE p.account_id = a.id) AS snapshots
        FROM accounts a WHERE a.id = ${accountId}`,
      );
      return {
        firstDataDay: isoDate(row?.first_data_day ?? null),
        firstSnapshot: isoDate(row?.first_snapshot ?? null),
        lastSnapshot: isoDate(row?.last_snapshot ?? null),
        snapshots: row?.snapshots ?? 0,
      };
    },

    /**
     * Upserts one snapshot per local day from max(`from`, the first data day) to the local date of
     * `now`, in one INSERT … SELECT over a series of local dates. `complete` is false for the local
     * date of `now` (the day is still open: a partial day), true for the days before it. A row whose figures did not
     * change is left as it is (computed_at included), so a second run writes nothing. Returns the
     * rows inserted or changed.
     */
    async upsertProfitSnapshots(accountId: string, now: Date, from: string | null): Promise<number> {
      // The span first, on its own: given as values to the main statement, the planner knows how
      // few orders an incremental run reads (index scans, no JIT). Derived inside the statement,
      // it planned for ~100,000 orders: a scan of every order item and 2 s of JIT compilation,
      // 3.4 s instead of well under one at a million orders (bench/jobs.ts).
      const span = await daySpan(accountId, now, from);
      // No data at all leaves no row.
      if (!span?.first || !span.starts || span.first > span.today) return 0;
      const { tz, today, first, starts, ends } = span;
      return prisma.$executeRaw`
        WITH days AS (
          SELECT ${first}::date + n AS day FROM generate_series(0, ${today}::date - ${first}::date) AS n
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
          WHERE sp.account_id = ${accountId} AND sp.date BETWEEN ${first}::date AND ${today}::date
          GROUP BY 1
        ), ${expenseCosts(accountId, Prisma.sql`${first}::date`, Prisma.sql`${today}::date`)}${snapshotUpsert(accountId, now, today, span.refunds)}`;
    },

    /**
     * Upserts the snapshots of these local days (YYYY-MM-DD, in any order, however old): the
     * analytics catch-up's recomputation of the days a write marked. A day after today is left
     * alone, and so is a day before the account's first data day that has no snapshot (it would
     * be a row of zeros the hourly job never writes). Same figures, `complete` flag and
     * write-only-what-changed rule as upsertProfitSnapshots. Returns the rows inserted or changed.
     */
    async upsertProfitDays(accountId: string, now: Date, days: readonly string[]): Promise<number> {
      const span = await daySpan(accountId, now, null);
      if (!span || days.length === 0) return 0;
      const { tz, today } = span;
      const firstDay = span.firstDay ?? today;
      // One index range of (account_id, placed_at) per day: a refund 200 days late and today cost two short scans, not 200 days of orders.
      return prisma.$executeRaw`
        WITH days AS (
          SELECT d.day, (d.day::timestamp AT TIME ZONE ${tz}::text) AS starts, ((d.day + 1)::timestamp AT TIME ZONE ${tz}::text) AS ends
          FROM (SELECT DISTINCT unnest(${[...days]}::date[]) AS day) d
          WHERE d.day <= ${today}::date
            AND (d.day >= ${firstDay}::date OR EXISTS (SELECT 1 FROM profit_snapshots p WHERE p.account_id = ${accountId} AND p.snapshot_date = d.day))
        ), ord AS (
          SELECT d.day, sum(o.total_amount) AS gross, sum(o.refunded_amount) AS refunds, sum(o.fees_amount) AS fees,
                 sum(o.shipping_cost) AS shipping, count(*)::int AS purchases
          FROM days d JOIN orders o ON o.account_id = ${accountId} AND o.status <> 'cancelled' AND o.placed_at >= d.starts AND o.placed_at < d.ends
          GROUP BY 1
        ), cogs AS (
          SELECT d.day, sum(oi.quantity * oi.unit_cost) AS cogs
          FROM days d JOIN orders o ON o.account_id = ${accountId} AND o.status <> 'cancelled' AND o.placed_at >= d.starts AND o.placed_at < d.ends
          JOIN order_items oi ON oi.order_id = o.id
          GROUP BY 1
        ), ads AS (
          SELECT sp.date AS day, sum(sp.spend) AS spend
          FROM ad_spend sp
          WHERE sp.account_id = ${accountId} AND sp.date = ANY(SELECT day FROM days)
          GROUP BY 1
        ), ${expenseCosts(accountId, Prisma.sql`(SELECT min(day) FROM days)`, Prisma.sql`(SELECT max(day) FROM days)`)}${snapshotUpsert(accountId, now, today, span.refunds)}`;
    },
  };
}

/**
 * The CTEs `oneoff`, `monthly` and `costs` of both snapshot statements (and of the anomaly
 * detector, which reads `oneoff`): each day's expenses from `first` to `last` (date expressions).
 * A one-off expense counts on its day (`oneoff`: one row per expense); a monthly one on each day it
 * covers, day k of a month of n days getting ⌊C·k/n⌋ − ⌊C·(k−1)/n⌋ of the month's C cents: whole
 * cents, as even as they can be, and a whole month sums to C exactly (the shares telescope).
 * `costs`: both, summed by day.
 */
export function expenseCosts(accountId: string, first: Prisma.Sql, last: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`oneoff AS (
          SELECT e.date AS day, e.amount
          FROM expenses e
          WHERE e.account_id = ${accountId} AND e.recurrence = 'none' AND e.date BETWEEN ${first} AND ${last}
        ), monthly AS (
          SELECT b.lo + i AS day, (e.amount * 100)::bigint AS cents, extract(day FROM b.lo + i)::int AS k,
                 extract(day FROM date_trunc('month', (b.lo + i)::timestamp) + interval '1 month - 1 day')::int AS n
          FROM expenses e
          CROSS JOIN LATERAL (SELECT greatest(e.date, ${first}) AS lo, least(coalesce(e.ends_on, ${last}), ${last}) AS hi) b
          CROSS JOIN LATERAL generate_series(0, b.hi - b.lo) AS i
          WHERE e.account_id = ${accountId} AND e.recurrence = 'monthly' AND e.date <= ${last}
        ), costs AS (
          SELECT c.day, sum(c.amount) AS amount
          FROM (
            SELECT o.day, o.amount FROM oneoff o
            UNION ALL
            SELECT m.day, ((m.cents * m.k) / m.n - (m.cents * (m.k - 1)) / m.n) / 100.0
            FROM monthly m
          ) c
          GROUP BY 1
        )`;
}

/**
 * The end of both snapshot statements, after their CTEs `days`, `ord`, `cogs`, `ads` and `costs`
 * (each by `day`): the figures of every day, upserted; a row whose figures did not change is left
 * as it is. `complete` is false for `today` (a partial day).
 */
function snapshotUpsert(accountId: string, now: Date, today: string, refunds: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`, sums AS (
          SELECT d.day,
                 coalesce(ord.gross, 0) AS gross, ${refunds} AS refunds, coalesce(ads.spend, 0) AS ad_spend,
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
          purchase_count, complete, computed_at)
        SELECT ${accountId}, f.day, f.gross, f.refunds, f.ad_spend, f.cogs, f.fees, f.shipping, f.extra,
               f.net, f.operational, f.final,
               CASE WHEN f.net = 0 THEN 0
                    ELSE least(greatest(round(f.final * 100 / f.net, 2), -${MARGIN_PCT_LIMIT}::numeric), ${MARGIN_PCT_LIMIT}::numeric) END,
               f.purchases, f.day < ${today}::date, ${now}::timestamptz
        FROM figures f
        ON CONFLICT (account_id, snapshot_date) DO UPDATE SET
          gross_revenue = EXCLUDED.gross_revenue, refunds = EXCLUDED.refunds, ad_spend = EXCLUDED.ad_spend,
          cogs_estimate = EXCLUDED.cogs_estimate, fees_estimate = EXCLUDED.fees_estimate,
          shipping_estimate = EXCLUDED.shipping_estimate, extra_expenses = EXCLUDED.extra_expenses,
          net_revenue = EXCLUDED.net_revenue, operational_profit = EXCLUDED.operational_profit,
          final_profit = EXCLUDED.final_profit, margin_pct = EXCLUDED.margin_pct,
          purchase_count = EXCLUDED.purchase_count, complete = EXCLUDED.complete, computed_at = EXCLUDED.computed_at
        WHERE (profit_snapshots.gross_revenue, profit_snapshots.refunds, profit_snapshots.ad_spend,
               profit_snapshots.cogs_estimate, profit_snapshots.fees_estimate, profit_snapshots.shipping_estimate,
               profit_snapshots.extra_expenses, profit_snapshots.margin_pct, profit_snapshots.purchase_count,
               profit_snapshots.complete)
          IS DISTINCT FROM
              (EXCLUDED.gross_revenue, EXCLUDED.refunds, EXCLUDED.ad_spend, EXCLUDED.cogs_estimate,
               EXCLUDED.fees_estimate, EXCLUDED.shipping_estimate, EXCLUDED.extra_expenses,
               EXCLUDED.margin_pct, EXCLUDED.purchase_count, EXCLUDED.complete)`;
}
