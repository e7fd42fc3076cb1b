// The bulk path (bulkUpsertOrders): batches written one after another, each in its own
// transaction, while the next one is read and checked. Checking (validation and the content hash)
// is most of the loading process's own work per order; done as each record is read, it runs while
// the database executes the previous batch's statements instead of inside the next transaction,
// where the database would wait for it.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { BulkOptions, ChangeSet, IngestionResult, OrderRecord } from './types.ts';
import { type Accepted, type WriteContext, Outcomes, checkOne } from './batch.ts';
import { type OrderRow, orderRow } from './validate.ts';

/** Records checked between two turns of the event loop (about 3 ms), so the batch being written sends its next statement soon. */
const CHECKS_PER_TURN = 100;
/** The most records one bulk transaction takes; a larger batch size is clamped to it (bulkBatchSize). */
const MAX_BATCH = 10_000;

/** The records a bulk write puts in one transaction for the batch size asked: 1 to MAX_BATCH. */
export const bulkBatchSize = (asked: number): number => Math.max(1, Math.min(asked, MAX_BATCH));

/**
 * A batch of order records, each checked as it is added against the account's currency once a
 * transaction has read it (the first batch's are checked in its own transaction). A record is
 * kept only where the write needs it (a test order's payload) or may check it again (a rejected
 * one): the others become garbage at once, young, instead of living through the transaction. A
 * batch checked against another currency than its transaction's is settled as a check against
 * that currency would have: an accepted record is rejected for its currency (the one it was
 * accepted with; every check before the currency's does not depend on it), a rejected one is
 * checked again.
 */
export class CheckedOrders {
  private count = 0;
  private pending: OrderRecord[] = [];
  private accepted: Array<Accepted<OrderRow>> = [];
  private rejected = new Outcomes();
  /** The records kept by index: test orders' and rejected ones'. */
  private readonly kept = new Map<number, OrderRecord>();
  private currency: string | null = null;

  constructor(
    private readonly source: string,
    private readonly known: () => string | null,
  ) {}

  get size(): number {
    return this.count;
  }

  add(record: OrderRecord): void {
    this.pending.push(record);
    this.count++;
    const currency = this.currency ?? this.known();
    if (currency !== null) this.checkPending(currency);
  }

  /** A record the write needs (a test order's payload). */
  record(index: number): OrderRecord | undefined {
    return this.kept.get(index);
  }

  /** The accepted records and the rejected ones' outcomes (indexes within the batch), as checked against this currency. */
  checked(currency: string): { accepted: ReadonlyArray<Accepted<OrderRow>>; rejected: Outcomes } {
    if (this.currency !== null && this.currency !== currency) this.recheck(currency);
    this.checkPending(currency);
    return { accepted: this.accepted, rejected: this.rejected };
  }

  private checkPending(currency: string): void {
    this.currency = currency;
    const first = this.count - this.pending.length;
    this.pending.forEach((record, i) => this.checkOne(record, first + i, currency));
    this.pending = [];
  }

  private checkOne(record: OrderRecord, index: number, currency: string): void {
    const before = this.accepted.length;
    checkOne(record, index, this.accepted, this.rejected, (r) => orderRow(r, currency, this.source));
    if (this.accepted.length === before || this.accepted[before]!.row.test) this.kept.set(index, record);
  }

  private recheck(currency: string): void {
    const was = this.currency!;
    const accepted = this.accepted;
    const rejected = this.rejected.list;
    this.accepted = [];
    this.rejected = new Outcomes();
    for (const a of accepted) {
      this.rejected.reject(a.index, a.row.externalId, 'currency', `is ${was}, the account's currency is ${currency}`);
      this.kept.delete(a.index);
    }
    for (const r of rejected) {
      const record = this.kept.get(r.index)!;
      this.kept.delete(r.index);
      this.checkOne(record, r.index, currency);
    }
    this.currency = currency;
  }
}

/** The running result of a bulk load: counts, the changes, and only the records not stored (a million stored ones stay counts). */
function bulkResult() {
  const days = new Set<string>();
  const customers = new Set<number>();
  const skus = new Set<string>();
  const result: IngestionResult = { outcomes: [], counts: { stored: 0, skipped: 0, rejected: 0 }, changes: { days: [], customerIds: [], skus: [] } };
  return {
    add(batch: IngestionResult): void {
      for (const o of batch.outcomes) if (o.outcome !== 'stored') result.outcomes.push(o);
      result.counts.stored += batch.counts.stored;
      result.counts.skipped += batch.counts.skipped;
      result.counts.rejected += batch.counts.rejected;
      batch.changes.days.forEach((d) => days.add(d));
      batch.changes.customerIds.forEach((c) => customers.add(c));
      batch.changes.skus.forEach((s) => skus.add(s));
    },
    counts: () => ({ ...result.counts }),
    done(): IngestionResult {
      const changes: ChangeSet = { days: [...days].sort(), customerIds: [...customers].sort((a, b) => a - b), skus: [...skus].sort() };
      return { ...result, changes };
    },
  };
}

/** Runs one batch's work in its own transaction (outcomes' indexes moved by `offset`). */
export type RunBatch = (work: (ctx: WriteContext) => Promise<void>, offset: number) => Promise<IngestionResult>;

/**
 * The records in batches of `batchSize` (default 2,000, at most 10,000), each written by `write`
 * in a transaction of its own after the one before has committed; the next batch is read and
 * checked meanwhile. If the records fail mid-way, the call ends once the batch being written has.
 */
export async function bulkOrders(
  source: string,
  records: AsyncIterable<OrderRecord> | Iterable<OrderRecord>,
  options: BulkOptions,
  run: RunBatch,
  write: (ctx: WriteContext, batch: CheckedOrders) => Promise<void>,
  defaultBatch: number,
): Promise<IngestionResult> {
  const size = bulkBatchSize(options.batchSize ?? defaultBatch);
  const total = bulkResult();
  // The account's currency as the last transaction read it: the next batch is checked against it.
  let known: string | null = null;
  let offset = 0;
  let writing: Promise<void> = Promise.resolve();
  const start = (batch: CheckedOrders) => {
    const at = offset;
    offset += batch.size;
    writing = writing.then(async () => {
      const result = await run((ctx) => {
        known = ctx.account.currency;
        return write(ctx, batch);
      }, at);
      total.add(result);
      options.progress?.(total.counts());
    });
    // Its failure is thrown where it is awaited (the next batch, or the end), not reported as unhandled meanwhile.
    writing.catch(() => {});
  };
  const next = () => new CheckedOrders(source, () => known);
  let batch = next();
  let turn = 0;
  try {
    for await (const record of records) {
      batch.add(record);
      if (++turn === CHECKS_PER_TURN) {
        turn = 0;
        await nextTurn();
      }
      if (batch.size < size) continue;
      await writing;
      start(batch);
      batch = next();
    }
  } catch (error) {
    // The records failed (a file that cannot be read): the call ends when the batch being written has.
    await writing.catch(() => {});
    throw error;
  }
  await writing;
  if (batch.size > 0) start(batch);
  await writing;
  return total.done();
}
