// Group commit for one account's order writes in this process. An account's writes are serialized
// (each transaction locks the account row), so orders arriving one by one faster than one
// transaction takes would queue, each holding a pooled connection while it waits for the lock.
// Instead, a write that arrives while another write of the same account runs here waits in
// memory, and the writes that waited go in one transaction together (the same origin, in arrival
// order, up to COMBINED_RECORDS records): one lock, one set of statements, one catch-up mark. Each
// caller gets the outcomes of its own records, indexed as it sent them; a combined transaction
// that fails is run again caller by caller, so one caller's failure stays its own.
import type { IngestionResult, OrderRecord, Origin } from './types.ts';
import { countOutcomes } from './batch.ts';

type OrderWrite = (accountId: string, origin: Origin, records: readonly OrderRecord[]) => Promise<IngestionResult>;

interface Waiting {
  origin: Origin;
  records: readonly OrderRecord[];
  resolve(result: IngestionResult): void;
  reject(error: unknown): void;
}

/** At most this many records go in one combined transaction (a larger write runs alone). */
export const COMBINED_RECORDS = 500;

const sameOrigin = (a: Origin, b: Origin) => a.source === b.source && a.integrationId === b.integrationId && a.via === b.via;

/** A caller's share of a combined result: its outcomes re-indexed from 0, its counts. */
function share(result: IngestionResult, offset: number, length: number): IngestionResult {
  const outcomes = result.outcomes.filter((o) => o.index >= offset && o.index < offset + length).map((o) => ({ ...o, index: o.index - offset }));
  return { outcomes, counts: countOutcomes(outcomes), changes: result.changes };
}

/**
 * `write` with concurrent calls of one account combined (see above). The changes a caller gets
 * back are those of the transaction its records went in.
 */
export function combinedOrderWrites(write: OrderWrite, maxRecords = COMBINED_RECORDS): OrderWrite {
  /** Per account with a write running here: the writes waiting for it. */
  const queues = new Map<string, Waiting[]>();

  async function settle(accountId: string, group: Waiting[]): Promise<void> {
    if (group.length === 1) {
      const [only] = group;
      await write(accountId, only!.origin, only!.records).then(only!.resolve, only!.reject);
      return;
    }
    try {
      const result = await write(
        accountId,
        group[0]!.origin,
        group.flatMap((w) => w.records),
      );
      let offset = 0;
      for (const w of group) {
        w.resolve(share(result, offset, w.records.length));
        offset += w.records.length;
      }
    } catch {
      for (const w of group) await write(accountId, w.origin, w.records).then(w.resolve, w.reject);
    }
  }

  async function drain(accountId: string, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      // The longest prefix of one origin within the record limit (arrival order is kept).
      let records = 0;
      let take = 0;
      while (take < queue.length && sameOrigin(queue[take]!.origin, queue[0]!.origin) && (take === 0 || records + queue[take]!.records.length <= maxRecords)) {
        records += queue[take]!.records.length;
        take++;
      }
      await settle(accountId, queue.splice(0, take));
    }
    queues.delete(accountId);
  }

  return (accountId, origin, records) =>
    new Promise<IngestionResult>((resolve, reject) => {
      const waiting: Waiting = { origin, records, resolve, reject };
      const queue = queues.get(accountId);
      if (queue) {
        queue.push(waiting);
        return;
      }
      const fresh = [waiting];
      queues.set(accountId, fresh);
      void drain(accountId, fresh);
    });
}
