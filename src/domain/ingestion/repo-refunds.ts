// The refunds' statements of the order commands: refunds written (waiting for their order when it
// is not stored), attached to their orders, deleted.
import type { IngestionTx } from './types.ts';
import type { RefundRow } from './validate.ts';
import { type Column, PROBE, arrayLiteral, iso, sourceDb, unnest, execute, queryRows } from './sql.ts';
import { ledgerKey } from './rules.ts';
import { parseRows, z } from '../shared/index.ts';

/** A batch's (source, external id) pairs as two array parameters (text[] literals). */
export function pairs(keys: ReadonlyArray<{ source: string; externalId: string }>): [string, string] {
  const unique = [...new Map(keys.map((k) => [ledgerKey(k), k])).values()];
  return [arrayLiteral(unique.map((k) => sourceDb(k.source))), arrayLiteral(unique.map((k) => k.externalId))];
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
    await queryRows<unknown[]>(
      tx,
      `SELECT f.external_id AS "externalId", f.refunded_at AS "refundedAt" FROM unnest($2::text[], $3::text[]) AS x(source, external_id)
       CROSS JOIN LATERAL (SELECT f.external_id, f.refunded_at FROM refunds f
                           WHERE f.account_id = $1 AND f.source = x.source::"CommerceSource" AND f.external_id = x.external_id ${PROBE}) f`,
      accountId,
      ...pairs(rows),
    ),
  );
  const u = unnest(REFUND_COLUMNS, rows, 2);
  await execute(
    tx,
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
 * The orders among these keys that have refunds (waiting ones, and those just written for them),
 * with their sum: one index probe per key; by ledgerKey. Most orders of a batch have none.
 */
export async function refundedSums(
  tx: IngestionTx,
  accountId: string,
  orders: ReadonlyArray<{ source: string; externalId: string }>,
): Promise<Map<string, string>> {
  if (orders.length === 0) return new Map();
  const rows = await queryRows<unknown[]>(
    tx,
    `SELECT replace(x.source, '-', '_') AS source, x.external_id AS "externalId", sum(f.amount)::text AS refunded FROM unnest($2::text[], $3::text[]) AS x(source, external_id)
     CROSS JOIN LATERAL (SELECT f.amount FROM refunds f
                         WHERE f.account_id = $1 AND f.source = x.source::"CommerceSource" AND f.order_external_id = x.external_id ${PROBE}) f
     GROUP BY x.source, x.external_id`,
    accountId,
    ...pairs(orders),
  );
  const sums = parseRows(z.object({ source: z.string(), externalId: z.string(), refunded: z.string() }), rows);
  return new Map(sums.map((r) => [ledgerKey(r), r.refunded]));
}

/**
 * Attaches the waiting refunds of these stored orders to them (their order_id). The refunds are
 * probed first and the order only for a key that has some: most orders of a batch have none.
 */
export async function attachRefunds(tx: IngestionTx, accountId: string, orders: ReadonlyArray<{ source: string; externalId: string }>): Promise<void> {
  if (orders.length === 0) return;
  await execute(
    tx,
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

/** Deletes refunds; returns their dates and their orders' external ids. */
export async function deleteRefunds(tx: IngestionTx, accountId: string, source: string, externalIds: readonly string[]) {
  if (externalIds.length === 0) return [];
  const rows = await queryRows<unknown[]>(
    tx,
    `DELETE FROM refunds WHERE account_id = $1 AND source = $2::"CommerceSource" AND external_id = ANY($3::text[])
     RETURNING refunded_at AS "refundedAt", order_external_id AS "orderExternalId"`,
    accountId,
    sourceDb(source),
    [...externalIds],
  );
  return parseRows(z.object({ refundedAt: z.date(), orderExternalId: z.string() }), rows);
}
