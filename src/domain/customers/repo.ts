// The only Prisma access for customers.
import type { PrismaClient } from '../../db/client.ts';
import type { CommerceSource } from '../../db/__generated__/prisma/enums.ts';
import { LONG_TRANSACTION } from '../../db/transactions.ts';

export interface CustomerRow {
  id: number;
  email: string;
  name: string;
  source: CommerceSource;
  externalId: string;
  city: string;
  country: string;
  ordersCount: number;
  revenueTotal: string;
  ltvEstimate: string;
  aov: string;
  segment: string;
  churnScore: string;
  lastPurchaseAt: Date | null;
  firstPurchaseAt: Date | null;
  createdAt: Date;
}

export function customersRepo(prisma: PrismaClient) {
  return {
    /**
     * A page in id-descending order, after the cursor id; one extra row tells whether more follow.
     * Raw SQL: the most requested list of the API, and Prisma's query compiler and per-value
     * mapping cost more than the query itself here (bench/rest).
     */
    async page(accountId: string, filter: { source?: CommerceSource; beforeId?: number }, take: number): Promise<CustomerRow[]> {
      const source = filter.source ? filter.source.replace('_', '-') : null;
      const rows = await prisma.$queryRaw<Array<Omit<CustomerRow, 'source'> & { source: string }>>`
        SELECT id, email, name, source::text AS source, external_id AS "externalId", city, country, orders_count AS "ordersCount",
               revenue_total::text AS "revenueTotal", ltv_estimate::text AS "ltvEstimate", aov::text AS aov,
               segment::text AS segment, churn_score::text AS "churnScore", last_purchase_at AS "lastPurchaseAt",
               first_purchase_at AS "firstPurchaseAt", created_at AS "createdAt"
        FROM customers
        WHERE account_id = ${accountId}
          AND (${source}::text IS NULL OR source::text = ${source}::text)
          AND (${filter.beforeId ?? null}::int IS NULL OR id < ${filter.beforeId ?? null}::int)
        ORDER BY id DESC
        LIMIT ${take}`;
      // The database spells sources with hyphens; the model's enum with underscores.
      return rows.map((r) => ({ ...r, source: r.source.replace('-', '_') as CommerceSource }));
    },
    /**
     * Recomputes every customer's metrics of an account from its orders, in one statement.
     * Rules (docs/customer-metrics.md): revenue is paid totals less refunds, cancelled orders
     * excluded; churn grows with days since the last purchase relative to the customer's own
     * purchase interval; LTV adds two years of expected future revenue, discounted by churn.
     */
    async recomputeMetrics(accountId: string, now: Date): Promise<number> {
      const [updated, reset] = await prisma.$transaction([
        prisma.$executeRaw`
        WITH stats AS (
          SELECT o.customer_id,
                 count(*)::int AS orders_count,
                 sum(o.total_amount - o.refunded_amount) AS revenue,
                 min(o.placed_at) AS first_at,
                 max(o.placed_at) AS last_at
          FROM orders o
          WHERE o.account_id = ${accountId} AND o.customer_id IS NOT NULL AND o.status <> 'cancelled'
          GROUP BY o.customer_id
        ), scored AS (
          SELECT s.*,
                 s.revenue / s.orders_count AS aov,
                 EXTRACT(EPOCH FROM (${now}::timestamptz - s.last_at)) / 86400 AS days_since,
                 GREATEST(EXTRACT(EPOCH FROM (s.last_at - s.first_at)) / 86400 / GREATEST(s.orders_count - 1, 1), 30) AS interval_days,
                 GREATEST(EXTRACT(EPOCH FROM (${now}::timestamptz - s.first_at)) / 86400, 30) AS tenure_days
          FROM stats s
        ), churn AS (
          SELECT sc.*, LEAST(1, GREATEST(0, sc.days_since / (sc.interval_days * 4))) AS churn_score
          FROM scored sc
        )
        UPDATE customers c SET
          orders_count = ch.orders_count,
          revenue_total = round(ch.revenue, 2),
          aov = round(ch.aov, 2),
          first_purchase_at = ch.first_at,
          last_purchase_at = ch.last_at,
          churn_score = round(ch.churn_score::numeric, 4),
          ltv_estimate = round(ch.revenue + ch.aov * (ch.orders_count * 365.0 / ch.tenure_days) * 2 * (1 - ch.churn_score::numeric), 2),
          segment = (CASE
            WHEN ch.days_since > 180 THEN 'churned'
            WHEN ch.churn_score >= 0.6 THEN 'at_risk'
            WHEN ch.revenue >= 1000 AND ch.orders_count >= 5 THEN 'vip'
            WHEN ch.orders_count >= 4 THEN 'loyal'
            WHEN EXTRACT(EPOCH FROM (${now}::timestamptz - ch.first_at)) / 86400 <= 30 THEN 'new'
            ELSE 'regular'
          END)::"CustomerSegment",
          updated_at = ${now}
        FROM churn ch
        WHERE c.id = ch.customer_id AND c.account_id = ${accountId}`,
        // Customers left with no counted order (all cancelled, or moved) go back to zero metrics.
        prisma.$executeRaw`
        UPDATE customers c SET
          orders_count = 0, revenue_total = 0, aov = 0, ltv_estimate = 0, churn_score = 0,
          first_purchase_at = NULL, last_purchase_at = NULL, segment = 'new', updated_at = ${now}
        WHERE c.account_id = ${accountId} AND c.orders_count <> 0
          AND NOT EXISTS (
            SELECT 1 FROM orders o
            WHERE o.account_id = ${accountId} AND o.customer_id = c.id AND o.status <> 'cancelled'
          )`,
      ], LONG_TRANSACTION);
      return updated + reset;
    },
  };
}
