// Deletes (tombstones in the ledger, so an older update cannot bring a record back) and
// redaction (a customer's personal data; a whole shop's data).
import type { DeleteRecord, RecordKind } from './types.ts';
import { type Accepted, type WriteContext, check, ledgerScope, winners } from './batch.ts';
import { DELETED, REDACTED, RecordError, chargedDays, instant, key } from './rules.ts';
import { saveLedger, versions } from './repo.ts';
import { deleteOrders, settleRefunds } from './repo-orders.ts';
import { deleteRefunds } from './repo-refunds.ts';
import { deleteAdSpend, deleteCustomers, deleteExpenses, deleteProducts, eraseIntegration, redactCustomers as redact } from './repo-erase.ts';
import { AD_SPEND_SOURCE } from './commands.ts';

const KINDS: readonly RecordKind[] = ['order', 'refund', 'customer', 'product', 'ad_spend', 'expense'];
const AD_KEY = /^(meta_ads|google_ads):(.+):(\d{4}-\d{2}-\d{2})$/;

interface DeleteRow {
  source: string;
  kind: RecordKind;
  externalId: string;
  updatedAt: Date;
  hash: string;
}

function deleteRow(record: DeleteRecord, originSource: string): DeleteRow {
  if (!KINDS.includes(record?.kind)) throw new RecordError('kind', `must be one of ${KINDS.join(', ')}`);
  const externalId = key(record.externalId, 'externalId');
  if (record.kind === 'ad_spend' && !AD_KEY.test(externalId)) throw new RecordError('externalId', 'must be platform:campaignId:YYYY-MM-DD for ad spend');
  const source = record.kind === 'ad_spend' ? AD_SPEND_SOURCE : originSource;
  return { source, kind: record.kind, externalId, updatedAt: instant(record.deletedAt, 'deletedAt'), hash: DELETED };
}

/** Applies the deletes of one kind that won; marks what they changed. */
async function apply(ctx: WriteContext, kind: RecordKind, ids: string[]): Promise<void> {
  const { tx, accountId, origin, marks } = ctx;
  if (kind === 'order') {
    for (const o of await deleteOrders(tx, accountId, origin.source, ids))
      marks
        .at(o.placedAt)
        .customer(o.customerId)
        .sku(...o.skus);
  } else if (kind === 'refund') {
    const gone = await deleteRefunds(tx, accountId, origin.source, ids);
    for (const r of gone) marks.at(r.refundedAt);
    const orders = gone.map((r) => ({ source: origin.source, externalId: r.orderExternalId }));
    for (const o of await settleRefunds(tx, accountId, orders)) marks.at(o.placedAt).customer(o.customerId);
  } else if (kind === 'customer') {
    for (const id of await deleteCustomers(tx, accountId, ids)) marks.customer(id);
  } else if (kind === 'product') {
    marks.sku(...(await deleteProducts(tx, accountId, origin.source, ids)));
  } else if (kind === 'ad_spend') {
    const keys = ids.map((id) => {
      const [, platform = '', campaignId = '', date = ''] = AD_KEY.exec(id) ?? [];
      return { platform, campaignId, date };
    });
    for (const day of await deleteAdSpend(tx, accountId, keys)) marks.day(day);
  } else {
    for (const day of (await deleteExpenses(tx, accountId, ids)).flatMap((span) => chargedDays(span))) marks.day(day);
  }
}

export async function deleteRecords(ctx: WriteContext, records: readonly DeleteRecord[]): Promise<void> {
  const accepted = check(records, ctx.outcomes, (r) => deleteRow(r, ctx.origin.source));
  for (const kind of KINDS) {
    const mine: Array<Accepted<DeleteRow>> = accepted.filter((a) => a.row.kind === kind);
    if (mine.length === 0) continue;
    const stored = await versions(
      ctx.tx,
      ctx.accountId,
      kind,
      mine.map((a) => a.row),
    );
    const won = winners(mine, stored, ctx.outcomes);
    ctx.outcomes.stored(won);
    await apply(
      ctx,
      kind,
      won.map((w) => w.row.externalId),
    );
    await saveLedger(
      ctx.tx,
      ledgerScope(ctx, kind),
      won.map((w) => ({ ...w.row, deletedAt: w.row.updatedAt })),
    );
  }
}

/**
 * Erases customers' personal data, keeping their orders and every figure (anonymous). The
 * ledger keeps a tombstone as of now, so a customer record older than the redaction cannot
 * bring the data back, nor an order that names the customer bring them back with their details;
 * an unknown customer gets the same tombstone.
 */
export async function redactCustomers(ctx: WriteContext, externalIds: readonly string[]): Promise<void> {
  const accepted = check(externalIds, ctx.outcomes, (id) => ({ externalId: key(id, 'externalId') }));
  const found = await redact(
    ctx.tx,
    ctx.accountId,
    ctx.origin.source,
    accepted.map((a) => a.row.externalId),
  );
  const now = new Date();
  // A customer not stored yet (the request came before the backfill or the order that brings
  // them) gets its tombstone too: whatever arrives later about them is stored without their
  // personal data.
  const done = accepted;
  ctx.outcomes.stored(done);
  for (const id of found.values()) ctx.marks.customer(id);
  await saveLedger(
    ctx.tx,
    ledgerScope(ctx, 'customer'),
    done.map((a) => ({ source: ctx.origin.source, externalId: a.row.externalId, updatedAt: now, hash: REDACTED, deletedAt: now })),
  );
}

/**
 * Deletes everything the shop (the origin's integration) wrote to the account; another shop of
 * the same platform, files and the seed keep theirs. A write without an integration is refused.
 */
export async function redactShop(ctx: WriteContext): Promise<void> {
  const { integrationId, source } = ctx.origin;
  if (integrationId === null) {
    ctx.outcomes.reject(0, source, 'integrationId', 'a shop is erased by its integration; this write has none');
    return;
  }
  const erased = await eraseIntegration(ctx.tx, ctx.accountId, source, integrationId, ctx.account.timezone);
  for (const day of [...erased.days, ...erased.spans.flatMap((span) => chargedDays(span))]) ctx.marks.day(day);
  ctx.marks.sku(...erased.skus);
  ctx.outcomes.store(0, source);
}
