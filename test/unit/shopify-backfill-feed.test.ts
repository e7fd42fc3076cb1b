// The Shopify backfill's feed of batches to one bulk write (src/connectors/shopify/backfill-feed.ts)
// against a write that behaves as the ingestion bulk path does (bulk.ts: records taken one by one,
// a transaction started once a batch is full and the one before has committed, progress after
// each commit): every record once and in order, positions stored after the batches a transaction
// completed (also when the connector's batches and the write's differ), and a stop or a failed
// position save ending the write before it starts another transaction.
import type { IngestionResult } from '../../src/domain/ingestion/index.ts';
import { bulkFeed, type FeedPosition } from '../../src/connectors/shopify/backfill-feed.ts';

type Counts = IngestionResult['counts'];

/** A bulk write of `size` records a transaction: the transactions it ran, in order. */
function bulkWrite(transactions: number[][]) {
  return async (records: AsyncIterable<number>, size: number, progress: (counts: Counts) => void): Promise<IngestionResult> => {
    let stored = 0;
    let writing = Promise.resolve();
    const start = (batch: number[]) => {
      writing = writing.then(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        transactions.push(batch);
        stored += batch.length;
        progress({ stored, skipped: 0, rejected: 0 });
      });
    };
    let batch: number[] = [];
    try {
      for await (const record of records) {
        batch.push(record);
        if (batch.length < size) continue;
        await writing;
        start(batch);
        batch = [];
      }
    } catch (error) {
      await writing.catch(() => {});
      throw error;
    }
    await writing;
    if (batch.length) start(batch);
    await writing;
    return { outcomes: [], counts: { stored, skipped: 0, rejected: 0 }, changes: { days: [], customerIds: [], skus: [] } };
  };
}

const at = (n: number, records: number): FeedPosition => ({ linesDone: n * 10, bytesDone: n * 100, records });

test('every record reaches the write once, in order; a position is stored after each commit, at the last batch it completed', async () => {
  const transactions: number[][] = [];
  const saved: FeedPosition[] = [];
  const feed = bulkFeed<number>(4, undefined, bulkWrite(transactions), async (position) => {
    saved.push(position);
  });
  // The connector's batches of 3 (one record of the second dropped: an order gone upstream) against transactions of 4.
  await feed.push([1, 2, 3], at(1, 3));
  await feed.push([4, 5], at(2, 3));
  await feed.push([6, 7, 8], at(3, 3));
  await feed.push([9], at(4, 1));
  const result = await feed.end();
  expect(result.counts.stored).toBe(9);
  expect(transactions).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
  // After 4 records: the first batch (3) is whole, the second (5) not; after 8: both of the next; after 9: the last.
  expect(saved).toEqual([
    { ...at(1, 3), records: 3 },
    { ...at(3, 3), records: 6 },
    { ...at(4, 1), records: 1 },
  ]);
});

test('a stop after a commit: the write starts no other transaction, the position of the committed one is stored', async () => {
  const transactions: number[][] = [];
  const saved: FeedPosition[] = [];
  const stop = new AbortController();
  const feed = bulkFeed<number>(2, stop.signal, bulkWrite(transactions), async (position) => {
    saved.push(position);
    stop.abort(new Error('worker stopped'));
  });
  const pushing = (async () => {
    for (let n = 0; n < 5; n++) await feed.push([2 * n, 2 * n + 1], at(n + 1, 2));
  })();
  await expect(pushing).rejects.toThrow('worker stopped');
  await feed.abandon(new Error('worker stopped'));
  expect(transactions).toEqual([[0, 1]]);
  expect(saved).toEqual([{ ...at(1, 2), records: 2 }]);
});

test('a failed position save (the stream taken over by a re-sync) ends the write after its transaction and is what the feed throws', async () => {
  const transactions: number[][] = [];
  const feed = bulkFeed<number>(2, undefined, bulkWrite(transactions), async () => {
    throw new Error('taken over');
  });
  const pushing = (async () => {
    for (let n = 0; n < 5; n++) await feed.push([2 * n, 2 * n + 1], at(n + 1, 2));
    await feed.end();
  })();
  await expect(pushing).rejects.toThrow('taken over');
  await feed.abandon(new Error('ended'));
  expect(transactions).toEqual([[0, 1]]);
});
