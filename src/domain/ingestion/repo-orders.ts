// Prisma access of the write path, part 2: orders, their lines and refunds. An order's
// refunded_amount and status are derived here, from its refunds and its cancellation, in the
// statement that writes the order (one write per order: the orders triggers run once).
import type { IngestionTx } from './types.ts';
import type { OrderRow, RefundRow } from './validate.ts';
import { type Column, PROBE, arrayLiteral, iso, sourceDb, unnest } from './sql.ts';
import { ledgerKey } from './rules.ts';
import { col, parseRows, z } from '../shared/index.ts';

/** What an order was before a write, for the marks (its day, customer and SKUs). */
export interface OrderBefore {
  id: number;
  source: string;
  externalId: string;
  placedAt: Date;
  customerId: number | null;
  cancelled: boolean;
  skus: string[];
}

const beforeRow = z.object({
  id: col.int,
  source: z.string(),
  externalId: z.string(),
  placedAt: z.date(),
  customerId: col.int.nullable(),
  cancelled: z.boolean(),
  skus: z.array(z.string()),
});

/** A batch's (source, external id) pairs as two array parameters (text[] literals). */
function pairs(keys: ReadonlyArray<{ source: string; externalId: string }>): [string, string] {
  const unique = [...new Map(keys.map((k) => [ledgerKey(k), k])).values()];
  return [arrayLiteral(unique.map((k) => sourceDb(k.source))), arrayLiteral(unique.map((k) => k.externalId))];
}

/** The stored orders among these keys, locked for the write; by ledgerKey. */
export async function ordersBefore(
  tx: IngestionTx,
  accountId: string,
  keys: ReadonlyArray<{ source: string; externalId: string }>,
): Promise<Map<string, OrderBefore>> {
  if (keys.length === 0) return new Map();
  const rows = await tx.$queryRawUnsafe<unknown[]>(
    `SELECT o.id, replace(o.source::text, '-', '_') AS source, o.external_id AS "externalId", o.placed_at AS "placedAt", o.customer_id AS "customerId",
            o.status = 'cancelled' AS cancelled, coalesce((SELECT array_agg(DISTINCT oi.sku) FROM order_items oi WHERE oi.order_id = o.id), '{}') AS skus
     FROM orders o
     WHERE o.account_id = $1 AND o.id = ANY (ARRAY(
       SELECT k.id FROM unnest($2::text[], $3::text[]) AS x(source, external_id)
       CROSS JOIN LATERAL (SELECT k.id FROM orders k WHERE k.account_id = $1 AND k.source = x.source::"CommerceSource" AND k.external_id = x.external_id ${PROBE}) k))
     ORDER BY o.id FOR UPDATE OF o`,
    accountId,
    ...pairs(keys),
  );
  return new Map(parseRows(beforeRow, rows).map((r) => [ledgerKey(r), r]));
}

/** An order to write, its customer's id and country (as stored; written by a bulk INSERT itself). */
export interface OrderWrite {
  row: OrderRow;
  customerId: number | null;
  customerCountry: string | null;
}

const ORDER_COLUMNS: ReadonlyArray<Column<OrderWrite>> = [
  { name: 'source', type: 'text', cast: '"CommerceSource"', value: (o) => sourceDb(o.row.source) },
  { name: 'external_id', type: 'text', value: (o) => o.row.externalId },
  { name: 'customer_id', type: 'int4', value: (o) => o.customerId },
  { name: 'cancelled', type: 'bool', value: (o) => o.row.cancelled },
  { name: 'subtotal', type: 'numeric', value: (o) => o.row.subtotal },
  { name: 'discount_amount', type: 'numeric', value: (o) => o.row.discount },
  { name: 'shipping_amount', type: 'numeric', value: (o) => o.row.shipping },
  { name: 'tax_amount', type: 'numeric', value: (o) => o.row.tax },
  { name: 'total_amount', type: 'numeric', value: (o) => o.row.total },
  { name: 'fees_amount', type: 'numeric', value: (o) => o.row.fees },
  { name: 'shipping_cost', type: 'numeric', value: (o) => o.row.shippingCost },
  { name: 'presentment_currency', type: 'text', value: (o) => o.row.presentmentCurrency },
  { name: 'presentment_total', type: 'numeric', value: (o) => o.row.presentmentTotal },
  { name: 'placed_at', type: 'timestamptz', value: (o) => iso(o.row.placedAt) },
];

/** A bulk batch's orders carry their customer's country (its INSERT trigger steps aside: migration 20261129020000). */
const BULK_ORDER_COLUMNS: ReadonlyArray<Column<OrderWrite>> = [...ORDER_COLUMNS, { name: 'customer_country', type: 'text', value: (o) => o.customerCountry }];

/** The status an order's cancellation and refunds give it (x: the written values, r: its refunds' sum). */
const STATUS = `(CASE WHEN x.cancelled THEN 'cancelled' WHEN r.refunded <= 0 THEN 'paid'
  WHEN r.refunded >= x.total_amount THEN 'refunded' ELSE 'partially_refunded' END)::"OrderStatus"`;

/**
 * A bulk insert's own customer_previous_at and customer_source_previous_at (the row trigger steps
 * aside in a bulk load, migration 20261128172001): the later of the customer's previous counted
 * order in the batch (lag over the batch, in the order given: ids ascend with it) and its last
 * stored one placed at or before (stored ids are smaller). Replaced orders keep their stored
 * values (ON CONFLICT sets neither); rebuildPrevious corrects whatever a batch moved.
 */
const PREVIOUS = `(SELECT CASE WHEN x.customer_id IS NULL OR x.cancelled THEN NULL ELSE greatest(x.batch_any, (
          SELECT q.placed_at FROM orders q WHERE q.account_id = $1 AND q.customer_id = x.customer_id AND q.status <> 'cancelled'
            AND q.placed_at <= x.placed_at ORDER BY q.placed_at DESC LIMIT 1)) END AS any_source,
       CASE WHEN x.customer_id IS NULL OR x.cancelled THEN NULL ELSE greatest(x.batch_same, (
          SELECT q.placed_at FROM orders q WHERE q.account_id = $1 AND q.customer_id = x.customer_id AND q.source = x.source
            AND q.status <> 'cancelled' AND q.placed_at <= x.placed_at ORDER BY q.placed_at DESC LIMIT 1)) END AS same_source)`;

const REPLACE_ORDER = `ON CONFLICT (account_id, source, external_id) DO UPDATE SET
       customer_id = EXCLUDED.customer_id, status = EXCLUDED.status, currency = EXCLUDED.currency, subtotal = EXCLUDED.subtotal,
       discount_amount = EXCLUDED.discount_amount, shipping_amount = EXCLUDED.shipping_amount, tax_amount = EXCLUDED.tax_amount,
       total_amount = EXCLUDED.total_amount, refunded_amount = EXCLUDED.refunded_amount, fees_amount = EXCLUDED.fees_amount,
       shipping_cost = EXCLUDED.shipping_cost, presentment_currency = EXCLUDED.presentment_currency,
       presentment_total = EXCLUDED.presentment_total, placed_at = EXCLUDED.placed_at`;

/**
 * Inserts or replaces the orders (in the order given: ids ascend with it); returns their ids by
 * ledgerKey. `bulk`: inside deferPrevious, the statement computes the previous-order columns.
 * `fresh`: none of them is stored (ordersBefore found none, under the account's lock): a plain
 * INSERT, without ON CONFLICT's speculative insertion.
 */
export async function writeOrders(
  tx: IngestionTx,
  accountId: string,
  currency: string,
  rows: readonly OrderWrite[],
  bulk = false,
  fresh = false,
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const u = unnest(bulk ? BULK_ORDER_COLUMNS : ORDER_COLUMNS, rows, 3, true);
  const batch = bulk
    ? `SELECT y.*, lag(y.placed_at) OVER w AS batch_any, lag(y.placed_at) OVER s AS batch_same FROM (${u.select}) y
       WINDOW w AS (PARTITION BY y.customer_id, y.cancelled ORDER BY y.placed_at, y.ordinality),
              s AS (PARTITION BY y.customer_id, y.source, y.cancelled ORDER BY y.placed_at, y.ordinality)`
    : u.select;
  const written = await tx.$queryRawUnsafe<unknown[]>(
    `INSERT INTO orders (account_id, source, currency, external_id, customer_id, status, subtotal, discount_amount, shipping_amount,
                         tax_amount, total_amount, refunded_amount, fees_amount, shipping_cost, presentment_currency, presentment_total,
                         placed_at, created_at${bulk ? ', customer_previous_at, customer_source_previous_at, customer_country' : ''})
     SELECT $1, x.source, $2, x.external_id, x.customer_id, ${STATUS}, x.subtotal, x.discount_amount, x.shipping_amount,
            x.tax_amount, x.total_amount, r.refunded, x.fees_amount, x.shipping_cost, x.presentment_currency, x.presentment_total,
            x.placed_at, x.placed_at${bulk ? ', p.any_source, p.same_source, x.customer_country' : ''}
     FROM (${batch}) x
     ${bulk ? `CROSS JOIN LATERAL ${PREVIOUS} p` : ''}
     CROSS JOIN LATERAL (SELECT coalesce(sum(f.amount), 0) AS refunded FROM refunds f
                         WHERE f.account_id = $1 AND f.source = x.source AND f.order_external_id = x.external_id) r
     ORDER BY x.ordinality
     ${fresh ? '' : REPLACE_ORDER}
     RETURNING id, replace(source::text, '-', '_') AS source, external_id AS "externalId"`,
    accountId,
    currency,
    ...u.params,
  );
  return new Map(parseRows(z.object({ id: col.int, source: z.string(), externalId: z.string() }), written).map((r) => [ledgerKey(r), r.id]));
}

export interface LineWrite {
  orderId: number;
  itemId: number;
  sku: string;
  quantity: number;
  unitPrice: string;
  unitCost: string;
}

const LINE_COLUMNS: ReadonlyArray<Column<LineWrite>> = [
  { name: 'order_id', type: 'int4', value: (l) => l.orderId },
  { name: 'inventory_item_id', type: 'int4', value: (l) => l.itemId },
  { name: 'sku', type: 'text', value: (l) => l.sku },
  { name: 'quantity', type: 'int4', value: (l) => l.quantity },
  { name: 'unit_price', type: 'numeric', value: (l) => l.unitPrice },
  { name: 'unit_cost', type: 'numeric', value: (l) => l.unitCost },
];

/** Replaces the lines of these orders (a replaced order's lines are its new ones). */
export async function replaceLines(tx: IngestionTx, accountId: string, replacedOrderIds: readonly number[], lines: readonly LineWrite[]): Promise<void> {
  if (replacedOrderIds.length > 0) {
    await tx.$executeRawUnsafe(`DELETE FROM order_items WHERE account_id = $1 AND order_id = ANY($2::int4[])`, accountId, arrayLiteral(replacedOrderIds));
  }
  if (lines.length === 0) return;
  const u = unnest(LINE_COLUMNS, lines, 2);
  await tx.$executeRawUnsafe(`INSERT INTO order_items (account_id, ${u.names}) SELECT $1, x.* FROM (${u.select}) x`, accountId, ...u.params);
}

const REFUND_COLUMNS: ReadonlyArray<Column<RefundRow>> = [
  { name: 'source', type: 'text', cast: '"CommerceSource"', value: (r) => sourceDb(r.source) },
  { name: 'external_id', type: 'text', value: (r) => r.externalId },
  { name: 'order_external_id', type: 'text', value: (r) => r.orderExternalId },
  { name: 'refunded_at', type: 'timestamptz', value: (r) => iso(r.refundedAt) },
  { name: 'amount', type: 'numeric', value: (r) => r.amount },
  { name: 'presentment_amount', type: 'numeric', value: (r) => r.presentmentAmount },
  { name: 'lines', type: 'text', cast: 'jsonb', value: (r) => JSON.stringify(r.lines) },
];

const refundBeforeRow = z.object({ externalId: z.string(), refundedAt: z.date() });

/** Inserts or replaces refunds (waiting for their order when it is not stored); returns the dates they had before. */
export async function writeRefunds(tx: IngestionTx, accountId: string, rows: readonly RefundRow[]): Promise<Date[]> {
  if (rows.length === 0) return [];
  const before = parseRows(
    refundBeforeRow,
    await tx.$queryRawUnsafe<unknown[]>(
      `SELECT f.external_id AS "externalId", f.refunded_at AS "refundedAt" FROM unnest($2::text[], $3::text[]) AS x(source, external_id)
       CROSS JOIN LATERAL (SELECT f.external_id, f.refunded_at FROM refunds f
                           WHERE f.account_id = $1 AND f.source = x.source::"CommerceSource" AND f.external_id = x.external_id ${PROBE}) f`,
      accountId,
      ...pairs(rows),
    ),
  );
  const u = unnest(REFUND_COLUMNS, rows, 2);
  await tx.$executeRawUnsafe(
    `INSERT INTO refunds (account_id, ${u.names}) SELECT $1, x.* FROM (${u.select}) x
     ON CONFLICT (account_id, source, external_id) DO UPDATE SET
       order_id = CASE WHEN refunds.order_external_id = EXCLUDED.order_external_id THEN refunds.order_id END,
       order_external_id = EXCLUDED.order_external_id, refunded_at = EXCLUDED.refunded_at, amount = EXCLUDED.amount,
       presentment_amount = EXCLUDED.presentment_amount, lines = EXCLUDED.lines`,
    accountId,
    ...u.params,
  );
  return before.map((r) => r.refundedAt);
}

/**
 * Attaches the waiting refunds of these stored orders to them (their order_id). The refunds are
 * probed first and the order only for a key that has some: most orders of a batch have none.
 */
export async function attachRefunds(tx: IngestionTx, accountId: string, orders: ReadonlyArray<{ source: string; externalId: string }>): Promise<void> {
  if (orders.length === 0) return;
  await tx.$executeRawUnsafe(
    `UPDATE refunds f SET order_id = (SELECT o.id FROM orders o WHERE o.account_id = $1 AND o.source = f.source AND o.external_id = f.order_external_id)
     WHERE f.account_id = $1 AND f.id = ANY (ARRAY(
       SELECT w.id FROM unnest($2::text[], $3::text[]) AS x(source, external_id)
       CROSS JOIN LATERAL (SELECT f.id, f.order_id FROM refunds f
                           WHERE f.account_id = $1 AND f.source = x.source::"CommerceSource" AND f.order_external_id = x.external_id ${PROBE}) w
       CROSS JOIN LATERAL (SELECT o.id FROM orders o WHERE o.account_id = $1 AND o.source = x.source::"CommerceSource" AND o.external_id = x.external_id
                             AND o.id IS DISTINCT FROM w.order_id ${PROBE}) o))`,
    accountId,
    ...pairs(orders),
  );
}

/**
 * Attaches the refunds of these orders to them and brings each order's refunded amount and
 * status up to date (an order whose figures do not change is not written); returns the orders.
 * (An order written by writeOrders has its figures from its refunds already: it only attaches.)
 */
export async function settleRefunds(tx: IngestionTx, accountId: string, orders: ReadonlyArray<{ source: string; externalId: string }>): Promise<OrderBefore[]> {
  if (orders.length === 0) return [];
  await attachRefunds(tx, accountId, orders);
  await tx.$executeRawUnsafe(
    `UPDATE orders o SET refunded_amount = s.refunded, status = s.status
     FROM (SELECT x.id, r.refunded, ${STATUS.replaceAll('x.cancelled', "x.status = 'cancelled'")} AS status
           FROM unnest($2::text[], $3::text[]) AS k(source, external_id)
           JOIN orders x ON x.account_id = $1 AND x.source = k.source::"CommerceSource" AND x.external_id = k.external_id
           CROSS JOIN LATERAL (SELECT coalesce(sum(f.amount), 0) AS refunded FROM refunds f WHERE f.order_id = x.id) r) s
     WHERE o.id = s.id AND (o.refunded_amount, o.status) IS DISTINCT FROM (s.refunded, s.status)`,
    accountId,
    ...pairs(orders),
  );
  return [...(await ordersBefore(tx, accountId, orders)).values()];
}

/** Cancels stored orders; returns those it changed. */
export async function cancel(tx: IngestionTx, accountId: string, source: string, externalIds: readonly string[]): Promise<number> {
  if (externalIds.length === 0) return 0;
  return tx.$executeRawUnsafe(
    `UPDATE orders SET status = 'cancelled' WHERE account_id = $1 AND source = $2::"CommerceSource" AND external_id = ANY($3::text[]) AND status <> 'cancelled'`,
    accountId,
    sourceDb(source),
    [...externalIds],
  );
}

export async function deleteOrderIds(tx: IngestionTx, accountId: string, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await tx.$executeRawUnsafe(`DELETE FROM orders WHERE account_id = $1 AND id = ANY($2::int4[])`, accountId, arrayLiteral(ids));
}

/** Deletes orders (their refunds wait again, unattached); returns what they were. */
export async function deleteOrders(tx: IngestionTx, accountId: string, source: string, externalIds: readonly string[]): Promise<OrderBefore[]> {
  const before = await ordersBefore(
    tx,
    accountId,
    externalIds.map((externalId) => ({ source, externalId })),
  );
  await deleteOrderIds(
    tx,
    accountId,
    [...before.values()].map((o) => o.id),
  );
  return [...before.values()];
}

/** Deletes refunds; returns their dates and their orders' external ids. */
export async function deleteRefunds(tx: IngestionTx, accountId: string, source: string, externalIds: readonly string[]) {
  if (externalIds.length === 0) return [];
  const rows = await tx.$queryRawUnsafe<unknown[]>(
    `DELETE FROM refunds WHERE account_id = $1 AND source = $2::"CommerceSource" AND external_id = ANY($3::text[])
     RETURNING refunded_at AS "refundedAt", order_external_id AS "orderExternalId"`,
    accountId,
    sourceDb(source),
    [...externalIds],
  );
  return parseRows(z.object({ refundedAt: z.date(), orderExternalId: z.string() }), rows);
}

/**
 * Bulk loads: for the rest of the batch, the orders' triggers that keep customer_previous_at
 * (migration 20261127170000; the row trigger since 20261128172001) and the INSERT trigger that
 * copies the customer's country (20261129020000) step aside: the batch's INSERT writes those
 * columns itself. rebuildPrevious then corrects the previous-order columns of the customers the
 * batch touched and turns both settings off.
 */
export async function deferPrevious(tx: IngestionTx): Promise<void> {
  await tx.$executeRawUnsafe(`SELECT set_config('orders.customer_previous_writing', 'on', true), set_config('orders.customer_country_given', 'on', true)`);
}

/**
 * Statistics for the refunds look-ups of a bulk load (by order: refunds_account_id_source_order_external_id_idx)
 * when the table has never had any: without them the planner may take the unique index on
 * (account_id, source, external_id) instead and read every refund of the source for each order
 * (measured: 0.4 ms an order with 300 refunds, growing with the table). Once per database, when
 * the first refunds are there (an ANALYZE inside the transaction counts its own rows).
 */
export async function refundStatistics(tx: IngestionTx): Promise<void> {
  const rows = await tx.$queryRawUnsafe<Array<{ never: boolean }>>(
    `SELECT c.reltuples < 0 AND EXISTS (SELECT 1 FROM refunds) AS never FROM pg_class c WHERE c.oid = 'refunds'::regclass`,
  );
  if (rows[0]?.never) await tx.$executeRawUnsafe(`ANALYZE refunds`);
}

// The instants as PostgreSQL writes them (microseconds kept; a JavaScript Date keeps milliseconds).
const previousRow = z.object({ id: col.int, anySource: z.string().nullable(), sameSource: z.string().nullable() });

/** A place in its customer's chains that a write's order took (`own`: its values are recomputed) or left. */
export interface OrderPlace {
  id: number;
  customerId: number | null;
  source: string;
  placedAt: Date;
  own: boolean;
}

/**
 * The previous-order columns after an incremental write that deferred them (deferPrevious): the
 * orders' own statement triggers' work, done once for the write's places instead of once per
 * statement, without the row trigger that planned two look-ups for every inserted row. The
 * migration's function orders_customer_previous_refresh recomputes the written orders and the next
 * counted order after each place taken or left, in each chain (each value one index probe), and
 * ends deferPrevious. The customers whose orders the write touched (`customerIds`) get their
 * metrics marked pending, which the stepped-aside statement trigger did for changed orders.
 */
export async function refreshPrevious(tx: IngestionTx, accountId: string, customerIds: readonly number[], places: readonly OrderPlace[]): Promise<void> {
  const customers = [...new Set(customerIds)].sort((a, b) => a - b);
  if (customers.length + places.length > 0) {
    await tx.$executeRawUnsafe(
      `WITH pending AS (
         INSERT INTO customer_metrics_pending (account_id, customer_id) SELECT $1, c.id FROM unnest($2::int4[]) AS c(id) ORDER BY 2
         ON CONFLICT (account_id, customer_id) DO NOTHING
       )
       SELECT orders_customer_previous_refresh(ARRAY(
         SELECT ROW(x.id, $1, x.customer_id, x.source::"CommerceSource", x.placed_at, x.own)::orders_customer_previous_place
         FROM unnest($3::int4[], $4::int4[], $5::text[], $6::timestamptz[], $7::bool[]) AS x(id, customer_id, source, placed_at, own)))`,
      accountId,
      arrayLiteral(customers),
      arrayLiteral(places.map((p) => p.id)),
      arrayLiteral(places.map((p) => p.customerId)),
      arrayLiteral(places.map((p) => sourceDb(p.source))),
      arrayLiteral(places.map((p) => iso(p.placedAt))),
      arrayLiteral(places.map((p) => p.own)),
    );
  }
  await tx.$executeRawUnsafe(`SELECT set_config('orders.customer_previous_writing', 'off', true), set_config('orders.customer_country_given', 'off', true)`);
}

/**
 * Recomputes customer_previous_at and customer_source_previous_at of these customers' orders and
 * marks their metrics pending (the statement trigger that marks them, customer_metrics_mark_pending,
 * stepped aside with the others); ends deferPrevious.
 */
export async function rebuildPrevious(tx: IngestionTx, accountId: string, customerIds: readonly number[]): Promise<void> {
  if (customerIds.length > 0) {
    await tx.$executeRawUnsafe(
      `INSERT INTO customer_metrics_pending (account_id, customer_id)
       SELECT $1, c.id FROM (SELECT DISTINCT unnest($2::int4[]) AS id) c ORDER BY 2
       ON CONFLICT (account_id, customer_id) DO NOTHING`,
      accountId,
      arrayLiteral(customerIds),
    );
    // The orders whose values change (a load in date order: none), then only those are written:
    // both statements probe indexes by customer and by id, whatever the statistics say (PROBE).
    const changed = parseRows(
      previousRow,
      await tx.$queryRawUnsafe<unknown[]>(
        `SELECT v.id, v.any_source::text AS "anySource", v.same_source::text AS "sameSource"
         FROM (SELECT q.id, q.customer_previous_at, q.customer_source_previous_at,
                      CASE WHEN q.status = 'cancelled' THEN NULL
                           ELSE lag(q.placed_at) OVER (PARTITION BY q.customer_id, q.status = 'cancelled' ORDER BY q.placed_at, q.id) END AS any_source,
                      CASE WHEN q.status = 'cancelled' THEN NULL
                           ELSE lag(q.placed_at) OVER (PARTITION BY q.customer_id, q.source, q.status = 'cancelled' ORDER BY q.placed_at, q.id) END AS same_source
               FROM unnest($2::int4[]) AS c(id)
               CROSS JOIN LATERAL (SELECT * FROM orders q WHERE q.account_id = $1 AND q.customer_id = c.id ${PROBE}) q) v
         WHERE (v.customer_previous_at, v.customer_source_previous_at) IS DISTINCT FROM (v.any_source, v.same_source)`,
        accountId,
        arrayLiteral([...new Set(customerIds)]),
      ),
    );
    if (changed.length > 0) {
      await tx.$executeRawUnsafe(
        `UPDATE orders o SET customer_previous_at = x.any_source, customer_source_previous_at = x.same_source
         FROM unnest($2::int4[], $3::timestamptz[], $4::timestamptz[]) AS x(id, any_source, same_source)
         WHERE o.account_id = $1 AND o.id = x.id`,
        accountId,
        arrayLiteral(changed.map((c) => c.id)),
        arrayLiteral(changed.map((c) => c.anySource)),
        arrayLiteral(changed.map((c) => c.sameSource)),
      );
    }
  }
  await tx.$executeRawUnsafe(`SELECT set_config('orders.customer_previous_writing', 'off', true), set_config('orders.customer_country_given', 'off', true)`);
}
