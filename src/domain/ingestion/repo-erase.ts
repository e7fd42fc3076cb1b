// Prisma access of the write path, part 3: deletes and redaction.
import type { IngestionTx } from './types.ts';
import { sourceDb, execute, queryRows } from './sql.ts';
import { REDACTED_NAME, type ExpenseSpan } from './rules.ts';
import { EXPENSE_SPAN, expenseSpanRow } from './repo.ts';
import { col, parseRows, z } from '../shared/index.ts';

const idRow = z.object({ id: col.int, key: z.string() });

export async function deleteCustomers(tx: IngestionTx, accountId: string, externalIds: readonly string[]): Promise<number[]> {
  if (externalIds.length === 0) return [];
  const rows = await queryRows<unknown[]>(
    tx,
    `DELETE FROM customers WHERE account_id = $1 AND external_id = ANY($2::text[]) RETURNING id, external_id AS key`,
    accountId,
    [...externalIds],
  );
  return parseRows(idRow, rows).map((r) => r.id);
}

/** Deletes products by their ledger external id (its SKU, or the SKU the ledger kept); returns the SKUs. */
export async function deleteProducts(tx: IngestionTx, accountId: string, source: string, externalIds: readonly string[]): Promise<string[]> {
  if (externalIds.length === 0) return [];
  const rows = await queryRows<Array<{ sku: string }>>(
    tx,
    `DELETE FROM inventory_items i WHERE i.account_id = $1 AND i.sku IN (
       SELECT coalesce(r.payload->>'sku', x.id) FROM unnest($3::text[]) AS x(id)
       LEFT JOIN ingestion_records r ON r.account_id = $1 AND r.source = $2 AND r.kind = 'product' AND r.external_id = x.id)
     RETURNING i.sku`,
    accountId,
    source,
    [...externalIds],
  );
  return rows.map((r) => r.sku);
}

/** Deletes ad spend rows by `${platform}:${campaignId}:${date}`; returns their days. */
export async function deleteAdSpend(
  tx: IngestionTx,
  accountId: string,
  keys: ReadonlyArray<{ platform: string; campaignId: string; date: string }>,
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<Array<{ day: string }>>(
    tx,
    `DELETE FROM ad_spend a USING unnest($2::text[], $3::text[], $4::date[]) AS x(platform, campaign_id, date)
     WHERE a.account_id = $1 AND a.platform::text = x.platform AND a.campaign_id = x.campaign_id AND a.date = x.date
     RETURNING a.date::text AS day`,
    accountId,
    keys.map((k) => sourceDb(k.platform)),
    keys.map((k) => k.campaignId),
    keys.map((k) => k.date),
  );
  return rows.map((r) => r.day);
}

/** Deletes expenses; returns the spans they were charged over (chargedDays). */
export async function deleteExpenses(tx: IngestionTx, accountId: string, externalIds: readonly string[]): Promise<ExpenseSpan[]> {
  if (externalIds.length === 0) return [];
  return parseRows(
    expenseSpanRow,
    await queryRows<unknown[]>(tx, `DELETE FROM expenses WHERE account_id = $1 AND external_id = ANY($2::text[]) RETURNING ${EXPENSE_SPAN}`, accountId, [
      ...externalIds,
    ]),
  );
}

/**
 * Erases customers' personal data (e-mail, name, phone, city); the rows, their orders and every
 * figure stay, anonymous. Test orders kept in the ledger lose the customer's details too.
 * Returns the ids by external id of the customers found.
 */
export async function redactCustomers(tx: IngestionTx, accountId: string, source: string, externalIds: readonly string[]): Promise<Map<string, number>> {
  if (externalIds.length === 0) return new Map();
  const rows = await queryRows<unknown[]>(
    tx,
    `UPDATE customers SET email = '', name = '${REDACTED_NAME}', phone = NULL, city = '', updated_at = now()
     WHERE account_id = $1 AND external_id = ANY($2::text[]) RETURNING id, external_id AS key`,
    accountId,
    [...externalIds],
  );
  await execute(
    tx,
    `UPDATE ingestion_records SET payload = jsonb_set(payload, '{customer}', jsonb_build_object('externalId', payload->'customer'->'externalId'))
     WHERE account_id = $1 AND source = $2 AND kind = 'order' AND test AND payload->'customer'->>'externalId' = ANY($3::text[])`,
    accountId,
    source,
    [...externalIds],
  );
  return new Map(parseRows(idRow, rows).map((r) => [r.key, r.id]));
}

/**
 * Deletes everything one connected integration (a shop) wrote to the account, found through the
 * ledger rows it wrote: its orders (their lines, their refunds), its refunds, its customers (a
 * customer an order of the shop brought in without a ledger row of its own goes too when no
 * order is left to it; one that still has another source's orders keeps them, redacted), its
 * expenses, the products only it wrote, and its ledger rows (test orders included). Another shop
 * of the same platform in the same account, files and the seed keep theirs. Returns the local
 * days, expense spans and SKUs that changed.
 */
export async function eraseIntegration(
  tx: IngestionTx,
  accountId: string,
  source: string,
  integrationId: number,
  timeZone: string,
): Promise<{ days: string[]; spans: ExpenseSpan[]; skus: string[] }> {
  const db = sourceDb(source);
  const mine = (kind: string, table: string) =>
    `EXISTS (SELECT 1 FROM ingestion_records r WHERE r.account_id = $1 AND r.source = $2 AND r.kind = '${kind}' AND r.integration_id = $3
             AND r.external_id = ${table}.external_id)`;
  const orders = parseRows(
    z.object({ id: col.int, customerId: col.int.nullable(), day: z.string() }),
    await queryRows<unknown[]>(
      tx,
      `SELECT o.id, o.customer_id AS "customerId", (o.placed_at AT TIME ZONE $5::text)::date::text AS day
       FROM orders o WHERE o.account_id = $1 AND o.source = $4::"CommerceSource" AND ${mine('order', 'o')}`,
      accountId,
      source,
      integrationId,
      db,
      timeZone,
    ),
  );
  const orderIds = orders.map((o) => o.id);
  const skus = await queryRows<Array<{ sku: string }>>(tx, `SELECT DISTINCT sku FROM order_items WHERE order_id = ANY($1::int[])`, orderIds);
  const refundDays = await queryRows<Array<{ day: string }>>(
    tx,
    `DELETE FROM refunds f WHERE f.account_id = $1 AND f.source = $4::"CommerceSource" AND (${mine('refund', 'f')} OR f.order_id = ANY($6::int[]))
     RETURNING (f.refunded_at AT TIME ZONE $5::text)::date::text AS day`,
    accountId,
    source,
    integrationId,
    db,
    timeZone,
    orderIds,
  );
  await execute(tx, `DELETE FROM orders WHERE id = ANY($1::int[])`, orderIds);
  const left = `NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id)`;
  await execute(
    tx,
    `DELETE FROM customers c WHERE c.account_id = $1 AND c.source = $4::"CommerceSource" AND ${left} AND (${mine('customer', 'c')}
       OR (c.id = ANY($5::int[]) AND NOT EXISTS (SELECT 1 FROM ingestion_records r WHERE r.account_id = $1 AND r.source = $2
             AND r.kind = 'customer' AND r.external_id = c.external_id AND r.integration_id IS DISTINCT FROM $3)))`,
    accountId,
    source,
    integrationId,
    db,
    orders.flatMap((o) => (o.customerId === null ? [] : [o.customerId])),
  );
  await execute(
    tx,
    `UPDATE customers c SET email = '', name = '${REDACTED_NAME}', phone = NULL, city = '', updated_at = now()
     WHERE c.account_id = $1 AND ${mine('customer', 'c')}`,
    accountId,
    source,
    integrationId,
  );
  const spans = parseRows(
    expenseSpanRow,
    await queryRows<unknown[]>(
      tx,
      `DELETE FROM expenses e WHERE e.account_id = $1 AND ${mine('expense', 'e')} RETURNING ${EXPENSE_SPAN}`,
      accountId,
      source,
      integrationId,
    ),
  );
  const products = await queryRows<Array<{ sku: string }>>(
    tx,
    `DELETE FROM inventory_items i USING ingestion_records r
     WHERE i.account_id = $1 AND r.account_id = $1 AND r.source = $2 AND r.kind = 'product' AND r.integration_id = $3
       AND i.sku = coalesce(r.payload->>'sku', r.external_id)
       AND NOT EXISTS (SELECT 1 FROM ingestion_records o WHERE o.account_id = $1 AND o.kind = 'product' AND o.integration_id IS DISTINCT FROM $3
                       AND coalesce(o.payload->>'sku', o.external_id) = i.sku)
     RETURNING i.sku`,
    accountId,
    source,
    integrationId,
  );
  await execute(tx, `DELETE FROM ingestion_records WHERE account_id = $1 AND integration_id = $2`, accountId, integrationId);
  const days = new Set([...orders.map((o) => o.day), ...refundDays.map((d) => d.day)]);
  return { days: [...days], spans, skus: [...new Set([...skus.map((s) => s.sku), ...products.map((p) => p.sku)])] };
}
