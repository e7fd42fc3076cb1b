// The only Prisma access for cross-account aggregates. Nothing identifying leaves this file: the
// per-store rows carry only the plan and the figures, never an account id or name.
import type { PrismaClient } from '../../db/client.ts';
import { col, parseRows, z } from '../shared/rows.ts';

export interface StoreFigures {
  plan: string;
  aov: number | null;
  marginPct: number | null;
  repeatRate: number | null;
  roas: number | null;
}

const storeFiguresRow = z.object({
  plan: col.text,
  aov: col.float.nullable(),
  marginPct: col.float.nullable(),
  repeatRate: col.float.nullable(),
  roas: col.float.nullable(),
}) satisfies z.ZodType<StoreFigures>;
const dailyMedianRow = z.object({ day: col.date, stores: col.bigint, median: col.float });

export function benchmarksRepo(prisma: PrismaClient) {
  return {
    /** One row per store with paid orders in [since, until). */
    async storeFigures(since: Date, until: Date): Promise<StoreFigures[]> {
      return parseRows(
        storeFiguresRow,
        await prisma.$queryRaw`
        WITH o AS (
          SELECT account_id, count(*) AS orders, sum(total_amount) AS revenue FROM orders
          WHERE placed_at >= ${since} AND placed_at < ${until} AND status <> 'cancelled' GROUP BY account_id),
        p AS (
          SELECT account_id, sum(final_profit) * 100 / nullif(sum(gross_revenue), 0) AS margin FROM profit_snapshots
          WHERE snapshot_date >= ${since}::date AND snapshot_date < ${until}::date GROUP BY account_id),
        c AS (
          SELECT account_id, count(*) FILTER (WHERE orders_count > 1)::float8 / nullif(count(*) FILTER (WHERE orders_count > 0), 0) AS repeat_rate
          FROM customers GROUP BY account_id),
        a AS (
          SELECT account_id, sum(attributed_revenue) / nullif(sum(spend), 0) AS roas FROM ad_spend
          WHERE date >= ${since}::date AND date < ${until}::date GROUP BY account_id)
        SELECT acc.plan::text AS plan, (o.revenue / o.orders)::float8 AS aov, p.margin::float8 AS "marginPct",
               c.repeat_rate AS "repeatRate", a.roas::float8 AS roas
        FROM o JOIN accounts acc ON acc.id = o.account_id
        LEFT JOIN p ON p.account_id = o.account_id
        LEFT JOIN c ON c.account_id = o.account_id
        LEFT JOIN a ON a.account_id = o.account_id`,
      );
    },
    /** Per UTC day in [since, until): how many stores had paid orders, and the median of their counts. */
    async dailyOrderMedians(since: Date, until: Date): Promise<Array<{ day: Date; stores: number; median: number }>> {
      return parseRows(
        dailyMedianRow,
        await prisma.$queryRaw`
        SELECT day, count(*) AS stores, percentile_cont(0.5) WITHIN GROUP (ORDER BY n)::float8 AS median
        FROM (SELECT account_id, (placed_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM orders
              WHERE placed_at >= ${since} AND placed_at < ${until} AND status <> 'cancelled' GROUP BY 1, 2) per_store
        GROUP BY day ORDER BY day`,
      );
    },
  };
}
