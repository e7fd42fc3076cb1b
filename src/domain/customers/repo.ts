// The only Prisma access for customers.
import type { PrismaClient } from '../../db/client.ts';
import { LONG_TRANSACTION } from '../../db/transactions.ts';
import type { CustomerSegment, OrderStatus } from '../../db/__generated__/prisma/enums.ts';
import { Prisma } from '../../db/__generated__/prisma/client.ts';
import type { PageRequest } from '../shared/index.ts';
import { queryRows, sqlInt } from '../../db/statements.ts';
import { col, parseRows, z } from '../shared/rows.ts';
import { CHURN_RULES, CUSTOMER_SEGMENTS, LTV_RULES, SEGMENT_RULES, sourceFromId, sourceToId } from './rules.ts';
import type { ContactChange, Customer, CustomerInPage, CustomerKey, CustomerSort, CustomerSortField, CustomerSource, Order } from './types.ts';

const ORDER_STATUSES = ['paid', 'refunded', 'partially_refunded', 'cancelled'] as const satisfies readonly OrderStatus[];

/** The database spells a source as its id (woo-commerce); rows carry the declared spelling. */
const source = col.text.transform(sourceFromId);
const customerRow = z.object({
  id: col.int,
  email: col.text,
  name: col.text,
  phone: col.text.nullable().optional(),
  source,
  externalId: col.text,
  city: col.text,
  country: col.text,
  ordersCount: col.int,
  revenueTotal: col.text,
  ltvEstimate: col.text,
  aov: col.text,
  segment: z.enum(CUSTOMER_SEGMENTS),
  churnScore: col.text,
  lastPurchaseAt: col.date.nullable(),
  firstPurchaseAt: col.date.nullable(),
  createdAt: col.date,
}) satisfies z.ZodType<Customer, unknown>;
const orderFields = {
  id: col.int,
  customerId: col.int.nullable(),
  source,
  externalId: col.text,
  status: z.enum(ORDER_STATUSES),
  currency: col.text,
  subtotal: col.text,
  totalAmount: col.text,
  refundedAmount: col.text,
};
const orderRow = z.object({ ...orderFields, placedAt: col.date }) satisfies z.ZodType<Order, unknown>;
/** An order read through json_build_object: placedAt comes back as text. */
const orderJson = z.object({ ...orderFields, placedAt: col.text.transform((t) => new Date(t)) }) satisfies z.ZodType<Order, unknown>;
const pageRow = customerRow.extend({ sortKey: col.text, recentOrders: z.array(orderJson).optional() }) satisfies z.ZodType<CustomerInPage, unknown>;
/** The filter's source as the database spells it, or null. */
const dbSource = (value: CustomerSource | undefined): string | null => (value ? sourceToId(value) : null);

const SORT_KEY: Record<CustomerSortField, Prisma.Sql> = {
  id: Prisma.sql`id`,
  revenue: Prisma.sql`revenue_total`,
  last_purchase: Prisma.sql`coalesce(last_purchase_at, '-infinity'::timestamptz)`,
};

const CUSTOMER_COLUMNS = Prisma.sql`id, email, name, phone, source::text AS source, external_id AS "externalId", city, country, orders_count AS "ordersCount",
  revenue_total::text AS "revenueTotal", ltv_estimate::text AS "ltvEstimate", aov::text AS aov,
  segment::text AS segment, churn_score::text AS "churnScore", last_purchase_at AS "lastPurchaseAt",
  first_purchase_at AS "firstPurchaseAt", created_at AS "createdAt"`;

const ORDER_COLUMNS = Prisma.sql`o.id, o.customer_id AS "customerId", o.source::text AS source, o.external_id AS "externalId",
  o.status::text AS status, o.currency, o.subtotal::text AS subtotal, o.total_amount::text AS "totalAmount",
  o.refunded_amount::text AS "refundedAmount", o.placed_at AS "placedAt"`;
/** The columns of an order as its JSON keys (json_agg of these rows; placedAt comes back as text). */
const ORDER_JSON_COLUMNS = Prisma.sql`id, customer_id AS "customerId", source::text AS source, external_id AS "externalId", status::text AS status,
  currency, subtotal::text AS subtotal, total_amount::text AS "totalAmount", refunded_amount::text AS "refundedAmount", placed_at AS "placedAt"`;

export function customersRepo(prisma: PrismaClient) {
  return {
    /** How many customers of the account match the filter. */
    count(accountId: string, filter: { source?: CustomerSource; segment?: CustomerSegment }) {
      return prisma.customer.count({
        where: { accountId, ...(filter.source ? { source: filter.source } : {}), ...(filter.segment ? { segment: filter.segment } : {}) },
      });
    },
    /**
     * Brings an account's customer metrics up to date (docs/customer-metrics.md), in one
     * transaction: recounts the orders of the customers marked since the last run (by the
     * triggers on orders; every customer when `full`), then derives churn, LTV and segment of
     * every customer from the stored counts and `now`, and writes only the rows whose values
     * change. Returns the number of rows written.
     */
    async recomputeMetrics(accountId: string, now: Date, full: boolean): Promise<number> {
      return prisma.$transaction(async (tx) => {
        // Taken first, in a statement of its own: an order being written now holds its mark's row
        // lock, so this waits for it, and the recount below (a later snapshot) sees the order.
        // Locked in customer order, the order in which the triggers mark, so the two never
        // deadlock.
        const marked = parseRows(
          z.object({ id: col.int }),
          await tx.$queryRaw`
          DELETE FROM customer_metrics_pending p
          USING (SELECT customer_id FROM customer_metrics_pending WHERE account_id = ${accountId} ORDER BY customer_id FOR UPDATE) l
          WHERE p.account_id = ${accountId} AND p.customer_id = l.customer_id
          RETURNING p.customer_id AS id`,
        );
        return writeMetrics(tx, accountId, now, full ? null : marked.map((m) => m.id));
      }, LONG_TRANSACTION);
    },
    /**
     * The analytics catch-up: recounts these customers' orders and derives their churn, LTV and
     * segment as of `now` (the same statement as recomputeMetrics, restricted to them; the other
     * customers and the marks of customer_metrics_pending are left to the hourly job). Returns the
     * rows written.
     */
    recountCustomers(accountId: string, now: Date, ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return Promise.resolve(0);
      return writeMetrics(prisma, accountId, now, [...ids], [...ids]);
    },
    /**
     * A page in the requested order (see domain/shared/bounds.ts): ties on the sort key are broken by id
     * in the same direction; a customer without purchases sorts as the oldest last purchase. The
     * cursor is the row's (key, id). Returns take+1 rows in fetch order; with `recentOrders`, each
     * row carries its newest that many orders too (as recentOrders below), in the same statement.
     */
    async sortedPage(
      accountId: string,
      filter: { source?: CustomerSource; segment?: CustomerSegment },
      order: CustomerSort,
      request: PageRequest<CustomerKey>,
      recentOrders?: number,
    ): Promise<CustomerInPage[]> {
      const key = SORT_KEY[order.field];
      const descending = (order.direction === 'desc') !== request.backward;
      const dir = Prisma.raw(descending ? 'DESC' : 'ASC');
      // "After" lies further along the requested direction, "before" against it.
      const bound = (cursor: CustomerKey, further: boolean) => {
        const op = Prisma.raw((order.direction === 'desc') === further ? '<' : '>');
        return order.field === 'id'
          ? Prisma.sql`id ${op} ${cursor.id}::int`
          : Prisma.sql`(${key}, id) ${op} (${cursor.value}::${Prisma.raw(order.field === 'revenue' ? 'numeric' : 'timestamptz')}, ${cursor.id}::int)`;
      };
      // Only the conditions given, in the text: on a server the statement is prepared (db/statements.ts).
      const where = [Prisma.sql`account_id = ${accountId}`];
      if (filter.source) where.push(Prisma.sql`source::text = ${dbSource(filter.source)}::text`);
      if (filter.segment) where.push(Prisma.sql`segment::text = ${filter.segment}::text`);
      if (request.after) where.push(bound(request.after, true));
      if (request.before) where.push(bound(request.before, false));
      // Evaluated for the rows of the page only (after the ORDER BY and LIMIT).
      const orders = recentOrders
        ? Prisma.sql`, (SELECT coalesce(json_agg(o ORDER BY o."placedAt" DESC, o.id DESC), '[]')
          FROM (SELECT ${ORDER_JSON_COLUMNS} FROM orders
                WHERE account_id = ${accountId} AND customer_id = customers.id ORDER BY placed_at DESC, id DESC LIMIT ${sqlInt(recentOrders)}) o) AS "recentOrders"`
        : Prisma.empty;
      const rows = await queryRows(
        prisma,
        Prisma.sql`
        SELECT ${CUSTOMER_COLUMNS}, ${key}::text AS "sortKey"${orders}
        FROM customers
        WHERE ${Prisma.join(where, ' AND ')}
        ORDER BY ${key} ${dir}${order.field === 'id' ? Prisma.empty : Prisma.sql`, id ${dir}`}
        LIMIT ${sqlInt(request.take + 1)}`,
      );
      return parseRows(pageRow, rows);
    },
    /** The account's customers with these ids (any order; ids of other accounts are not found). */
    async byIds(accountId: string, ids: readonly number[]): Promise<Customer[]> {
      const rows = await prisma.$queryRaw`
        SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE account_id = ${accountId} AND id = ANY(${ids as number[]}::int[])`;
      return parseRows(customerRow, rows);
    },
    /** The newest `perCustomer` orders of each of these customers of the account, in one query. */
    async recentOrders(accountId: string, customerIds: readonly number[], perCustomer: number): Promise<Order[]> {
      const rows = await prisma.$queryRaw`
        SELECT ${ORDER_COLUMNS}
        FROM unnest(${customerIds as number[]}::int[]) AS c(id)
        CROSS JOIN LATERAL (
          SELECT * FROM orders
          WHERE account_id = ${accountId} AND customer_id = c.id
          ORDER BY placed_at DESC, id DESC
          LIMIT ${perCustomer}
        ) o`;
      return parseRows(orderRow, rows);
    },
    /** Changes contact fields of one of the account's customers; null when there is none. */
    async updateContact(accountId: string, id: number, data: ContactChange): Promise<boolean> {
      const changed = await prisma.customer.updateMany({ where: { id, accountId }, data });
      return changed.count === 1;
    },
  };
}

/**
 * Recounts the orders of the customers `recount` (every customer when null), then derives AOV,
 * churn, LTV and segment of the account's customers (only those in `only`, when given) from the
 * stored counts and `now`, and writes the rows whose values change. Returns the rows written.
 */
function writeMetrics(
  tx: Prisma.TransactionClient | PrismaClient,
  accountId: string,
  now: Date,
  recount: number[] | null,
  only: number[] | null = null,
): Promise<number> {
  // Each stage is fenced (OFFSET 0) so that its expressions are computed once per customer,
  // not again wherever a later stage names them; the comparison with the stored values is
  // made before the join, so only the rows that change are looked up and written. `counted` and
  // `changed` are MATERIALIZED: without statistics (PGlite right after a bulk load) the planner
  // inlined them into nested loops that ran the whole recount again for every customer.
  return tx.$executeRaw`
  WITH recount AS (
    SELECT c.id FROM customers c
    WHERE c.account_id = ${accountId} AND (${recount}::int[] IS NULL OR c.id = ANY(${recount}::int[]))
  ), counted AS MATERIALIZED (
    SELECT r.id,
           count(o.id)::int AS orders_count,
           coalesce(sum(o.total_amount - o.refunded_amount), 0) AS revenue_total,
           min(o.placed_at) AS first_at,
           max(o.placed_at) AS last_at
    FROM recount r
    LEFT JOIN orders o ON o.account_id = ${accountId} AND o.customer_id = r.id AND o.status <> 'cancelled'
    GROUP BY r.id
  ), totals AS (
    SELECT c.id, ROW(c.orders_count, c.revenue_total, c.aov, c.first_purchase_at, c.last_purchase_at, c.churn_score, c.ltv_estimate, c.segment) AS stored,
           coalesce(k.orders_count, c.orders_count) AS orders_count,
           coalesce(k.revenue_total, c.revenue_total) AS revenue_total,
           CASE WHEN k.id IS NULL THEN c.first_purchase_at ELSE k.first_at END AS first_at,
           CASE WHEN k.id IS NULL THEN c.last_purchase_at ELSE k.last_at END AS last_at
    FROM customers c LEFT JOIN counted k ON k.id = c.id
    WHERE c.account_id = ${accountId}${only ? Prisma.sql` AND c.id = ANY(${only}::int[])` : Prisma.empty}
  ), scored AS (
    SELECT t.*,
           t.revenue_total / nullif(t.orders_count, 0) AS aov,
           EXTRACT(EPOCH FROM (${now}::timestamptz - t.last_at)) / 86400 AS days_since,
           GREATEST(EXTRACT(EPOCH FROM (t.last_at - t.first_at)) / 86400 / GREATEST(t.orders_count - 1, 1), ${CHURN_RULES.minIntervalDays}::int) AS interval_days,
           GREATEST(EXTRACT(EPOCH FROM (${now}::timestamptz - t.first_at)) / 86400, ${LTV_RULES.minTenureDays}::int) AS tenure_days
    FROM totals t OFFSET 0
  ), churn AS (
    SELECT sc.*, LEAST(1, GREATEST(0, sc.days_since / (sc.interval_days * ${CHURN_RULES.intervalMultiple}::int))) AS churn_score
    FROM scored sc OFFSET 0
  ), metrics AS (
    -- A customer without a counted order (none yet, or all cancelled) has zero metrics and
    -- the new segment.
    SELECT ch.id, ch.stored, ch.orders_count, round(ch.revenue_total, 2) AS revenue_total, coalesce(round(ch.aov, 2), 0) AS aov,
           ch.first_at, ch.last_at, coalesce(round(ch.churn_score, 4), 0) AS churn_score,
           coalesce(round(ch.revenue_total + ch.aov * (ch.orders_count * 365.0 / ch.tenure_days) * ${LTV_RULES.horizonYears}::int * (1 - ch.churn_score), 2), 0) AS ltv_estimate,
           (CASE
             WHEN ch.orders_count = 0 THEN 'new'
             WHEN ch.days_since > ${SEGMENT_RULES.churnedAfterDays}::int THEN 'churned'
             WHEN ch.churn_score >= ${SEGMENT_RULES.atRiskChurnScore}::numeric THEN 'at_risk'
             WHEN ch.revenue_total >= ${SEGMENT_RULES.vipRevenue}::numeric AND ch.orders_count >= ${SEGMENT_RULES.vipOrders}::int THEN 'vip'
             WHEN ch.orders_count >= ${SEGMENT_RULES.loyalOrders}::int THEN 'loyal'
             WHEN EXTRACT(EPOCH FROM (${now}::timestamptz - ch.first_at)) / 86400 <= ${SEGMENT_RULES.newWithinDays}::int THEN 'new'
             ELSE 'regular'
           END)::"CustomerSegment" AS segment
    FROM churn ch OFFSET 0
  ), changed AS MATERIALIZED (
    SELECT m.* FROM metrics m
    WHERE m.stored IS DISTINCT FROM ROW(m.orders_count, m.revenue_total, m.aov, m.first_at, m.last_at, m.churn_score, m.ltv_estimate, m.segment)
  )
  UPDATE customers c SET
    orders_count = m.orders_count, revenue_total = m.revenue_total, aov = m.aov,
    first_purchase_at = m.first_at, last_purchase_at = m.last_at,
    churn_score = m.churn_score, ltv_estimate = m.ltv_estimate, segment = m.segment, updated_at = ${now}
  FROM changed m
  WHERE c.id = m.id AND c.account_id = ${accountId}`;
}
