// The backfill (docs/connectors/shopify-sync.md): one Admin bulk operation per stream, one at a
// time per shop as Shopify requires: customers; then products with their variants' cost, inventory
// items and stock per location; then orders with lines, refunds and transactions (lines without a
// cost take the product's, so products come before orders), with one query per order whose lines
// have refunded units for the refunds' lines. Each stream's JSONL result is downloaded once and
// streamed line by line (never whole in memory), children joined to their parent by __parentId (by
// id, not position: Shopify writes a child after its parent, not necessarily directly after; a
// record stays open for a window of records). The orders' result is scanned first, as it
// downloads, for orders with a line beyond that window, and spooled to a temporary file that the
// join then reads (bulk-result.ts): those orders are read again whole through the Admin API
// instead (newer-wins would keep an order first written without a line: a rewrite with the same
// updatedAt does not always win); for other streams such a child fails the stream rather than
// join another record. Records are mapped and written through the ingestion commands in batches
// (the orders' fed to one bulk call for the whole download: backfill-feed.ts),
// the next batch read, joined and mapped while the previous one is written; after each batch the
// stream's position (lines, records, bytes) is stored, so an interrupted backfill resumes after
// the last stored batch (and newer-wins makes any repeat a no-op).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { IngestionResult, Origin } from '../../domain/ingestion/index.ts';
import { BACKFILL_PREFIX, type SyncStreamsService } from '../../domain/integrations/index.ts';
import { ShopifyApiError } from './admin-client.ts';
import { BACKFILL_STREAMS, type BackfillContext, type Group, type Line } from './backfill-streams.ts';
import { awaitOperation, startOperation } from './bulk-operation.ts';
import { lateParentScan, spoolAndScan, streamedLines, type Spool } from './bulk-result.ts';
import { bulkFeed } from './backfill-feed.ts';

export { BACKFILL_BATCH, BACKFILL_ORDER, BACKFILL_STREAMS, type BackfillContext } from './backfill-streams.ts';
export type { BulkOperation } from './bulk-operation.ts';

/**
 * Records read between two turns of the event loop (about 2-4 ms of parsing, joining and mapping).
 * The spool's lines come from a buffered file without a turn for a whole chunk or more (tens of
 * ms): meanwhile the batch being written could not send its next statement, and the server waited.
 */
const RECORDS_PER_TURN = 32;

/**
 * Runs (or continues) one backfill stream. Answers `done` when the stream is completed, `waiting`
 * when its operation (or another of the shop's) is still running.
 */
export async function backfillStream(ctx: BackfillContext, name: keyof typeof BACKFILL_STREAMS): Promise<'done' | 'waiting'> {
  const key = BACKFILL_PREFIX + name;
  const save = (patch: Parameters<SyncStreamsService['saveStream']>[3]) => ctx.streams.saveStream(ctx.accountId, ctx.integrationId, key, patch);
  let state = await ctx.streams.getStream(ctx.accountId, ctx.integrationId, key);
  if (state?.phase === 'completed') return 'done';
  if (!state?.operationId) {
    const op = await startOperation(ctx, BACKFILL_STREAMS[name]!.query);
    if (!op) {
      await save({ phase: 'queued' });
      return 'waiting';
    }
    await save({
      phase: 'running',
      operationId: op.id,
      startedAt: state?.startedAt ?? new Date(),
      linesDone: 0,
      recordsDone: 0,
      bytesDone: 0,
      lastError: null,
    });
    state = await ctx.streams.getStream(ctx.accountId, ctx.integrationId, key);
  }
  const operationId = state!.operationId!;
  try {
    const op = await awaitOperation(ctx, operationId);
    if (!op) return 'waiting';
    const ours = guarded(ctx, key, operationId);
    if (op.status !== 'COMPLETED') {
      // FAILED, CANCELED or EXPIRED: the next run starts a new operation for this stream.
      await ours({ phase: 'failed', operationId: null, lastError: `bulk operation ${op.status.toLowerCase()}${op.errorCode ? ` (${op.errorCode})` : ''}` });
      throw new ShopifyApiError(`bulk operation for ${name} ended ${op.status}`, 200);
    }
    await ours({ phase: 'downloading', bytesTotal: op.fileSize ? Number(op.fileSize) : 0 });
    if (op.url) await download(ctx, name, op.url, state!, ours);
    await ours({ phase: 'completed', finishedAt: new Date(), lastError: null });
    return 'done';
  } catch (error) {
    // A re-sync started the backfill over while this run read it: the next run does it again.
    if (error instanceof StreamTakenOver) return 'waiting';
    throw error;
  }
}

/** The stream no longer runs this run's operation (a re-sync reset it, or another run took it over). */
class StreamTakenOver extends Error {}

/** Saves a stream's progress only while it still runs `operationId`; else StreamTakenOver, so that nothing stale is written back. */
function guarded(ctx: BackfillContext, key: string, operationId: string) {
  return async (patch: Parameters<SyncStreamsService['saveStream']>[3]) => {
    if (!(await ctx.streams.updateStream(ctx.accountId, ctx.integrationId, key, operationId, patch))) throw new StreamTakenOver(key);
  };
}

type WebStream = import('node:stream/web').ReadableStream;

/** A bulk operation's result, as a stream of bytes. */
async function getResult(ctx: BackfillContext, url: string, save: ReturnType<typeof guarded>): Promise<WebStream> {
  const response = await ctx.fetch(url, { signal: ctx.signal });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    // The result's URL expires (7 days): the next run starts the stream's operation over.
    if ([403, 404, 410].includes(response.status)) await save({ phase: 'failed', operationId: null, linesDone: 0, bytesDone: 0 });
    throw new ShopifyApiError(`bulk result download: HTTP ${response.status}`, response.status);
  }
  return response.body as WebStream;
}

async function download(
  ctx: BackfillContext,
  name: keyof typeof BACKFILL_STREAMS,
  url: string,
  from: { linesDone: number; recordsDone: number; bytesDone: number },
  save: ReturnType<typeof guarded>,
) {
  const origin: Origin = { source: 'shopify', integrationId: ctx.integrationId, via: 'connector' };
  const stream = BACKFILL_STREAMS[name]!;
  /** How far (in records) a child may come after its parent and still join it. */
  const limit = ctx.batchSize;
  /** How many records a record stays open after it (children join only open records). */
  let window = limit;
  // Records with a child beyond the limit: read again whole (reread) rather than joined. Their
  // scan needs the whole result first: it is spooled to a file as it downloads, and joined from there.
  let spool: Spool | null = null;
  let late = new Set<string>();
  if (stream.reread) {
    const scan = lateParentScan(limit, stream.flat);
    spool = await spoolAndScan(await getResult(ctx, url, save), scan.scan);
    late = scan.late;
    // The scan saw every child's distance from its parent: the join keeps no record open longer than needed.
    window = Math.min(limit, scan.maxLag());
  }
  const lines = spool ? spool.lines() : streamedLines(await getResult(ctx, url, save));
  let lineNo = 0;
  /** Top-level records read (for the turns of the event loop). */
  let read = 0;
  let { linesDone, recordsDone, bytesDone } = from;
  let bytes = 0;
  /**
   * The open records in file order, each with its first line and byte offset. Shopify writes a
   * child after its parent, not directly after: a record stays open while the next `window`
   * records are read, and children join their parent by id (`index`: every id of an open record's
   * lines, nested objects' too, e.g. a variant's inventoryItem).
   */
  const open: (Group & { line: number; bytes: number; ids: string[] })[] = [];
  const index = new Map<string, (typeof open)[number]>();
  /** Records read since a resumed download's first line (its records before it are written). */
  let resumedRecords = from.linesDone > 0 ? 0 : null;
  /** The closed records of the batch being filled, mapped as each closes (its parsed lines are garbage at once, young). */
  let batch: unknown[] = [];
  let batchRecords = 0;
  let rejected = 0;
  let firstRejection: string | null = null;
  /** The batch being written and its position saved; the next one is read and prepared meanwhile. */
  let writing = null as Promise<void> | null;
  const rejection = (rejected: number) => (rejected ? `${rejected} records rejected${firstRejection ? ` (first: ${firstRejection})` : ''}` : null);
  /** A stream written in one bulk call: its batches are fed to it, and its position stored as each transaction commits. */
  const feed =
    stream.bulk &&
    bulkFeed<unknown>(
      ctx.batchSize,
      ctx.signal,
      (records, size, progress) => stream.bulk!(ctx, origin, records, size, progress),
      async (at, counts) => {
        recordsDone += at.records;
        ({ linesDone, bytesDone } = at);
        await save({ linesDone, recordsDone, bytesDone, lastError: rejection(counts.rejected) });
      },
    );

  const tally = (r: IngestionResult) => {
    rejected += r.counts.rejected;
    const bad = r.outcomes.find((o) => o.outcome === 'rejected');
    if (bad && !firstRejection && bad.outcome === 'rejected') firstRejection = `${bad.externalId}: ${bad.field} ${bad.reason}`;
  };
  // Every line of the download passes here: a for-in walk, not Object.entries' arrays (JSON.parse's objects have no inherited keys).
  const ids = (value: Record<string, unknown>, into: string[] = []) => {
    if (typeof value.id === 'string') into.push(value.id);
    for (const key in value) {
      const v = value[key];
      if (key !== '__parentId' && v && typeof v === 'object' && !Array.isArray(v)) ids(v as Record<string, unknown>, into);
    }
    return into;
  };
  const remember = (group: (typeof open)[number], line: Line) => {
    for (const id of stream.flat ? [line.id] : ids(line))
      if (!index.has(id)) {
        index.set(id, group);
        group.ids.push(id);
      }
  };

  /** Closes the oldest open record: mapped into the batch (read again whole first if a line of it comes too late); a full batch is written. */
  async function close(next: { line: number; bytes: number }) {
    const g = open.shift()!;
    for (const id of g.ids) index.delete(id);
    // Gone upstream since the operation ran: nothing to write (the reconciliation reads what is there now).
    const whole = late.has(g.parent.id) ? await stream.reread!(ctx, g.parent.id) : { parent: g.parent, children: g.children };
    if (whole) {
      const items = stream.prepare(ctx, [whole]);
      for (const item of items instanceof Promise ? await items : items) batch.push(item);
    }
    batchRecords++;
    // The position after the batch: the first line of the first record not in it.
    if (batchRecords === ctx.batchSize) await flush(open[0] ?? next);
  }

  /** Writes the batch once the previous one is written, then stores the position after it. */
  async function flush(next: { line: number; bytes: number }) {
    ctx.signal?.throwIfAborted();
    if (!batchRecords) return;
    const prepared = batch;
    const records = batchRecords;
    const after = { linesDone: next.line, bytesDone: next.bytes };
    batch = [];
    batchRecords = 0;
    if (feed) return feed.push(prepared, { ...after, records });
    await writing;
    // A stop requested while the previous batch was written: its position is stored, nothing more is written.
    ctx.signal?.throwIfAborted();
    writing = (async () => {
      const results = await stream.write!(ctx, origin, prepared);
      for (const r of results) tally(r);
      recordsDone += records;
      ({ linesDone, bytesDone } = after);
      await save({ linesDone, recordsDone, bytesDone, lastError: rejection(rejected) });
    })();
    // Its failure is thrown where it is awaited (the next batch, or the end), not reported as unhandled meanwhile.
    writing.catch(() => {});
  }

  try {
    for await (const { text, bytes: size } of lines) {
      if (lineNo++ < from.linesDone || !text.trim()) {
        bytes += size;
        continue;
      }
      const line = JSON.parse(text) as Line;
      if (line.__parentId) {
        const group = index.get(line.__parentId);
        if (group) {
          group.children.push(line);
          if (!stream.flat) remember(group, line);
        } else if (late.has(line.__parentId)) {
          // Its parent is read again whole.
        } else if (resumedRecords === null || resumedRecords > window) {
          // Never attached to another record: the stream fails, visibly, and its operation is run again.
          const message = `bulk result line ${lineNo}: ${line.id} names its parent ${line.__parentId}, which is not among the last ${window} records read (Shopify wrote it further from its parent)`;
          const error = new ShopifyApiError(message, 200);
          // The batch being written ends first, so that its position save does not follow the reset.
          await writing?.catch(() => {});
          await feed?.abandon(error);
          await save({ phase: 'failed', operationId: null, linesDone: 0, bytesDone: 0, lastError: message });
          throw error;
        }
        // Else: a resumed download re-reads the children of records written before it stopped.
      } else {
        if (resumedRecords !== null) resumedRecords++;
        const here = { line: lineNo - 1, bytes };
        // The oldest open record has had its window: its children are all read.
        while (open.length > window) await close(here);
        const group = { parent: line, children: [], ...here, ids: [] };
        open.push(group);
        remember(group, line);
        if (++read % RECORDS_PER_TURN === 0) await nextTurn();
      }
      bytes += size;
    }
    const end = { line: lineNo, bytes };
    while (open.length) await close(end);
    await flush(end);
    await writing;
    if (feed) {
      tally(await feed.end());
      // The first rejected record is known once the bulk call answers.
      if (rejected) await save({ lastError: rejection(rejected) });
    }
  } catch (error) {
    await feed?.abandon(error);
    throw error;
  } finally {
    // A failure while the next batch was read or prepared: the call ends once the batch being written has (its position stored).
    await writing?.catch(() => {});
    await lines.return(undefined);
    await spool?.remove();
  }
}
