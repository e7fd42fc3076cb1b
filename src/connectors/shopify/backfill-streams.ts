// The backfill's streams (backfill.ts runs them): each one's bulk query, how a batch of its JSONL
// records is mapped (prepare: while the previous batch is written, so nothing here touches the
// database) and written through the ingestion commands, and for the orders how a record whose
// lines came beyond the join's window is read again whole through the Admin API.
import type { IngestionResult, IngestionService, InventoryLevelRecord, OrderRecord, Origin } from '../../domain/ingestion/index.ts';
import type { SyncStreamsService } from '../../domain/integrations/index.ts';
import type { ConnectorStock } from '../../domain/connections/index.ts';
import type { AdminClient } from './admin-client.ts';
import { CUSTOMER_FIELDS, LINE_FIELDS, ORDER_FIELDS, VARIANT_FIELDS, isInventoryLevel, mapCustomer, mapOrder, mapVariant } from './map-graphql.ts';
import type { GqlCustomer, GqlInventoryLevel, GqlLineItem, GqlOrder, GqlProduct, GqlVariant } from './map-graphql.ts';
import { readOrder, refundLines, refundsHaveLines } from './order-reads.ts';

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

export type Line = Record<string, unknown> & { id: string; __parentId?: string };
export type Group = { parent: Line; children: Line[] };

export interface StreamDef<Item = unknown> {
  query: string;
  /**
   * Maps records (and reads what the bulk result lacks) as each one closes, while the previous
   * batch is written: no database access here, only the upstream's.
   */
  prepare(ctx: BackfillContext, groups: Group[]): Promise<Item[]> | Item[];
  /** Writes a batch (its own ingestion calls). A stream with `bulk` is written through it instead. */
  write?(ctx: BackfillContext, origin: Origin, batch: Item[]): Promise<IngestionResult[]>;
  /**
   * Writes every batch of the download in one bulk call, `size` records a transaction, calling
   * `progress` after each commits (backfill-feed.ts): a batch is then checked while the one before
   * is written, and no transaction waits for a call to start.
   */
  bulk?(
    ctx: BackfillContext,
    origin: Origin,
    records: AsyncIterable<Item>,
    size: number,
    progress: (counts: IngestionResult['counts']) => void,
  ): Promise<IngestionResult>;
  /**
   * Reads a record again through the Admin API, whole, as the bulk line's group (null: it is gone).
   * A stream that has it scans its result for children written beyond the window first, and reads
   * those records this way instead of joining them (so none is ever written without a child);
   * without it, such a child fails the stream.
   */
  reread?(ctx: BackfillContext, id: string): Promise<Group | null>;
  /**
   * Its query nests one connection directly under the top-level node, so a child names only a
   * top-level record: the join indexes each record's own id, not every id of its lines (the
   * products' inventory levels may name a variant's inventoryItem: not flat).
   */
  flat?: boolean;
}

/** A stream's definition, its items' type checked between prepare and write. */
const defineStream = <Item>(def: StreamDef<Item>) => def as StreamDef;

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
    flat: true,
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
    flat: true,
    reread: async (ctx, id) => {
      const order = await readOrder(ctx, id);
      return order && { parent: order.order as unknown as Line, children: order.lines as unknown as Line[] };
    },
    prepare(ctx, groups) {
      const orders = groups.map((g) => ({ order: g.parent as unknown as GqlOrder, lines: g.children as unknown as GqlLineItem[] }));
      // A bulk operation does not read the refunds' lines (a connection inside a list): one query per refunded order.
      if (!orders.some((o) => refundsHaveLines(o.order, o.lines))) return orders.map((o) => mapOrder(o.order, o.lines));
      return (async () => {
        const records: OrderRecord[] = [];
        for (const { order, lines } of orders)
          records.push(mapOrder(order, lines, refundsHaveLines(order, lines) ? await refundLines(ctx, order.id) : undefined));
        return records;
      })();
    },
    bulk: (ctx, origin, records, size, progress) => ctx.ingestion.bulkUpsertOrders(ctx.accountId, origin, records, { batchSize: size, progress }),
  }),
};

export const BACKFILL_ORDER = ['customers', 'products', 'orders'] as const;

/** Records per batch written (and the join's window) unless the sync is given another size. */
export const BACKFILL_BATCH = 2_000;
