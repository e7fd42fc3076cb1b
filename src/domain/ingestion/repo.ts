// Prisma access of the write path, part 1: the account, the ingestion ledger, customers,
// products and stock, ad spend and expenses. Every statement is scoped by the account; batches
// are set-based (sql.ts). Orders, lines and refunds are in repo-orders.ts.
import type { IngestionTx, RefundAttribution } from './types.ts';
import { type ExpenseSpan, type StoredVersion, REFUND_ATTRIBUTIONS, ledgerKey } from './rules.ts';
import type { AdSpendRow, CustomerRow, ExpenseRow, ProductRow } from './validate.ts';
import { type Column, PROBE, arrayLiteral, execute, inOrder, iso, queryRows, sourceDb, unnest } from './sql.ts';
import { col, parseRows, z } from '../shared/index.ts';

export interface AccountInfo {
  currency: string;
  timezone: string;
  refundAttribution: RefundAttribution;
}

const accountRow = z.object({ currency: z.string(), timezone: z.string(), refundAttribution: z.enum(REFUND_ATTRIBUTIONS) });
const versionRow = z.object({
  source: z.string(),
  externalId: z.string(),
  sourceUpdatedAt: z.date().nullable(),
  contentHash: z.string(),
  deletedAt: z.date().nullable(),
});
const idRow = z.object({ id: col.int, key: z.string() });

/** The account, its writes serialized until the transaction ends (newer-wins reads, then writes). */
export async function lockAccount(tx: IngestionTx, accountId: string): Promise<AccountInfo | null> {
  const [, rows] = await inOrder(
    tx,
    () => execute(tx, `SELECT pg_advisory_xact_lock(hashtext($1))`, `ingestion:${accountId}`),
    () => queryRows<unknown[]>(tx, `SELECT currency, timezone, refund_attribution::text AS "refundAttribution" FROM accounts WHERE id = $1`, accountId),
  );
  return rows.length === 0 ? null : accountRow.parse(rows[0]);
}

export async function setRefundAttribution(tx: IngestionTx, accountId: string, attribution: RefundAttribution): Promise<number> {
  return execute(tx, `UPDATE accounts SET refund_attribution = $2::"RefundAttribution" WHERE id = $1`, accountId, attribution);
}

/**
 * Every local day (in `timeZone`) a refund of the account touches under either attribution: its
 * own day and its order's day (a refund not attached to an order yet has only its own). The days
 * whose snapshots a change of the attribution moves money between.
 */
export async function refundDays(tx: IngestionTx, accountId: string, timeZone: string): Promise<string[]> {
  const rows = await queryRows<Array<{ day: string }>>(
    tx,
    `SELECT DISTINCT d.day::text AS day
     FROM refunds f LEFT JOIN orders o ON o.id = f.order_id
     CROSS JOIN LATERAL (VALUES ((f.refunded_at AT TIME ZONE $2::text)::date), ((o.placed_at AT TIME ZONE $2::text)::date)) AS d(day)
     WHERE f.account_id = $1 AND d.day IS NOT NULL
     ORDER BY 1`,
    accountId,
    timeZone,
  );
  return rows.map((r) => r.day);
}

/** The ledger's versions of these records (deleted ones included), by ledgerKey. */
export async function versions(
  tx: IngestionTx,
  accountId: string,
  kind: string,
  keys: ReadonlyArray<{ source: string; externalId: string }>,
): Promise<Map<string, StoredVersion>> {
  return (await versionsOfKinds(tx, accountId, { [kind]: keys }))[kind] ?? new Map();
}

/** The ledger's versions of records of several kinds in one statement; by kind, then ledgerKey. */
export async function versionsOfKinds(
  tx: IngestionTx,
  accountId: string,
  byKind: Readonly<Record<string, ReadonlyArray<{ source: string; externalId: string }>>>,
): Promise<Record<string, Map<string, StoredVersion>>> {
  const result: Record<string, Map<string, StoredVersion>> = Object.fromEntries(Object.keys(byKind).map((kind) => [kind, new Map()]));
  const keys = Object.entries(byKind).flatMap(([kind, list]) => list.map((k) => ({ kind, source: k.source, externalId: k.externalId })));
  if (keys.length === 0) return result;
  const rows = await queryRows<unknown[]>(
    tx,
    `SELECT r.kind, r.source, r.external_id AS "externalId", r.source_updated_at AS "sourceUpdatedAt", r.content_hash AS "contentHash", r.deleted_at AS "deletedAt"
     FROM unnest($2::text[], $3::text[], $4::text[]) AS x(kind, source, external_id)
     CROSS JOIN LATERAL (SELECT * FROM ingestion_records r
                         WHERE r.account_id = $1 AND r.kind = x.kind AND r.source = x.source AND r.external_id = x.external_id ${PROBE}) r`,
    accountId,
    arrayLiteral(keys.map((k) => k.kind)),
    arrayLiteral(keys.map((k) => k.source)),
    arrayLiteral(keys.map((k) => k.externalId)),
  );
  for (const r of parseRows(versionRow.extend({ kind: z.string() }), rows)) result[r.kind]?.set(ledgerKey(r), r);
  return result;
}

export interface LedgerEntry {
  source: string;
  externalId: string;
  updatedAt: Date | null;
  hash: string;
  deletedAt?: Date | null;
  test?: boolean;
  payload?: unknown;
}

export interface LedgerScope {
  accountId: string;
  kind: string;
  integrationId: number | null;
  via: string;
}

const LEDGER_COLUMNS: ReadonlyArray<Column<LedgerEntry>> = [
  { name: 'source', type: 'text', value: (e) => e.source },
  { name: 'external_id', type: 'text', value: (e) => e.externalId },
  { name: 'source_updated_at', type: 'timestamptz', value: (e) => iso(e.updatedAt) },
  { name: 'content_hash', type: 'text', value: (e) => e.hash },
  { name: 'deleted_at', type: 'timestamptz', value: (e) => iso(e.deletedAt ?? null) },
  { name: 'test', type: 'bool', value: (e) => e.test === true },
  { name: 'payload', type: 'text', cast: 'jsonb', value: (e) => (e.payload === undefined ? null : JSON.stringify(e.payload)) },
];

/**
 * Writes the entries' ledger rows. `fresh`: none of them has a row yet (the caller read their
 * versions in this transaction, under the account's lock, and found none): a plain INSERT, without
 * the speculative insertion of ON CONFLICT (measured: about a fifth of the statement's time).
 */
export async function saveLedger(tx: IngestionTx, scope: LedgerScope, entries: readonly LedgerEntry[], fresh = false): Promise<void> {
  if (entries.length === 0) return;
  const u = unnest(LEDGER_COLUMNS, entries, 5);
  await execute(
    tx,
    `INSERT INTO ingestion_records (account_id, kind, integration_id, via, ${u.names})
     SELECT $1, $2, $3::int, $4, x.* FROM (${u.select}) x
     ${
       fresh
         ? ''
         : `ON CONFLICT (account_id, source, kind, external_id) DO UPDATE SET
       source_updated_at = EXCLUDED.source_updated_at, content_hash = EXCLUDED.content_hash, deleted_at = EXCLUDED.deleted_at,
       test = EXCLUDED.test, payload = EXCLUDED.payload, integration_id = EXCLUDED.integration_id, via = EXCLUDED.via, written_at = now()`
     }`,
    scope.accountId,
    scope.kind,
    scope.integrationId,
    scope.via,
    ...u.params,
  );
}

/** Moves stored versions to newer stamps, keeping the rest of each ledger row (a cancellation). */
export async function moveVersions(tx: IngestionTx, scope: LedgerScope, entries: readonly LedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await execute(
    tx,
    `UPDATE ingestion_records r SET source_updated_at = x.at, content_hash = x.hash, written_at = now()
     FROM unnest($3::text[], $4::text[], $5::timestamptz[], $6::text[]) AS x(source, id, at, hash)
     WHERE r.account_id = $1 AND r.kind = $2 AND r.source = x.source AND r.external_id = x.id`,
    scope.accountId,
    scope.kind,
    entries.map((e) => e.source),
    entries.map((e) => e.externalId),
    entries.map((e) => iso(e.updatedAt)),
    entries.map((e) => e.hash),
  );
}

/** Ids by key from an INSERT/SELECT returning (id, key). */
async function idsByKey(tx: IngestionTx, sql: string, params: unknown[]): Promise<Map<string, number>> {
  const rows = parseRows(idRow, await queryRows<unknown[]>(tx, sql, ...params));
  return new Map(rows.map((r) => [r.key, r.id]));
}

export const CUSTOMER_COLUMNS: ReadonlyArray<Column<CustomerRow>> = [
  { name: 'source', type: 'text', cast: '"CommerceSource"', value: (c) => sourceDb(c.source) },
  { name: 'external_id', type: 'text', value: (c) => c.externalId },
  { name: 'email', type: 'text', value: (c) => c.email },
  { name: 'name', type: 'text', value: (c) => c.name },
  { name: 'phone', type: 'text', value: (c) => c.phone },
  { name: 'city', type: 'text', value: (c) => c.city },
  { name: 'country', type: 'text', value: (c) => c.country },
  { name: 'created_at', type: 'timestamptz', value: (c) => iso(c.createdAt) },
];

/**
 * Customers written in full (insert, or replace the details of the stored one); returns their
 * ids. `overwrite` false only creates the missing ones (an order's customer reference).
 */
/** Inserts the customers of `rows` (a select of CUSTOMER_COLUMNS as x) for account $1; the caller adds its ON CONFLICT. */
export const INSERT_CUSTOMERS = (rows: string) =>
  `INSERT INTO customers (account_id, source, external_id, email, name, phone, city, country, created_at, updated_at)
   SELECT $1, x.source, x.external_id, x.email, x.name, x.phone, x.city, x.country, coalesce(x.created_at, now()), coalesce(x.created_at, now())
   FROM ${rows} x`;

/** Inserts or updates the customers (their details replaced); their ids by external id. */
export async function writeCustomers(tx: IngestionTx, accountId: string, rows: readonly CustomerRow[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const u = unnest(CUSTOMER_COLUMNS, rows, 2);
  await execute(
    tx,
    `${INSERT_CUSTOMERS(`(${u.select})`)}
     ON CONFLICT (account_id, external_id)
     DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name, phone = EXCLUDED.phone, city = EXCLUDED.city, country = EXCLUDED.country, updated_at = now()`,
    accountId,
    ...u.params,
  );
  return customerIds(
    tx,
    accountId,
    rows.map((r) => r.externalId),
  );
}

export async function customerIds(tx: IngestionTx, accountId: string, externalIds: readonly string[]): Promise<Map<string, number>> {
  if (externalIds.length === 0) return new Map();
  return idsByKey(
    tx,
    `SELECT c.id, c.external_id AS key FROM unnest($2::text[]) AS x(external_id)
     CROSS JOIN LATERAL (SELECT id, external_id FROM customers c WHERE c.account_id = $1 AND c.external_id = x.external_id ${PROBE}) c`,
    [accountId, arrayLiteral([...new Set(externalIds)])],
  );
}

const PRODUCT_COLUMNS: ReadonlyArray<Column<ProductRow>> = [
  { name: 'sku', type: 'text', value: (p) => p.sku },
  { name: 'product_name', type: 'text', value: (p) => p.productName },
  { name: 'unit_cost', type: 'numeric', value: (p) => p.unitCost },
  { name: 'unit_price', type: 'numeric', value: (p) => p.unitPrice },
  { name: 'lead_time_days', type: 'int4', value: (p) => p.leadTimeDays },
  { name: 'created_at', type: 'timestamptz', value: (p) => iso(p.createdAt) },
  { name: 'updated_at', type: 'timestamptz', value: (p) => iso(p.updatedAt) },
];

/** Products by SKU written (overwrite) or only created when missing; returns ids and current unit costs. */
export async function writeProducts(
  tx: IngestionTx,
  accountId: string,
  rows: readonly ProductRow[],
  overwrite: boolean,
): Promise<Map<string, { id: number; unitCost: string }>> {
  if (rows.length > 0) {
    const u = unnest(PRODUCT_COLUMNS, rows, 2);
    await execute(
      tx,
      `INSERT INTO inventory_items (account_id, sku, product_name, unit_cost, unit_price, lead_time_days, created_at, updated_at)
       SELECT $1, x.sku, x.product_name, coalesce(x.unit_cost, 0), coalesce(x.unit_price, 0), coalesce(x.lead_time_days, 14),
              coalesce(x.created_at, now()), coalesce(x.created_at, now())
       FROM (${u.select}) x
       ON CONFLICT (account_id, sku) DO NOTHING`,
      accountId,
      ...u.params,
    );
    // A field the record leaves out keeps its stored value.
    if (overwrite) {
      await execute(
        tx,
        `UPDATE inventory_items i SET product_name = x.product_name, unit_cost = coalesce(x.unit_cost, i.unit_cost),
           unit_price = coalesce(x.unit_price, i.unit_price), lead_time_days = coalesce(x.lead_time_days, i.lead_time_days),
           updated_at = coalesce(x.updated_at, now())
         FROM (${u.select}) x WHERE i.account_id = $1 AND i.sku = x.sku`,
        accountId,
        ...u.params,
      );
    }
  }
  return products(
    tx,
    accountId,
    rows.map((r) => r.sku),
  );
}

const productRow = z.object({ id: col.int, sku: z.string(), unitCost: z.string() });

export async function products(tx: IngestionTx, accountId: string, skus: readonly string[]): Promise<Map<string, { id: number; unitCost: string }>> {
  if (skus.length === 0) return new Map();
  const rows = await queryRows<unknown[]>(
    tx,
    `SELECT id, sku, unit_cost::text AS "unitCost" FROM inventory_items WHERE account_id = $1 AND sku = ANY($2::text[])`,
    accountId,
    arrayLiteral([...new Set(skus)]),
  );
  return new Map(parseRows(productRow, rows).map((r) => [r.sku, { id: r.id, unitCost: r.unitCost }]));
}

/** Sets the stock of stored SKUs (updated_at: the upstream's stamp, else now); returns the SKUs it found. */
export async function setStock(
  tx: IngestionTx,
  accountId: string,
  levels: ReadonlyArray<{ sku: string; available: number; updatedAt: Date | null }>,
): Promise<string[]> {
  if (levels.length === 0) return [];
  const rows = await queryRows<Array<{ sku: string }>>(
    tx,
    `UPDATE inventory_items i SET current_stock = x.available, updated_at = coalesce(x.at, now())
     FROM unnest($2::text[], $3::int4[], $4::timestamptz[]) AS x(sku, available, at)
     WHERE i.account_id = $1 AND i.sku = x.sku RETURNING i.sku`,
    accountId,
    levels.map((l) => l.sku),
    levels.map((l) => l.available),
    levels.map((l) => iso(l.updatedAt)),
  );
  return rows.map((r) => r.sku);
}

const AD_COLUMNS: ReadonlyArray<Column<AdSpendRow>> = [
  { name: 'date', type: 'date', value: (a) => a.date },
  { name: 'platform', type: 'text', cast: '"AdPlatform"', value: (a) => sourceDb(a.platform) },
  { name: 'campaign_id', type: 'text', value: (a) => a.campaignId },
  { name: 'campaign_name', type: 'text', value: (a) => a.campaignName },
  { name: 'spend', type: 'numeric', value: (a) => a.spend },
  { name: 'attributed_revenue', type: 'numeric', value: (a) => a.attributedRevenue },
  { name: 'clicks', type: 'int4', value: (a) => a.clicks },
  { name: 'impressions', type: 'int4', value: (a) => a.impressions },
  { name: 'conversions', type: 'int4', value: (a) => a.conversions },
];

export async function writeAdSpend(tx: IngestionTx, accountId: string, rows: readonly AdSpendRow[]): Promise<void> {
  if (rows.length === 0) return;
  const u = unnest(AD_COLUMNS, rows, 2);
  await execute(
    tx,
    `INSERT INTO ad_spend (account_id, ${u.names}) SELECT $1, x.* FROM (${u.select}) x
     ON CONFLICT (account_id, date, platform, campaign_id) DO UPDATE SET campaign_name = EXCLUDED.campaign_name, spend = EXCLUDED.spend,
       attributed_revenue = EXCLUDED.attributed_revenue, clicks = EXCLUDED.clicks, impressions = EXCLUDED.impressions, conversions = EXCLUDED.conversions`,
    accountId,
    ...u.params,
  );
}

const EXPENSE_COLUMNS: ReadonlyArray<Column<ExpenseRow>> = [
  { name: 'external_id', type: 'text', value: (e) => e.externalId },
  { name: 'date', type: 'date', value: (e) => e.date },
  { name: 'category', type: 'text', value: (e) => e.category },
  { name: 'description', type: 'text', value: (e) => e.description },
  { name: 'amount', type: 'numeric', value: (e) => e.amount },
  { name: 'created_at', type: 'timestamptz', value: (e) => iso(e.createdAt) },
  { name: 'recurrence', type: 'text', cast: '"ExpenseRecurrence"', value: (e) => e.recurrence },
  { name: 'ends_on', type: 'date', value: (e) => e.endsOn },
];

/** The stored spans of these expenses (date, recurrence, end), as chargedDays reads them. */
export const EXPENSE_SPAN = `date::text AS date, recurrence::text AS recurrence, ends_on::text AS "endsOn"`;
export const expenseSpanRow = z.object({ date: z.string(), recurrence: z.enum(['none', 'monthly']), endsOn: z.string().nullable() });

/** Expenses by external id; returns the spans they had before (a moved expense changes both spans' days). */
export async function writeExpenses(tx: IngestionTx, accountId: string, rows: readonly ExpenseRow[]): Promise<ExpenseSpan[]> {
  if (rows.length === 0) return [];
  const before = parseRows(
    expenseSpanRow,
    await queryRows<unknown[]>(
      tx,
      `SELECT ${EXPENSE_SPAN} FROM expenses WHERE account_id = $1 AND external_id = ANY($2::text[])`,
      accountId,
      rows.map((r) => r.externalId),
    ),
  );
  const u = unnest(EXPENSE_COLUMNS, rows, 2);
  await execute(
    tx,
    `INSERT INTO expenses (account_id, external_id, date, category, description, amount, created_at, recurrence, ends_on)
     SELECT $1, x.external_id, x.date, x.category, x.description, x.amount, coalesce(x.created_at, now()), x.recurrence, x.ends_on FROM (${u.select}) x
     ON CONFLICT (account_id, external_id) DO UPDATE SET date = EXCLUDED.date, category = EXCLUDED.category,
       description = EXCLUDED.description, amount = EXCLUDED.amount, recurrence = EXCLUDED.recurrence, ends_on = EXCLUDED.ends_on`,
    accountId,
    ...u.params,
  );
  return before;
}
