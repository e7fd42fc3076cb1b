// Prisma access of the write path, part 2: orders, their lines and refunds. An order's
// refunded_amount and status are derived here, from its refunds and its cancellation, in the
// statement that writes the order (one write per order: the orders triggers run once).
import type { IngestionTx } from './types.ts';
import type { OrderRow } from './validate.ts';
import { type Column, PROBE, arrayLiteral, iso, sourceDb, unnest, execute, queryRows } from './sql.ts';
import { attachRefunds, pairs } from './repo-refunds.ts';
import { PREVIOUS } from './repo-previous.ts';
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

/** The stored orders among these keys, locked for the write; by ledgerKey. */
export async function ordersBefore(
  tx: IngestionTx,
  accountId: string,
  keys: ReadonlyArray<{ source: string; externalId: string }>,
): Promise<Map<string, OrderBefore>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<unknown[]>(
    tx,
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

/**
 * An order to write, its customer's id and country (as stored; written by the INSERT itself inside
 * deferPrevious), and the sum of its refunds as stored (refundedSums; its status follows).
 */
export interface OrderWrite {
  row: OrderRow;
  customerId: number | null;
  customerCountry: string | null;
  refunded: string;
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
  { name: 'refunded', type: 'numeric', value: (o) => o.refunded },
];

/** Inside deferPrevious the orders carry their customer's country (its INSERT trigger steps aside: migration 20261129020000). */
const OWN_ORDER_COLUMNS: ReadonlyArray<Column<OrderWrite>> = [...ORDER_COLUMNS, { name: 'customer_country', type: 'text', value: (o) => o.customerCountry }];

/** The status an order's cancellation and its refunds' sum give it (x: the order's values). */
const status = (refunded: string, cancelled: string) => `(CASE WHEN ${cancelled} THEN 'cancelled' WHEN ${refunded} <= 0 THEN 'paid'
  WHEN ${refunded} >= x.total_amount THEN 'refunded' ELSE 'partially_refunded' END)::"OrderStatus"`;

const REPLACE_ORDER = `ON CONFLICT (account_id, source, external_id) DO UPDATE SET
       customer_id = EXCLUDED.customer_id, status = EXCLUDED.status, currency = EXCLUDED.currency, subtotal = EXCLUDED.subtotal,
       discount_amount = EXCLUDED.discount_amount, shipping_amount = EXCLUDED.shipping_amount, tax_amount = EXCLUDED.tax_amount,
       total_amount = EXCLUDED.total_amount, refunded_amount = EXCLUDED.refunded_amount, fees_amount = EXCLUDED.fees_amount,
       shipping_cost = EXCLUDED.shipping_cost, presentment_currency = EXCLUDED.presentment_currency,
       presentment_total = EXCLUDED.presentment_total, placed_at = EXCLUDED.placed_at`;

/**
 * Inserts or replaces the orders (in the order given: ids ascend with it); returns their ids by
 * ledgerKey. `own`: inside deferPrevious, the statement writes the previous-order columns and the
 * customer's country itself.
 * `fresh`: none of them is stored (ordersBefore found none, under the account's lock): a plain
 * INSERT, without ON CONFLICT's speculative insertion.
 */
export async function writeOrders(
  tx: IngestionTx,
  accountId: string,
  currency: string,
  rows: readonly OrderWrite[],
  own = false,
  fresh = false,
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const u = unnest(own ? OWN_ORDER_COLUMNS : ORDER_COLUMNS, rows, 3, true);
  const batch = own
    ? `SELECT y.*, lag(y.placed_at) OVER w AS batch_any, lag(y.placed_at) OVER s AS batch_same FROM (${u.select}) y
       WINDOW w AS (PARTITION BY y.customer_id, y.cancelled ORDER BY y.placed_at, y.ordinality),
              s AS (PARTITION BY y.customer_id, y.source, y.cancelled ORDER BY y.placed_at, y.ordinality)`
    : u.select;
  const written = await queryRows<unknown[]>(
    tx,
    `INSERT INTO orders (account_id, source, currency, external_id, customer_id, status, subtotal, discount_amount, shipping_amount,
                         tax_amount, total_amount, refunded_amount, fees_amount, shipping_cost, presentment_currency, presentment_total,
                         placed_at, created_at${own ? ', customer_previous_at, customer_source_previous_at, customer_country' : ''})
     SELECT $1, x.source, $2, x.external_id, x.customer_id, ${status('x.refunded', 'x.cancelled')}, x.subtotal, x.discount_amount, x.shipping_amount,
            x.tax_amount, x.total_amount, x.refunded, x.fees_amount, x.shipping_cost, x.presentment_currency, x.presentment_total,
            x.placed_at, x.placed_at${own ? ', p.any_source, p.same_source, x.customer_country' : ''}
     FROM (${batch}) x
     ${own ? `CROSS JOIN LATERAL ${PREVIOUS} p` : ''}
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
    await execute(tx, `DELETE FROM order_items WHERE account_id = $1 AND order_id = ANY($2::int4[])`, accountId, arrayLiteral(replacedOrderIds));
  }
  if (lines.length === 0) return;
  const u = unnest(LINE_COLUMNS, lines, 2);
  await execute(tx, `INSERT INTO order_items (account_id, ${u.names}) SELECT $1, x.* FROM (${u.select}) x`, accountId, ...u.params);
}

/**
 * Attaches the refunds of these orders to them and brings each order's refunded amount and
 * status up to date (an order whose figures do not change is not written); returns the orders.
 * (An order written by writeOrders has its figures from its refunds already: it only attaches.)
 */
export async function settleRefunds(tx: IngestionTx, accountId: string, orders: ReadonlyArray<{ source: string; externalId: string }>): Promise<OrderBefore[]> {
  if (orders.length === 0) return [];
  await attachRefunds(tx, accountId, orders);
  await execute(
    tx,
    `UPDATE orders o SET refunded_amount = s.refunded, status = s.status
     FROM (SELECT x.id, r.refunded, ${status('r.refunded', "x.status = 'cancelled'")} AS status
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
  return execute(
    tx,
    `UPDATE orders SET status = 'cancelled' WHERE account_id = $1 AND source = $2::"CommerceSource" AND external_id = ANY($3::text[]) AND status <> 'cancelled'`,
    accountId,
    sourceDb(source),
    [...externalIds],
  );
}

export async function deleteOrderIds(tx: IngestionTx, accountId: string, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await execute(tx, `DELETE FROM orders WHERE account_id = $1 AND id = ANY($2::int4[])`, accountId, arrayLiteral(ids));
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
