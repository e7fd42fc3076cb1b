// A backfill stream's prepared batches fed to ONE bulk write for the whole download (the orders:
// one bulkUpsertOrders call, docs/connectors/shopify-sync.md). One call per batch made each batch
// pay what the bulk path does once per call: its first batch is checked (validation, content
// hash) inside its transaction while the database waits, and the next transaction starts only
// after the call has taken the records in. Fed as one stream, each batch is checked while the
// previous one is written and the transactions follow each other directly (as bench:ingest).
// The stream's position is stored after each transaction commits (the bulk path's `progress`),
// at the last batch boundary at or before the records committed, before the next transaction
// starts (one UPDATE; the next batch is checked meanwhile). A stop (the signal) or a failed
// position save ends the feed before the bulk write starts another transaction: nothing more is
// written after them.
import { bulkBatchSize, type IngestionResult } from '../../domain/ingestion/index.ts';

/** Where a resume starts after a batch (its first line and byte), and how many records (upstream's) the batch held. */
export interface FeedPosition {
  linesDone: number;
  bytesDone: number;
  records: number;
}

/**
 * A feed of batches to one bulk write of `batchSize` records a transaction. `write` starts it
 * (with the records and the progress callback to pass on); `committed` stores the position
 * after the batches a transaction completed. `push` waits until its batch has all been taken.
 */
export function bulkFeed<T>(
  batchSize: number,
  signal: AbortSignal | undefined,
  write: (records: AsyncIterable<T>, size: number, progress: (counts: IngestionResult['counts']) => void) => Promise<IngestionResult>,
  committed: (at: FeedPosition, counts: IngestionResult['counts']) => Promise<void>,
) {
  // The feed's batches must be the write's transactions (bulk.ts clamps the size the same way).
  const size = bulkBatchSize(batchSize);
  const queue: T[][] = [];
  /** The batches pushed, each with the number of records pushed up to its end. */
  const marks: Array<{ end: number; at: FeedPosition }> = [];
  let pushed = 0;
  let taken = 0;
  /** Records the write has committed and whose position (if they completed a batch) is stored. */
  let stored = 0;
  let ended = false;
  let failure = null as { error: unknown } | null;
  let saving = Promise.resolve();
  let wake = () => {};
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const notify = () => {
    const resolve = wake;
    changed = new Promise<void>((r) => (wake = r));
    resolve();
  };
  const fail = (error: unknown) => {
    failure ??= { error };
    notify();
  };
  const check = () => {
    if (failure) throw failure.error;
  };
  /** Before a transaction is started: the one before has committed, and no stop or failed save since. */
  async function settled(records: number): Promise<void> {
    while (stored < records && !failure) await changed;
    if (failure) throw failure.error;
    signal?.throwIfAborted();
  }

  /** Resolves once the write has taken `records` records (or the feed failed: then rejects). */
  async function untilTaken(records: number): Promise<void> {
    while (taken < records && !failure) await changed;
    check();
  }

  async function* records(): AsyncGenerator<T> {
    let at = 0;
    for (;;) {
      if (failure) throw failure.error;
      const head = queue[0];
      if (!head) {
        if (ended) {
          // The last (partial) batch starts once every full one has committed.
          await settled(taken - (taken % size));
          return;
        }
        await changed;
        continue;
      }
      // This record completes a batch: the bulk write starts it once the batch before has committed.
      if ((taken + 1) % size === 0 && taken + 1 > size) await settled(taken + 1 - size);
      const record = head[at]!;
      // Taken: the queue no longer holds it, so a record the write has checked is garbage at once
      // (the batch's array stays queued until its last record, which waits for the batch before).
      head[at++] = undefined as T;
      taken++;
      if (at === head.length) {
        queue.shift();
        at = 0;
        notify();
      }
      yield record;
    }
  }

  const progress = (counts: IngestionResult['counts']) => {
    const done = counts.stored + counts.skipped + counts.rejected;
    let at: FeedPosition | null = null;
    let records = 0;
    while (marks.length && marks[0]!.end <= done) {
      at = marks.shift()!.at;
      records += at.records;
    }
    const position = at && { ...at, records };
    saving = saving
      .then(async () => {
        if (position && !failure) await committed(position, counts);
        stored = done;
        notify();
      })
      .catch(fail);
  };

  const result = write(records(), size, progress);
  result.catch(fail);

  return {
    /**
     * Hands a batch to the write; resolves once the write has taken it all (its last record waits
     * for the batch before to commit), so the caller fills the next batch while this one is written:
     * one batch is held beyond the one being written, not two.
     */
    push(batch: T[], at: FeedPosition): Promise<void> {
      if (failure) return Promise.reject(failure.error);
      pushed += batch.length;
      marks.push({ end: pushed, at });
      if (batch.length) queue.push(batch);
      notify();
      // The wait holds no reference to the batch: its records die as the write takes them.
      return untilTaken(pushed);
    },
    /** No more batches: the write's result once it and the last position save are done. */
    async end(): Promise<IngestionResult> {
      ended = true;
      notify();
      try {
        const answer = await result;
        await saving;
        check();
        return answer;
      } finally {
        await saving;
      }
    },
    /** The download failed: the write ends after the transaction it is in (its position stored). */
    async abandon(error: unknown): Promise<void> {
      fail(error);
      await result.catch(() => {});
      await saving;
    },
  };
}
