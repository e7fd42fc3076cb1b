// The commands other than orders: customers, products and stock, ad spend, expenses.
import type { AdSpendRecord, CustomerRecord, ExpenseRecord, InventoryLevelRecord, ProductRecord } from './types.ts';
import { type Accepted, type WriteContext, check, ledgerScope, winners } from './batch.ts';
import { chargedDays } from './rules.ts';
import { type Stamped, adSpendRow, customerRow, expenseRow, levelRow, productRow } from './validate.ts';
import { saveLedger, setStock, versions, writeAdSpend, writeCustomers, writeExpenses, writeProducts } from './repo.ts';

/** Ad spend is keyed by platform, campaign and day, whatever shop's import brought it. */
export const AD_SPEND_SOURCE = 'ads';

/** Checks, newer-wins against the ledger and the batch; returns the winners, outcomes recorded. */
async function contest<T, R extends Stamped>(ctx: WriteContext, kind: string, records: readonly T[], normalize: (record: T) => R): Promise<Array<Accepted<R>>> {
  const accepted = check(records, ctx.outcomes, normalize);
  const stored = await versions(
    ctx.tx,
    ctx.accountId,
    kind,
    accepted.map((a) => a.row),
  );
  return winners(accepted, stored, ctx.outcomes);
}

export async function upsertCustomers(ctx: WriteContext, records: readonly CustomerRecord[]): Promise<void> {
  const won = await contest(ctx, 'customer', records, (r) => customerRow(r, ctx.origin.source));
  ctx.outcomes.stored(won);
  const ids = await writeCustomers(
    ctx.tx,
    ctx.accountId,
    won.map((w) => w.row),
  );
  for (const id of ids.values()) ctx.marks.customer(id);
  await saveLedger(
    ctx.tx,
    ledgerScope(ctx, 'customer'),
    won.map((w) => w.row),
  );
}

export async function upsertProducts(ctx: WriteContext, records: readonly ProductRecord[]): Promise<void> {
  const won = await contest(ctx, 'product', records, (r) => productRow(r, ctx.origin.source));
  ctx.outcomes.stored(won);
  await writeProducts(
    ctx.tx,
    ctx.accountId,
    won.map((w) => w.row),
    true,
  );
  ctx.marks.sku(...won.map((w) => w.row.sku));
  await saveLedger(
    ctx.tx,
    ledgerScope(ctx, 'product'),
    won.map((w) => ({ ...w.row, payload: { sku: w.row.sku } })),
  );
}

/** Stock of stored products; a level for an unknown SKU is rejected (send the product first). */
export async function setInventoryLevels(ctx: WriteContext, records: readonly InventoryLevelRecord[]): Promise<void> {
  const won = await contest(ctx, 'inventory', records, (r) => levelRow(r, ctx.origin.source));
  const found = new Set(
    await setStock(
      ctx.tx,
      ctx.accountId,
      won.map((w) => ({ sku: w.row.externalId, available: w.row.available, updatedAt: w.row.updatedAt })),
    ),
  );
  const stored = won.filter((w) => found.has(w.row.externalId));
  for (const w of won) if (!found.has(w.row.externalId)) ctx.outcomes.reject(w.index, w.row.externalId, 'sku', 'no such product');
  ctx.outcomes.stored(stored);
  ctx.marks.sku(...stored.map((w) => w.row.externalId));
  await saveLedger(
    ctx.tx,
    ledgerScope(ctx, 'inventory'),
    stored.map((w) => w.row),
  );
}

export async function upsertAdSpend(ctx: WriteContext, records: readonly AdSpendRecord[]): Promise<void> {
  const won = await contest(ctx, 'ad_spend', records, (r) => adSpendRow(r, AD_SPEND_SOURCE));
  ctx.outcomes.stored(won);
  await writeAdSpend(
    ctx.tx,
    ctx.accountId,
    won.map((w) => w.row),
  );
  for (const w of won) ctx.marks.day(w.row.date);
  await saveLedger(
    ctx.tx,
    ledgerScope(ctx, 'ad_spend'),
    won.map((w) => w.row),
  );
}

/** Expenses, one-off or monthly (spread daily by the profit snapshots); marks every day each one is charged on. */
export async function upsertExpenses(ctx: WriteContext, records: readonly ExpenseRecord[]): Promise<void> {
  const won = await contest(ctx, 'expense', records, (r) => expenseRow(r, ctx.origin.source));
  ctx.outcomes.stored(won);
  const before = await writeExpenses(
    ctx.tx,
    ctx.accountId,
    won.map((w) => w.row),
  );
  // Span by span into the marks (a set): a batch of long spans is never one array of all their days.
  for (const span of [...before, ...won.map((w) => w.row)]) for (const day of chargedDays(span)) ctx.marks.day(day);
  await saveLedger(
    ctx.tx,
    ledgerScope(ctx, 'expense'),
    won.map((w) => w.row),
  );
}
