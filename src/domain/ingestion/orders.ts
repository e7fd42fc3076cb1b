// The order commands: orders with their lines and refunds, refunds alone, cancellations.
import type { CancellationRecord, OrderRecord, RefundRecord } from './types.ts';
import { type Accepted, type WriteContext, Outcomes, check, ledgerScope, winners } from './batch.ts';
import { REDACTED, REDACTED_NAME, contentHash, instant, key, ledgerKey, optionalInstant } from './rules.ts';
import { type OrderRow, type ProductRow, type RefundRow, orderRow, refundRow } from './validate.ts';
import { moveVersions, products, saveLedger, versions, versionsOfKinds, writeCustomers, writeProducts } from './repo.ts';
import type { StoredVersion } from './rules.ts';
import {
  type LineWrite,
  type OrderBefore,
  attachRefunds,
  cancel,
  deferPrevious,
  deleteOrderIds,
  ordersBefore,
  rebuildPrevious,
  refundStatistics,
  replaceLines,
  settleRefunds,
  writeOrders as writeOrderRows,
  writeRefunds,
} from './repo-orders.ts';

function markOrder(ctx: WriteContext, order: Pick<OrderBefore, 'placedAt' | 'customerId' | 'skus'>): void {
  ctx.marks
    .at(order.placedAt)
    .customer(order.customerId)
    .sku(...order.skus);
}

/**
 * Writes the refunds that win against the ledger (records may wait for their order); marks
 * their days, the days they had before and their SKUs. Returns the winners.
 */
async function applyRefunds(
  ctx: WriteContext,
  accepted: ReadonlyArray<Accepted<RefundRow>>,
  outcomes: Outcomes,
  known?: ReadonlyMap<string, StoredVersion>,
): Promise<RefundRow[]> {
  const { tx, accountId } = ctx;
  const stored =
    known ??
    (await versions(
      tx,
      accountId,
      'refund',
      accepted.map((a) => a.row),
    ));
  const won = winners(accepted, stored, outcomes);
  outcomes.stored(won);
  const rows = won.map((w) => w.row);
  const before = await writeRefunds(tx, accountId, rows);
  for (const at of before) ctx.marks.at(at);
  for (const r of rows) ctx.marks.at(r.refundedAt).sku(...r.lines.map((l) => l.sku));
  await saveLedger(tx, ledgerScope(ctx, 'refund'), rows);
  return rows;
}

/** Products for the lines' SKUs, created from the line when missing (name, price, cost). */
async function lineProducts(ctx: WriteContext, orders: readonly OrderRow[]) {
  const lines = orders.flatMap((o) => o.lines);
  const known = await products(
    ctx.tx,
    ctx.accountId,
    lines.map((l) => l.sku),
  );
  const missing = new Map<string, ProductRow>();
  for (const l of lines) {
    if (known.has(l.sku) || missing.has(l.sku)) continue;
    missing.set(l.sku, {
      source: '',
      externalId: l.sku,
      updatedAt: null,
      hash: '',
      sku: l.sku,
      productName: l.productName || l.sku,
      unitCost: l.unitCost,
      unitPrice: l.unitPrice,
      leadTimeDays: null,
      createdAt: null,
    });
  }
  if (missing.size === 0) return known;
  const created = await writeProducts(ctx.tx, ctx.accountId, [...missing.values()], false);
  return new Map([...known, ...created]);
}

/**
 * One batch of orders: the rules of upsertOrders, in the caller's transaction. `bulk` defers the
 * orders' previous-order statement triggers and rebuilds those columns once for the batch.
 */
export async function writeOrderBatch(ctx: WriteContext, records: readonly OrderRecord[], options: { bulk?: boolean } = {}): Promise<void> {
  const { tx, accountId } = ctx;
  if (options.bulk) await deferPrevious(tx);
  await writeOrders(ctx, records, options.bulk === true);
  if (options.bulk) await rebuildPrevious(tx, accountId, ctx.marks.customerIds());
}

async function writeOrders(ctx: WriteContext, records: readonly OrderRecord[], bulk: boolean): Promise<void> {
  const { tx, accountId } = ctx;
  const accepted = check(records, ctx.outcomes, (r) => orderRow(r, ctx.account.currency, ctx.origin.source));
  // The orders' versions and their refunds' in one look-up.
  const stored = await versionsOfKinds(tx, accountId, {
    order: accepted.map((a) => a.row),
    refund: accepted.flatMap((a) => a.row.refunds),
    customer: accepted.flatMap((a) => (a.row.customer ? [{ source: a.row.source, externalId: a.row.customer.externalId }] : [])),
  });
  const won = winners(accepted, stored.order!, ctx.outcomes);
  ctx.outcomes.stored(won);
  if (won.length === 0) return;
  const rows = won.map((w) => w.row);
  const live = rows.filter((o) => !o.test);
  await applyRefunds(
    ctx,
    live.flatMap((o) => o.refunds.map((row, index) => ({ index, row }))),
    new Outcomes(),
    stored.refund,
  );
  if (bulk) await refundStatistics(tx);
  const before = await ordersBefore(tx, accountId, rows);
  for (const order of before.values()) markOrder(ctx, order);
  // A test order is kept in the ledger only; one that was stored as a real order leaves the orders.
  await deleteOrderIds(
    tx,
    accountId,
    rows.flatMap((o) => (o.test ? [before.get(ledgerKey(o))?.id ?? []].flat() : [])),
  );
  const customers = await writeCustomers(
    tx,
    accountId,
    live.flatMap((o) => {
      if (!o.customer) return [];
      // A customer redacted (customers/redact) is created, if they were not stored yet, without their details.
      const redacted = stored.customer!.get(ledgerKey({ source: o.source, externalId: o.customer.externalId }))?.contentHash === REDACTED;
      const details = redacted ? { email: '', name: REDACTED_NAME } : {};
      return [{ ...o.customer, ...details, source: o.source, updatedAt: null, hash: '', phone: null, city: '', createdAt: null }];
    }),
    false,
  );
  const customerOf = (o: OrderRow) => (o.customer ? (customers.get(o.customer.externalId) ?? null) : null);
  const items = await lineProducts(ctx, live);
  const ids = await writeOrderRows(
    tx,
    accountId,
    ctx.account.currency,
    live.map((o) => ({ ...o, customerId: customerOf(o) })),
    bulk,
  );
  const lines: LineWrite[] = live.flatMap((o) =>
    o.lines.map((l) => {
      const item = items.get(l.sku)!;
      return {
        orderId: ids.get(ledgerKey(o))!,
        itemId: item.id,
        sku: l.sku,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        unitCost: l.unitCost ?? item.unitCost,
      };
    }),
  );
  const replaced = live.flatMap((o) => (before.has(ledgerKey(o)) ? [ids.get(ledgerKey(o))!] : []));
  await replaceLines(tx, accountId, replaced, lines);
  await attachRefunds(tx, accountId, live);
  for (const o of live) markOrder(ctx, { placedAt: o.placedAt, customerId: customerOf(o), skus: o.lines.map((l) => l.sku) });
  await saveLedger(
    tx,
    ledgerScope(ctx, 'order'),
    won.map(({ index, row }) => ({ ...row, test: row.test, payload: row.test ? records[index] : undefined })),
  );
}

export async function upsertRefunds(ctx: WriteContext, records: readonly RefundRecord[]): Promise<void> {
  const accepted = check(records, ctx.outcomes, (r) => refundRow(r, ctx.origin.source));
  const rows = await applyRefunds(ctx, accepted, ctx.outcomes);
  const orders = await settleRefunds(
    ctx.tx,
    ctx.accountId,
    rows.map((r) => ({ source: r.source, externalId: r.orderExternalId })),
  );
  for (const order of orders) ctx.marks.at(order.placedAt).customer(order.customerId);
}

interface CancellationRow {
  source: string;
  externalId: string;
  updatedAt: Date | null;
  hash: string;
}

/** Cancels stored orders, newer-wins against the order's own version; an unknown order is rejected. */
export async function cancelOrders(ctx: WriteContext, records: readonly CancellationRecord[]): Promise<void> {
  const { tx, accountId, origin } = ctx;
  const accepted = check(records, ctx.outcomes, (r): CancellationRow => {
    const externalId = key(r?.orderExternalId, 'orderExternalId');
    return {
      source: origin.source,
      externalId,
      updatedAt: optionalInstant(r.updatedAt, 'updatedAt'),
      hash: contentHash({ cancelledAt: instant(r.cancelledAt, 'cancelledAt').toISOString(), externalId }),
    };
  });
  const stored = await versions(
    tx,
    accountId,
    'order',
    accepted.map((a) => a.row),
  );
  const known = accepted.filter((a) => {
    const version = stored.get(ledgerKey(a.row));
    if (version && version.deletedAt === null) return true;
    ctx.outcomes.reject(a.index, a.row.externalId, 'orderExternalId', 'no such order');
    return false;
  });
  const won = winners(known, stored, ctx.outcomes);
  ctx.outcomes.stored(won);
  const ids = won.map((w) => w.row.externalId);
  const before = await ordersBefore(
    tx,
    accountId,
    won.map((w) => w.row),
  );
  await cancel(tx, accountId, origin.source, ids);
  for (const order of before.values()) markOrder(ctx, order);
  // The order's version moves to the cancellation's, keeping what it was (test or not).
  await moveVersions(
    tx,
    ledgerScope(ctx, 'order'),
    won.map((w) => w.row),
  );
}
