// The only Prisma access for customers.
import type { PrismaClient } from '../../db/client.ts';
import type { CommerceSource, CustomerSegment, OrderStatus } from '../../db/__generated__/prisma/enums.ts';
import { Prisma } from '../../db/__generated__/prisma/client.ts';
import type { PageRequest } from '../paging.ts';

export interface CustomerRow {
  id: number;
  email: string;
  name: string;
  phone?: string | null;
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

export interface OrderRow {
  id: number;
  customerId: number | null;
  source: CommerceSource;
  externalId: string;
  status: OrderStatus;
  currency: string;
  subtotal: string;
  totalAmount: string;
  refundedAmount: string;
  placedAt: Date;
}

export type CustomerSortField = 'id' | 'revenue' | 'last_purchase';
export interface CustomerSort {
  field: CustomerSortField;
  direction: 'asc' | 'desc';
}
/** A position in a sorted list: the sort key as text (absent for id order) and the id. */
export interface CustomerKey {
  value: string | null;
  id: number;
}
export interface ContactChange {
  email?: string;
  name?: string;
  phone?: string | null;
  city?: string;
  country?: string;
}

const SORT_KEY: Record<CustomerSortField, Prisma.Sql> = {
  id: Prisma.sql`id`,
  revenue: Prisma.sql`revenue_total`,
  last_purchase: Prisma.sql`coalesce(last_purchase_at, '-infinity'::timestamptz)`,
};

const CUSTOMER_COLUMNS = Prisma.sql`id, email, name, phone, source::text AS source, external_id AS "externalId", city, country, orders_count AS "ordersCount",
  revenue_total::text AS "revenueTotal", ltv_estimate::text AS "ltvEstimate", aov::text AS aov,
  segment::text AS segment, churn_score::text AS "churnScore", last_purchase_at AS "lastPurchaseAt",
  first_purchase_at AS "firstPurchaseAt", created_at AS "createdAt"`;

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
      ]);
      return updated + reset;
    },
    /**
     * A page in the requested order (see domain/paging.ts): ties on the sort key are broken by id
     * in the same direction; a customer without purchases sorts as the oldest last purchase. The
     * cursor is the row's (key, id). Returns take+1 rows in fetch order.
     */
    async sortedPage(accountId: string, filter: { source?: CommerceSource; segment?: CustomerSegment }, order: CustomerSort, request: PageRequest<CustomerKey>): Promise<Array<CustomerRow & { sortKey: string }>> {
      const key = SORT_KEY[order.field];
      const descending = (order.direction === 'desc') !== request.backward;
      const dir = Prisma.raw(descending ? 'DESC' : 'ASC');
      // "After" lies further along the requested direction, "before" against it.
      const bound = (cursor: CustomerKey | null, further: boolean) => {
        if (!cursor) return Prisma.sql`TRUE`;
        const op = Prisma.raw((order.direction === 'desc') === further ? '<' : '>');
        return order.field === 'id'
          ? Prisma.sql`id ${op} ${cursor.id}::int`
          : Prisma.sql`(${key}, id) ${op} (${cursor.value}::${Prisma.raw(order.field === 'revenue' ? 'numeric' : 'timestamptz')}, ${cursor.id}::int)`;
      };
      const source = filter.source ? filter.source.replace('_', '-') : null;
      const rows = await prisma.$queryRaw<Array<Omit<CustomerRow, 'source'> & { source: string; sortKey: string }>>`
        SELECT ${CUSTOMER_COLUMNS}, ${key}::text AS "sortKey"
        FROM customers
        WHERE account_id = ${accountId}
          AND (${source}::text IS NULL OR source::text = ${source}::text)
          AND (${filter.segment ?? null}::text IS NULL OR segment::text = ${filter.segment ?? null}::text)
          AND ${bound(request.after, true)} AND ${bound(request.before, false)}
        ORDER BY ${key} ${dir}, id ${dir}
        LIMIT ${request.take + 1}`;
      return rows.map((r) => ({ ...r, source: r.source.replace('-', '_') as CommerceSource }));
    },
    /** The account's customers with these ids (any order; ids of other accounts are not found). */
    async byIds(accountId: string, ids: readonly number[]): Promise<CustomerRow[]> {
      const rows = await prisma.$queryRaw<Array<Omit<CustomerRow, 'source'> & { source: string }>>`
        SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE account_id = ${accountId} AND id = ANY(${ids as number[]}::int[])`;
      return rows.map((r) => ({ ...r, source: r.source.replace('-', '_') as CommerceSource }));
    },
    /** The newest `perCustomer` orders of each of these customers of the account, in one query. */
    recentOrders(accountId: string, customerIds: readonly number[], perCustomer: number): Promise<OrderRow[]> {
      return prisma.$queryRaw<OrderRow[]>`
        SELECT o.id, o.customer_id AS "customerId", replace(o.source::text, '-', '_') AS source, o.external_id AS "externalId",
               o.status::text AS status, o.currency, o.subtotal::text AS subtotal, o.total_amount::text AS "totalAmount",
               o.refunded_amount::text AS "refundedAmount", o.placed_at AS "placedAt"
        FROM unnest(${customerIds as number[]}::int[]) AS c(id)
        CROSS JOIN LATERAL (
          SELECT * FROM orders
          WHERE account_id = ${accountId} AND customer_id = c.id
          ORDER BY placed_at DESC, id DESC
          LIMIT ${perCustomer}
        ) o`;
    },
    /** Changes contact fields of one of the account's customers; null when there is none. */
    async updateContact(accountId: string, id: number, data: ContactChange): Promise<boolean> {
      const changed = await prisma.customer.updateMany({ where: { id, accountId }, data });
      return changed.count === 1;
    },
  };
}
