// Reconciliation (docs/connectors/shopify-sync.md): webhooks are late, duplicated, out of order or
// lost, so the orders changed since a stream's cursor minus an overlap are read again, page by page
// (`orders(query: "updated_at:>=…", sortKey: UPDATED_AT, first:, after:)`), with their refunds, and
// written through the ingestion commands (newer-wins makes the overlap free). An order with more
// lines than the page reads has the rest read by `order(id:) { lineItems(after:) }`, page by page,
// before it is written (never half); an order with refunds has their lines read the same way
// (order-reads.ts). The cursor moves to the newest `updatedAt` read only after its page is stored.
// Two streams: `orders` every run (15 minutes), `orders_60d` once a day over a 60-day window.
import type { IngestionService, OrderRecord, Origin } from '../../domain/ingestion/index.ts';
import type { SyncStreamsService } from '../../domain/integrations/index.ts';
import type { AdminClient } from './admin-client.ts';
import { LINE_FIELDS, ORDER_FIELDS, mapOrder, type GqlOrder } from './map-graphql.ts';
import { allLines, refundLines, refundsHaveLines, type LinePage } from './order-reads.ts';

/**
 * Orders per page and lines per order read with them: a page costs about 2 + first x (the order's
 * fields + lines); Shopify caps a query at 1,000. The lines past the first RECONCILE_LINES, and the
 * lines of an order's refunds, are read per order (order-reads.ts).
 */
export const RECONCILE_PAGE = 8;
export const RECONCILE_LINES = 20;
/** What every incremental run reads again before its cursor (webhooks up to a day late are the other safety net). */
export const OVERLAP_MS = 60 * 60_000;
export const DAILY_WINDOW_MS = 60 * 86_400_000;
const DAY_MS = 86_400_000;

const ORDERS_QUERY = `query ReconcileOrders($first: Int!, $after: String, $query: String!) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    edges { node { ${ORDER_FIELDS} lineItems(first: ${RECONCILE_LINES}) { pageInfo { hasNextPage endCursor } edges { node { ${LINE_FIELDS} } } } } }
  }
}`;

type PagedOrder = GqlOrder & { lineItems: LinePage };

export interface ReconcileContext {
  client: AdminClient;
  ingestion: IngestionService;
  streams: SyncStreamsService;
  accountId: string;
  integrationId: number;
  signal?: AbortSignal;
}

export interface ReconcileResult {
  read: number;
  stored: number;
}

/** Reads the orders updated at or after `since` and writes them; moves `stream`'s cursor as pages are stored. */
export async function reconcileOrders(ctx: ReconcileContext, stream: string, since: Date, now: Date, floor = since): Promise<ReconcileResult> {
  const origin: Origin = { source: 'shopify', integrationId: ctx.integrationId, via: 'connector' };
  const query = `updated_at:>='${since.toISOString()}'`;
  const result: ReconcileResult = { read: 0, stored: 0 };
  let after: string | null = null;
  /** The incremental cursor never moves back: the newest change read, at least the cursor it started from. */
  let newest = floor;
  const incremental = stream === 'orders';
  for (;;) {
    const page: { orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: PagedOrder }[] } } = await ctx.client.query(
      ORDERS_QUERY,
      { first: RECONCILE_PAGE, after, query },
      ctx.signal,
    );
    const records: OrderRecord[] = [];
    for (const { node } of page.orders.edges) {
      result.read++;
      if (Date.parse(node.updatedAt) > newest.getTime()) newest = new Date(node.updatedAt);
      const lines = await allLines(ctx, node.id, node.lineItems);
      records.push(mapOrder(node, lines, refundsHaveLines(node, lines) ? await refundLines(ctx, node.id) : undefined));
    }
    if (records.length) result.stored += (await ctx.ingestion.upsertOrders(ctx.accountId, origin, records)).counts.stored;
    await ctx.streams.saveStream(ctx.accountId, ctx.integrationId, stream, { phase: 'running', ...(incremental ? { cursor: newest } : {}) });
    if (!page.orders.pageInfo.hasNextPage) break;
    after = page.orders.pageInfo.endCursor;
  }
  await ctx.streams.saveStream(ctx.accountId, ctx.integrationId, stream, {
    phase: 'idle',
    cursor: incremental ? newest : now,
    finishedAt: now,
    recordsDone: result.read,
    lastError: null,
  });
  return result;
}

/** The incremental run: from the cursor minus the overlap (the backfill's start when never run). */
export async function reconcileIncremental(ctx: ReconcileContext, backfillStartedAt: Date | null, now: Date): Promise<ReconcileResult> {
  const state = await ctx.streams.getStream(ctx.accountId, ctx.integrationId, 'orders');
  const cursor = state?.cursor ?? backfillStartedAt ?? new Date(now.getTime() - DAILY_WINDOW_MS);
  return reconcileOrders(ctx, 'orders', new Date(cursor.getTime() - OVERLAP_MS), now, cursor);
}

/** The daily run over 60 days, when the last one is a day old (or never ran). */
export async function reconcileDaily(ctx: ReconcileContext, now: Date): Promise<ReconcileResult | null> {
  const state = await ctx.streams.getStream(ctx.accountId, ctx.integrationId, 'orders_60d');
  if (state?.cursor && now.getTime() - state.cursor.getTime() < DAY_MS) return null;
  return reconcileOrders(ctx, 'orders_60d', new Date(now.getTime() - DAILY_WINDOW_MS), now);
}
