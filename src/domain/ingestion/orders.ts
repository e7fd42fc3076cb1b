// The order commands: orders with their lines and refunds, refunds alone, cancellations.
import type { CancellationRecord, OrderRecord, RefundRecord } from './types.ts';
import { type Accepted, type WriteContext, Outcomes, check, ledgerScope, winners } from './batch.ts';
import { contentHash, instant, key, ledgerKey, optionalInstant } from './rules.ts';
import { type OrderRow, type ProductRow, type RefundRow, orderRow, refundRow } from './validate.ts';
import { moveVersions, products, saveLedger, versions, versionsOfKinds, writeProducts } from './repo.ts';
import { orderCustomerRefs, orderCustomers } from './repo-refs.ts';
import { ahead, inOrder } from './sql.ts';
import type { StoredVersion } from './rules.ts';
import { CheckedOrders } from './bulk.ts';
import {
  type LineWrite,
  type OrderBefore,
  type OrderWrite,
  cancel,
  deleteOrderIds,
  ordersBefore,
  replaceLines,
  settleRefunds,
  writeOrders as writeOrderRows,
} from './repo-orders.ts';
import { type OrderPlace, appended, deferPrevious, rebuildPrevious, refreshPrevious } from './repo-previous.ts';
import { attachRefunds, refundedSums, writeRefunds } from './repo-refunds.ts';
import type { BulkStatistics } from './repo-statistics.ts';

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
  // The ledger rows need no answer of the refunds' statements: sent behind them (inOrder).
  const [before] = await inOrder(
    tx,
    () => writeRefunds(tx, accountId, rows),
    () =>
      saveLedger(
        tx,
        ledgerScope(ctx, 'refund'),
        rows,
        rows.every((r) => !stored.has(ledgerKey(r))),
      ),
  );
  for (const at of before) ctx.marks.at(at);
  for (const r of rows) ctx.marks.at(r.refundedAt).sku(...r.lines.map((l) => l.sku));
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
 * One batch of orders: the rules of upsertOrders, in the caller's transaction. The orders'
 * previous-order columns (customer_previous_at, customer_source_previous_at) and customer_country
 * are kept by the batch itself: the orders' triggers that keep them step aside (deferPrevious), the
 * INSERT writes a new order's, and then a bulk batch rebuilds its customers' chains
 * (rebuildPrevious) and any other write recomputes what its places moved (refreshPrevious). `bulk`
 * (a bulk load's statistics; its batch comes checked: bulk.ts) refreshes the planner's statistics
 * of the tables its look-ups read where they do not count the account's rows (repo-statistics.ts).
 * `previous: 'none'` leaves the columns to the triggers (bench/ingest-incremental's baseline runs
 * it with the previous-order triggers disabled).
 */
export async function writeOrderBatch(
  ctx: WriteContext,
  input: readonly OrderRecord[] | CheckedOrders,
  options: { bulk?: BulkStatistics; previous?: 'none' } = {},
): Promise<void> {
  const { tx, accountId } = ctx;
  const deferred = options.previous !== 'none';
  const written = await writeOrders(ctx, input, options.bulk, deferred);
  // Nothing written (every record skipped or rejected): the triggers were never set aside.
  if (!deferred || written === null) return;
  if (options.bulk) await rebuildPrevious(tx, accountId, ctx.marks.customerIds(), written.fresh ? appended(written.places) : undefined);
  else await refreshPrevious(tx, accountId, ctx.marks.customerIds(), written.places);
}

/** The records checked (a bulk batch was checked as it was read), the rejected ones in the outcomes; `record` gives a test order's record. */
function checkedOrders(ctx: WriteContext, input: readonly OrderRecord[] | CheckedOrders) {
  const { currency } = ctx.account;
  if (!(input instanceof CheckedOrders)) {
    const accepted = check(input, ctx.outcomes, (r) => orderRow(r, currency, ctx.origin.source));
    return { accepted, record: (index: number) => input[index] };
  }
  const { accepted, rejected } = input.checked(currency);
  for (const o of rejected.list) ctx.outcomes.list.push(o);
  return { accepted, record: (index: number) => input.record(index) };
}

/**
 * Returns the places in their customers' chains that the orders took or left, and whether the
 * orders were all new (`fresh`: none stored before, so the places are theirs); null when no order
 * won (then nothing is written, and `deferred` has not set the triggers aside).
 */
async function writeOrders(
  ctx: WriteContext,
  input: readonly OrderRecord[] | CheckedOrders,
  bulk: BulkStatistics | undefined,
  deferred: boolean,
): Promise<{ places: OrderPlace[]; fresh: boolean } | null> {
  const { tx, accountId } = ctx;
  const { accepted, record } = checkedOrders(ctx, input);
  // The orders' versions and their refunds' in one look-up (their customers' only where they are created: orderCustomerRefs).
  const stored = await versionsOfKinds(tx, accountId, {
    order: accepted.map((a) => a.row),
    refund: accepted.flatMap((a) => a.row.refunds),
  });
  const won = winners(accepted, stored.order!, ctx.outcomes);
  ctx.outcomes.stored(won);
  if (won.length === 0) return null;
  const rows = won.map((w) => w.row);
  const live = rows.filter((o) => !o.test);
  await inOrder(
    tx,
    async () => (deferred ? deferPrevious(tx) : undefined),
    () =>
      applyRefunds(
        ctx,
        live.flatMap((o) => o.refunds.map((row, index) => ({ index, row }))),
        new Outcomes(),
        stored.refund,
      ),
  );
  // The statistics (an ANALYZE changes plans), then the look-ups sent one behind the other (the refunds' sums go into the INSERT).
  await bulk?.refresh(tx, accountId);
  const [before, customers, refunded, items] = await inOrder(
    tx,
    () => ordersBefore(tx, accountId, rows),
    () => orderCustomerRefs(tx, accountId, orderCustomers(live)),
    () => refundedSums(tx, accountId, live),
    () => lineProducts(ctx, live),
  );
  for (const order of before.values()) markOrder(ctx, order);
  // A test order is kept in the ledger only; one that was stored as a real order leaves the orders (and its place).
  const removed = rows.flatMap((o) => (o.test ? [before.get(ledgerKey(o)) ?? []].flat() : []));
  await deleteOrderIds(
    tx,
    accountId,
    removed.map((o) => o.id),
  );
  const places: OrderPlace[] = removed.map((o) => ({ ...o, own: false }));
  // Sent ahead: the ledger rows while this process builds the INSERT, the waiting refunds' attachment while it makes the lines.
  const ledger = await ahead(tx, () =>
    saveLedger(
      tx,
      ledgerScope(ctx, 'order'),
      won.map(({ index, row }) => ({
        source: row.source,
        externalId: row.externalId,
        updatedAt: row.updatedAt,
        hash: row.hash,
        test: row.test,
        payload: row.test ? record(index) : undefined,
      })),
      won.every((w) => !stored.order!.has(ledgerKey(w.row))),
    ),
  );
  const writes: OrderWrite[] = live.map((row) => {
    const ref = row.customer ? customers.get(row.customer.externalId) : undefined;
    return { row, customerId: ref?.id ?? null, customerCountry: ref?.country ?? null, refunded: refunded.get(ledgerKey(row)) ?? '0' };
  });
  const ids = await writeOrderRows(tx, accountId, ctx.account.currency, writes, deferred, before.size === 0);
  const withRefunds = live.filter((o) => refunded.has(ledgerKey(o)));
  const attached = await ahead(tx, () => attachRefunds(tx, accountId, withRefunds));
  const lines: LineWrite[] = [];
  const replaced: number[] = [];
  for (const { row, customerId } of writes) {
    const orderKey = ledgerKey(row);
    const orderId = ids.get(orderKey)!;
    if (before.has(orderKey)) replaced.push(orderId);
    const skus: string[] = [];
    for (const l of row.lines) {
      const item = items.get(l.sku)!;
      lines.push({ orderId, itemId: item.id, sku: l.sku, quantity: l.quantity, unitPrice: l.unitPrice, unitCost: l.unitCost ?? item.unitCost });
      skus.push(l.sku);
    }
    markOrder(ctx, { placedAt: row.placedAt, customerId, skus });
    // An order that keeps its place in its customer's chains (a new total, a refund) moves nothing.
    const was = before.get(orderKey);
    if (was && was.customerId === customerId && was.placedAt.getTime() === row.placedAt.getTime() && was.cancelled === row.cancelled) continue;
    // A new order's own values came with its INSERT; a replaced one's are recomputed (ON CONFLICT keeps them).
    if (was) places.push({ ...was, own: false });
    places.push({ id: orderId, customerId, source: row.source, placedAt: row.placedAt, own: was !== undefined });
  }
  await replaceLines(tx, accountId, replaced, lines);
  await Promise.all([ledger.done, attached.done]);
  return { places, fresh: before.size === 0 };
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
