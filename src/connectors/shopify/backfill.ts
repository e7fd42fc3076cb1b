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
// join another record. Records are mapped and written through the ingestion commands in batches,
// the next batch read, joined and mapped while the previous one is written; after each batch the
// stream's position (lines, records, bytes) is stored, so an interrupted backfill resumes after
// the last stored batch (and newer-wins makes any repeat a no-op).
import type { IngestionResult, IngestionService, InventoryLevelRecord, OrderRecord, Origin } from '../../domain/ingestion/index.ts';
import { BACKFILL_PREFIX, type SyncStreamsService } from '../../domain/integrations/index.ts';
import type { ConnectorStock } from '../../domain/connections/index.ts';
import { ShopifyApiError, type AdminClient } from './admin-client.ts';
import { CUSTOMER_FIELDS, LINE_FIELDS, ORDER_FIELDS, VARIANT_FIELDS, isInventoryLevel, mapCustomer, mapOrder, mapVariant } from './map-graphql.ts';
import type { GqlCustomer, GqlInventoryLevel, GqlLineItem, GqlOrder, GqlProduct, GqlVariant } from './map-graphql.ts';
import { readOrder, refundLines, refundsHaveLines } from './order-reads.ts';
import { lateParentScan, spoolAndScan, streamedLines, type Spool } from './bulk-result.ts';

type Line = Record<string, unknown> & { id: string; __parentId?: string };
type Group = { parent: Line; children: Line[] };

interface StreamDef<Batch = unknown> {
  query: string;
  /**
   * Maps a batch's records (and reads what the bulk result lacks) while the previous batch is
   * written: no database access here, only the upstream's.
   */
  prepare(ctx: BackfillContext, groups: Group[]): Promise<Batch> | Batch;
  write(ctx: BackfillContext, origin: Origin, batch: Batch): Promise<IngestionResult[]>;
  /**
   * Reads a record again through the Admin API, whole, as the bulk line's group (null: it is gone).
   * A stream that has it scans its result for children written beyond the window first, and reads
   * those records this way instead of joining them (so none is ever written without a child);
   * without it, such a child fails the stream.
   */
  reread?(ctx: BackfillContext, id: string): Promise<Group | null>;
}

/** A stream's definition, its batch's type checked between prepare and write. */
const defineStream = <Batch>(def: StreamDef<Batch>) => def as StreamDef;

/** A batch of products, mapped: each variant as a product with its inventory item and stock per location. */
function mapProducts(groups: Group[]) {
  return groups.flatMap((g) => {
    // An inventory level's line names its variant (or, by another reading of the nesting, its inventory item).
    const levels = new Map<string, GqlInventoryLevel[]>();
    for (const c of g.children)
      if (isInventoryLevel(c.id)) levels.set(c.__parentId!, [...(levels.get(c.__parentId!) ?? []), c as unknown as GqlInventoryLevel]);
    return g.children
      .filter((c) => !isInventoryLevel(c.id))
      .map((line) => {
        const v = line as unknown as GqlVariant;
        return mapVariant(g.parent as unknown as GqlProduct, v, [...(levels.get(v.id) ?? []), ...(levels.get(v.inventoryItem.id) ?? [])]);
      });
  });
}

/**
 * A batch of products: the variants as products, their inventory items' SKUs and their stock per
 * location recorded (as inventory_levels/update webhooks find them later), and each SKU's level as
 * the sum over its locations.
 */
async function writeProducts(ctx: BackfillContext, origin: Origin, mapped: ReturnType<typeof mapProducts>): Promise<IngestionResult[]> {
  const products = await ctx.ingestion.upsertProducts(
    ctx.accountId,
    origin,
    mapped.map((m) => m.product),
  );
  const { stock } = ctx;
  await stock.rememberItemSkus(
    ctx.integrationId,
    mapped.map((m) => m.item),
  );
  // Every location of the batch in one statement, the totals of its items in one more.
  const totals = await stock.setStocks(
    ctx.integrationId,
    mapped.flatMap((m) => m.locations),
  );
  const levels: InventoryLevelRecord[] = [];
  for (const m of mapped) {
    if (m.inventory) levels.push(m.inventory);
    const total = m.locations.length ? totals.get(m.item.itemId) : undefined;
    if (total) levels.push({ sku: total.sku, available: total.available, updatedAt: total.updatedAt.toISOString() });
  }
  return [products, await ctx.ingestion.setInventoryLevels(ctx.accountId, origin, levels)];
}

export const BACKFILL_STREAMS: Record<string, StreamDef> = {
  customers: defineStream({
    query: `{ customers { edges { node { ${CUSTOMER_FIELDS} } } } }`,
    prepare: (_ctx, groups) => groups.map((g) => mapCustomer(g.parent as unknown as GqlCustomer)),
    write: async ({ ingestion, accountId }, origin, records) => [await ingestion.upsertCustomers(accountId, origin, records)],
  }),
  products: defineStream({
    query: `{ products { edges { node { id title variants { edges { node { ${VARIANT_FIELDS} } } } } } } }`,
    prepare: (_ctx, groups) => mapProducts(groups),
    write: writeProducts,
  }),
  orders: defineStream({
    query: `{ orders { edges { node { ${ORDER_FIELDS} lineItems { edges { node { ${LINE_FIELDS} } } } } } } }`,
    reread: async (ctx, id) => {
      const order = await readOrder(ctx, id);
      return order && { parent: order.order as unknown as Line, children: order.lines as unknown as Line[] };
    },
    async prepare(ctx, groups) {
      const records: OrderRecord[] = [];
      for (const g of groups) {
        const order = g.parent as unknown as GqlOrder;
        // A bulk operation does not read the refunds' lines (a connection inside a list): one query per refunded order.
        const lines = g.children as unknown as GqlLineItem[];
        records.push(mapOrder(order, lines, refundsHaveLines(order, lines) ? await refundLines(ctx, order.id) : undefined));
      }
      return records;
    },
    write: async (ctx, origin, records) => [await ctx.ingestion.bulkUpsertOrders(ctx.accountId, origin, records, { batchSize: Math.max(1, records.length) })],
  }),
};

export const BACKFILL_ORDER = ['customers', 'products', 'orders'] as const;

/** Records per batch written (and the join's window) unless the sync is given another size. */
export const BACKFILL_BATCH = 2_000;

export interface BulkOperation {
  id: string;
  status: string;
  errorCode: string | null;
  objectCount: string;
  fileSize: string | null;
  url: string | null;
}

const OP_FIELDS = 'id status errorCode objectCount fileSize url';

export interface BackfillContext {
  client: AdminClient;
  ingestion: IngestionService;
  streams: SyncStreamsService;
  /** The connector's item SKUs and stock per location (src/domain/connections). */
  stock: ConnectorStock;
  accountId: string;
  integrationId: number;
  signal?: AbortSignal;
  batchSize: number;
  pollMs: number;
  /** How long one run waits for a running operation before leaving it to the finish webhook or the next tick. */
  maxWaitMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  fetch: typeof fetch;
}

/**
 * Starts a stream's bulk operation; null when another one of the shop's is still running (it is
 * queued behind it). When the running one is this very query (a run that started it stopped
 * before it could record it), it is adopted instead of waited for.
 */
async function startOperation(ctx: BackfillContext, query: string): Promise<BulkOperation | null> {
  const answer = await ctx.client.query<{
    bulkOperationRunQuery: { bulkOperation: BulkOperation | null; userErrors: { code: string | null; message: string }[] };
  }>(
    `mutation RunBulk($query: String!) { bulkOperationRunQuery(query: $query) { bulkOperation { ${OP_FIELDS} } userErrors { code field message } } }`,
    { query },
    ctx.signal,
  );
  const { bulkOperation, userErrors } = answer.bulkOperationRunQuery;
  if (userErrors.some((e) => e.code === 'OPERATION_IN_PROGRESS')) {
    const current = await ctx.client.query<{ currentBulkOperation: (BulkOperation & { query: string }) | null }>(
      `query CurrentBulk { currentBulkOperation(type: QUERY) { ${OP_FIELDS} query } }`,
      {},
      ctx.signal,
    );
    const op = current.currentBulkOperation;
    return op && op.query === query && ['CREATED', 'RUNNING'].includes(op.status) ? op : null;
  }
  if (!bulkOperation) throw new ShopifyApiError(`bulk operation refused: ${userErrors.map((e) => e.message).join('; ')}`, 200);
  return bulkOperation;
}

async function readOperation(ctx: BackfillContext, id: string): Promise<BulkOperation | null> {
  const answer = await ctx.client.query<{ node: BulkOperation | null }>(
    `query BulkStatus($id: ID!) { node(id: $id) { ... on BulkOperation { ${OP_FIELDS} } } }`,
    { id },
    ctx.signal,
  );
  return answer.node;
}

/** Polls until the operation ends or maxWaitMs passes (then null: still running). */
async function awaitOperation(ctx: BackfillContext, id: string): Promise<BulkOperation | null> {
  const deadline = Date.now() + ctx.maxWaitMs;
  for (;;) {
    const op = await readOperation(ctx, id);
    if (!op) throw new ShopifyApiError(`bulk operation ${id} is gone`, 200);
    if (!['CREATED', 'RUNNING', 'CANCELING'].includes(op.status)) return op;
    if (Date.now() >= deadline) return null;
    await ctx.sleep(ctx.pollMs, ctx.signal);
  }
}

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
  const window = ctx.batchSize;
  // Records with a child beyond the window: read again whole (reread) rather than joined. Their
  // scan needs the whole result first: it is spooled to a file as it downloads, and joined from there.
  let spool: Spool | null = null;
  let late = new Set<string>();
  if (stream.reread) {
    const scan = lateParentScan(window);
    spool = await spoolAndScan(await getResult(ctx, url, save), scan.scan);
    late = scan.late;
  }
  const lines = spool ? spool.lines() : streamedLines(await getResult(ctx, url, save));
  let lineNo = 0;
  let { linesDone, recordsDone, bytesDone } = from;
  let bytes = 0;
  /**
   * The unwritten records in file order, each with its parent's line and byte offset. Shopify
   * writes a child after its parent, not directly after: a record stays open while the next
   * `window` records are read, and children join their parent by id (`index`: every id of an open
   * record's lines, nested objects' too, e.g. a variant's inventoryItem).
   */
  let open: (Group & { line: number; bytes: number; ids: string[] })[] = [];
  const index = new Map<string, (typeof open)[number]>();
  /** Records read since a resumed download's first line (its records before it are written). */
  let resumedRecords = from.linesDone > 0 ? 0 : null;
  let groups: Group[] = [];
  /** Lines consumed up to (not including) the first open record: a resume restarts at a record's first line. */
  let groupStart = linesDone;
  let bytesAtGroupStart = bytesDone;
  let rejected = 0;
  let firstRejection: string | null = null;
  /** The batch being written and its position saved; the next one is read and prepared meanwhile. */
  let writing = null as Promise<void> | null;

  const ids = (value: Record<string, unknown>, into: string[] = []) => {
    if (typeof value.id === 'string') into.push(value.id);
    for (const [key, v] of Object.entries(value))
      if (key !== '__parentId' && v && typeof v === 'object' && !Array.isArray(v)) ids(v as Record<string, unknown>, into);
    return into;
  };
  const remember = (group: (typeof open)[number], line: Line) => {
    for (const id of ids(line))
      if (!index.has(id)) {
        index.set(id, group);
        group.ids.push(id);
      }
  };
  /** Moves the oldest `count` open records to the batch to write; the next resume starts at the first still open. */
  const close = (count: number) => {
    for (const g of open.slice(0, count)) {
      for (const id of g.ids) index.delete(id);
      groups.push({ parent: g.parent, children: g.children });
    }
    open = open.slice(count);
  };

  /** Writes the closed records' batch once the previous one is written, then stores the position after it. */
  async function flush() {
    ctx.signal?.throwIfAborted();
    if (!groups.length) return;
    const batch = groups;
    const after = { linesDone: groupStart, bytesDone: bytesAtGroupStart };
    groups = [];
    const whole: Group[] = [];
    for (const g of batch) {
      if (!late.has(g.parent.id)) whole.push(g);
      else {
        // Gone upstream since the operation ran: nothing to write (the reconciliation reads what is there now).
        const again = await stream.reread!(ctx, g.parent.id);
        if (again) whole.push(again);
      }
    }
    const prepared = await stream.prepare(ctx, whole);
    await writing;
    // A stop requested while the previous batch was written: its position is stored, nothing more is written.
    ctx.signal?.throwIfAborted();
    writing = (async () => {
      const results = await stream.write(ctx, origin, prepared);
      for (const r of results) {
        rejected += r.counts.rejected;
        const bad = r.outcomes.find((o) => o.outcome === 'rejected');
        if (bad && !firstRejection && bad.outcome === 'rejected') firstRejection = `${bad.externalId}: ${bad.field} ${bad.reason}`;
      }
      recordsDone += batch.length;
      ({ linesDone, bytesDone } = after);
      await save({
        linesDone,
        recordsDone,
        bytesDone,
        lastError: rejected ? `${rejected} records rejected (first: ${firstRejection})` : null,
      });
    })();
    // Its failure is thrown where it is awaited (the next batch, or the end), not reported as unhandled meanwhile.
    writing.catch(() => {});
  }

  try {
    for await (const { text, bytes: size } of lines) {
      if (lineNo++ < from.linesDone) {
        bytes += size;
        continue;
      }
      if (!text.trim()) {
        bytes += size;
        continue;
      }
      const line = JSON.parse(text) as Line;
      if (line.__parentId) {
        const group = index.get(line.__parentId);
        if (group) {
          group.children.push(line);
          remember(group, line);
        } else if (late.has(line.__parentId)) {
          // Its parent is read again whole.
        } else if (resumedRecords === null || resumedRecords > window) {
          // Never attached to another record: the stream fails, visibly, and its operation is run again.
          const message = `bulk result line ${lineNo}: ${line.id} names its parent ${line.__parentId}, which is not among the last ${window} records read (Shopify wrote it further from its parent)`;
          await writing?.catch(() => {});
          await save({ phase: 'failed', operationId: null, linesDone: 0, bytesDone: 0, lastError: message });
          throw new ShopifyApiError(message, 200);
        }
        // Else: a resumed download re-reads the children of records written before it stopped.
      } else {
        if (resumedRecords !== null) resumedRecords++;
        if (open.length >= ctx.batchSize + window) {
          // The oldest batch has been open for `window` records since: written now.
          close(ctx.batchSize);
          groupStart = open[0]!.line;
          bytesAtGroupStart = open[0]!.bytes;
          await flush();
        }
        const group = { parent: line, children: [], line: lineNo - 1, bytes, ids: [] };
        open.push(group);
        remember(group, line);
      }
      bytes += size;
    }
    close(open.length);
    groupStart = lineNo;
    bytesAtGroupStart = bytes;
    await flush();
    await writing;
  } finally {
    // A failure while the next batch was read or prepared: the call ends once the batch being written has (its position stored).
    await writing?.catch(() => {});
    await lines.return(undefined);
    await spool?.remove();
  }
}
