// Prisma access of the write path, part 3: deletes and redaction.
import type { IngestionTx } from './types.ts';
import { sourceDb } from './sql.ts';
import type { ExpenseSpan } from './rules.ts';
import { EXPENSE_SPAN, expenseSpanRow } from './repo.ts';
import { col, parseRows, z } from '../shared/index.ts';

const idRow = z.object({ id: col.int, key: z.string() });

export async function deleteCustomers(tx: IngestionTx, accountId: string, externalIds: readonly string[]): Promise<number[]> {
  if (externalIds.length === 0) return [];
  const rows = await tx.$queryRawUnsafe<unknown[]>(
    `DELETE FROM customers WHERE account_id = $1 AND external_id = ANY($2::text[]) RETURNING id, external_id AS key`,
    accountId,
    [...externalIds],
  );
  return parseRows(idRow, rows).map((r) => r.id);
}

/** Deletes products by their ledger external id (its SKU, or the SKU the ledger kept); returns the SKUs. */
export async function deleteProducts(tx: IngestionTx, accountId: string, source: string, externalIds: readonly string[]): Promise<string[]> {
  if (externalIds.length === 0) return [];
  const rows = await tx.$queryRawUnsafe<Array<{ sku: string }>>(
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
  const rows = await tx.$queryRawUnsafe<Array<{ day: string }>>(
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
    await tx.$queryRawUnsafe<unknown[]>(`DELETE FROM expenses WHERE account_id = $1 AND external_id = ANY($2::text[]) RETURNING ${EXPENSE_SPAN}`, accountId, [
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
  const rows = await tx.$queryRawUnsafe<unknown[]>(
    `UPDATE customers SET email = '', name = 'Redacted customer', phone = NULL, city = '', updated_at = now()
     WHERE account_id = $1 AND external_id = ANY($2::text[]) RETURNING id, external_id AS key`,
    accountId,
    [...externalIds],
  );
  await tx.$executeRawUnsafe(
    `UPDATE ingestion_records SET payload = jsonb_set(payload, '{customer}', jsonb_build_object('externalId', payload->'customer'->'externalId'))
     WHERE account_id = $1 AND source = $2 AND kind = 'order' AND test AND payload->'customer'->>'externalId' = ANY($3::text[])`,
    accountId,
    source,
    [...externalIds],
  );
  return new Map(parseRows(idRow, rows).map((r) => [r.key, r.id]));
}

/**
 * Deletes everything a shop (source) wrote to the account: refunds, orders (and their lines),
 * customers, its expenses, the products only it wrote, and its ledger rows. Returns the local
 * days and SKUs that had its orders or refunds.
 */
export async function eraseSource(tx: IngestionTx, accountId: string, source: string, timeZone: string): Promise<{ days: string[]; skus: string[] }> {
  const db = sourceDb(source);
  const days = await tx.$queryRawUnsafe<Array<{ day: string }>>(
    `SELECT DISTINCT (o.placed_at AT TIME ZONE $3::text)::date::text AS day FROM orders o WHERE o.account_id = $1 AND o.source = $2::"CommerceSource"
     UNION SELECT DISTINCT (f.refunded_at AT TIME ZONE $3::text)::date::text FROM refunds f WHERE f.account_id = $1 AND f.source = $2::"CommerceSource"
     UNION SELECT DISTINCT e.date::text FROM expenses e JOIN ingestion_records r
       ON r.account_id = $1 AND r.source = $4 AND r.kind = 'expense' AND r.external_id = e.external_id WHERE e.account_id = $1`,
    accountId,
    db,
    timeZone,
    source,
  );
  const skus = await tx.$queryRawUnsafe<Array<{ sku: string }>>(
    `SELECT DISTINCT oi.sku FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE o.account_id = $1 AND o.source = $2::"CommerceSource"`,
    accountId,
    db,
  );
  await tx.$executeRawUnsafe(`DELETE FROM refunds WHERE account_id = $1 AND source = $2::"CommerceSource"`, accountId, db);
  await tx.$executeRawUnsafe(`DELETE FROM orders WHERE account_id = $1 AND source = $2::"CommerceSource"`, accountId, db);
  await tx.$executeRawUnsafe(`DELETE FROM customers WHERE account_id = $1 AND source = $2::"CommerceSource"`, accountId, db);
  await tx.$executeRawUnsafe(
    `DELETE FROM expenses e USING ingestion_records r
     WHERE e.account_id = $1 AND r.account_id = $1 AND r.source = $2 AND r.kind = 'expense' AND r.external_id = e.external_id`,
    accountId,
    source,
  );
  await tx.$executeRawUnsafe(
    `DELETE FROM inventory_items i USING ingestion_records r
     WHERE i.account_id = $1 AND r.account_id = $1 AND r.source = $2 AND r.kind = 'product' AND i.sku = coalesce(r.payload->>'sku', r.external_id)
       AND NOT EXISTS (SELECT 1 FROM ingestion_records o WHERE o.account_id = $1 AND o.source <> $2 AND o.kind = 'product'
                       AND coalesce(o.payload->>'sku', o.external_id) = i.sku)`,
    accountId,
    source,
  );
  await tx.$executeRawUnsafe(`DELETE FROM ingestion_records WHERE account_id = $1 AND source = $2`, accountId, source);
  return { days: days.map((d) => d.day), skus: skus.map((s) => s.sku) };
}
