// Resolvers of the simulator's Admin GraphQL subset over a SimStore (admin-schema.ts), and the bulk
// operations: the inner query run over the whole store (connections unpaged), flattened to JSONL.
import { execute, parse, type DocumentNode, type GraphQLSchema, type GraphQLError } from 'graphql';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decimal, findCustomer, findOrder, gid, orderAt, orderCount, orderTotals } from './store.ts';
import type { SimLine, SimMoney, SimOrder, SimStore, SimSubscription, SimVariant } from './store.ts';

export interface BulkOp {
  id: string;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELED' | 'EXPIRED';
  createdAt: Date;
  completedAt: Date | null;
  objectCount: number;
  /** The bulk query as the client sent it. */
  query: string;
  /** The result's text (null before it exists); a large result is in `file` instead. */
  jsonl: string | null;
  /** A large result's file (over SPILL_BYTES: the 1M-order bench), served from disk. */
  file?: string;
  /** The result's size in bytes. */
  bytes?: number;
  /** Status reads while running: it completes on the first read after creation. */
  reads: number;
  /** Times its result was requested (GET of the result's URL). */
  downloads: number;
}

export type Subscription = SimSubscription;

interface Ctx {
  shop: string;
  store: SimStore;
  bulk: boolean;
  ops: Map<string, BulkOp[]>;
  check: (document: DocumentNode) => readonly GraphQLError[];
  onFinished?: (shop: string, op: BulkOp) => void;
  publicBase: () => string;
  schema?: GraphQLSchema;
  /** A bulk run renders its top-level connection a range at a time; the resolver says whether more follow. */
  bulkRange?: { start: number; size: number; more: boolean };
}

interface PageArgs {
  first?: number | null;
  after?: string | null;
}

const encode = (n: number) => Buffer.from(`cursor:${n}`).toString('base64');
const decode = (c: string) => Number(Buffer.from(c, 'base64').toString('utf8').replace('cursor:', ''));

/** A page of `items` (all of them in a bulk run), with opaque cursors over positions. */
function page<T>(items: T[], args: PageArgs, ctx: Ctx) {
  if (!ctx.bulk && (args.first === undefined || args.first === null)) throw new Error('you must provide one of first or last');
  const start = args.after ? decode(args.after) + 1 : 0;
  const end = ctx.bulk ? items.length : Math.min(items.length, start + (args.first ?? 0));
  const slice = items.slice(start, end).map((node, i) => ({ cursor: encode(start + i), node }));
  return {
    edges: slice,
    nodes: slice.map((e) => e.node),
    pageInfo: { hasNextPage: end < items.length, hasPreviousPage: start > 0, startCursor: slice[0]?.cursor ?? null, endCursor: slice.at(-1)?.cursor ?? null },
  };
}

/**
 * A top-level connection's nodes: in a bulk run, the current range of positions (the run renders
 * the store a range at a time, so a lazy store's orders are never all in memory); else every
 * position, for `page` to cut.
 */
function topLevel<T>(ctx: Ctx, count: number, at: (i: number) => T, keep: (item: T) => boolean = () => true): T[] {
  const range = ctx.bulk ? ctx.bulkRange : undefined;
  const start = range ? range.start : 0;
  const end = range ? Math.min(count, range.start + range.size) : count;
  if (range) range.more = end < count;
  const items: T[] = [];
  // Filtered as generated: a lazy store's search never holds every order.
  for (let i = start; i < end; i++) {
    const item = at(i);
    if (keep(item)) items.push(item);
  }
  return items;
}

const bag = (m: SimMoney, shopCurrency: string, presentment: string) => ({
  shopMoney: { amount: decimal(m.shop), currencyCode: shopCurrency },
  presentmentMoney: { amount: decimal(m.presentment), currencyCode: presentment },
});

/** `updated_at:>=2026-01-01T00:00:00Z` (and >, <=, <), Shopify's search syntax for what the connector asks. */
function matchesQuery(query: string | null | undefined, updatedAt: Date): boolean {
  if (!query) return true;
  for (const term of query.split(/\s+AND\s+|\s+/)) {
    const m = /^updated_at:(>=|<=|>|<)'?([^']+)'?$/.exec(term);
    if (!m) continue;
    const at = new Date(m[2]!).getTime();
    const t = updatedAt.getTime();
    if (Number.isNaN(at)) throw new Error(`Invalid search value: ${m[2]}`);
    if ((m[1] === '>=' && t < at) || (m[1] === '>' && t <= at) || (m[1] === '<=' && t > at) || (m[1] === '<' && t >= at)) return false;
  }
  return true;
}

/** The lowest updated_at a search lets through (`updated_at:>=` or `>`), in ms; null when it names none. */
function lowerBound(query: string | null | undefined): number | null {
  const m = /updated_at:>=?'?([^'\s]+)'?/.exec(query ?? '');
  const at = m ? new Date(m[1]!).getTime() : NaN;
  return Number.isNaN(at) ? null : at;
}

function lineNode(l: SimLine, m: (cents: SimMoney) => ReturnType<typeof bag>, o: SimOrder) {
  let refunded = 0;
  for (const r of o.refunds) for (const rl of r.lines ?? []) if (rl.lineId === l.id) refunded += rl.quantity;
  return {
    __typename: 'LineItem',
    id: gid('LineItem', l.id),
    sku: l.sku || null,
    variant: l.variantId ? { __typename: 'ProductVariant', id: gid('ProductVariant', l.variantId) } : null,
    name: l.name,
    quantity: l.quantity,
    refundableQuantity: l.quantity - refunded,
    originalUnitPriceSet: m(l.unitPrice),
  };
}

function orderNode(o: SimOrder, store: SimStore) {
  const t = orderTotals(o);
  const m = (cents: SimMoney) => bag(cents, store.currency, o.presentmentCurrency);
  const sub = { shop: t.subtotal, presentment: o.lines.reduce((s, l) => s + l.quantity * l.unitPrice.presentment, 0) };
  return {
    __typename: 'Order',
    id: gid('Order', o.id),
    name: o.name,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    processedAt: o.processedAt.toISOString(),
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    test: o.test,
    currencyCode: store.currency,
    presentmentCurrencyCode: o.presentmentCurrency,
    subtotalPriceSet: m(sub),
    totalPriceSet: m({ shop: t.total, presentment: t.presentmentTotal }),
    totalDiscountsSet: m(o.discount),
    totalShippingPriceSet: m(o.shipping),
    totalTaxSet: m(o.tax),
    customerId: o.customerId,
    lineItems: (args: PageArgs, ctx: Ctx) =>
      page(
        o.lines.map((l) => lineNode(l, m, o)),
        args,
        ctx,
      ),
    refunds: o.refunds.map((r) => ({
      __typename: 'Refund',
      id: gid('Refund', r.id),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      totalRefundedSet: m(r.amount),
      refundLineItems: (args: PageArgs, ctx: Ctx) =>
        page(
          (r.lines ?? []).map((rl) => ({
            __typename: 'RefundLineItem',
            id: gid('RefundLineItem', rl.id),
            quantity: rl.quantity,
            restockType: rl.restock ? 'RETURN' : 'NO_RESTOCK',
            subtotalSet: m(rl.subtotal),
            totalTaxSet: m(rl.tax),
            lineItem: lineNode(
              o.lines.find((l) => l.id === rl.lineId)!,
              m,
              o,
            ),
          })),
          args,
          ctx,
        ),
    })),
    transactions: o.transactions.map((x) => ({
      __typename: 'OrderTransaction',
      id: gid('OrderTransaction', x.id),
      kind: x.kind,
      status: x.status,
      processedAt: x.processedAt.toISOString(),
      amountSet: m(x.amount),
      fees: x.fee ? [{ id: gid('TransactionFee', x.id), amount: { amount: decimal(x.fee), currencyCode: store.currency } }] : [],
    })),
  };
}

function customerNode(store: SimStore, id: number | null) {
  const c = findCustomer(store, id);
  if (!c) return null;
  return {
    __typename: 'Customer',
    id: gid('Customer', c.id),
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    phone: c.phone,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    defaultAddress: { city: c.city, countryCodeV2: c.country },
  };
}

function variantNode(v: SimVariant, store: SimStore) {
  return {
    __typename: 'ProductVariant',
    id: gid('ProductVariant', v.id),
    sku: v.sku,
    title: v.title,
    price: decimal(v.price),
    inventoryQuantity: v.inventory,
    updatedAt: v.updatedAt.toISOString(),
    inventoryItem: {
      id: gid('InventoryItem', v.id),
      unitCost: { amount: decimal(v.cost), currencyCode: store.currency },
      inventoryLevels: (args: PageArgs, ctx: Ctx) =>
        page(
          v.levels.map((l) => ({
            __typename: 'InventoryLevel',
            id: `gid://shopify/InventoryLevel/${l.locationId}?inventory_item_id=${v.id}`,
            location: { __typename: 'Location', id: gid('Location', l.locationId) },
            quantities: ({ names }: { names: string[] }) =>
              names.flatMap((name) => (name === 'available' ? [{ name, quantity: l.available }] : name === 'on_hand' ? [{ name, quantity: l.available }] : [])),
            updatedAt: l.updatedAt.toISOString(),
          })),
          args,
          ctx,
        ),
    },
    product: productNode(v.productId, store),
  };
}

function productNode(productId: number, store: SimStore) {
  const variants = store.variants.filter((v) => v.productId === productId);
  return {
    __typename: 'Product',
    id: gid('Product', productId),
    title: variants[0]?.productTitle ?? '',
    updatedAt: new Date(Math.max(...variants.map((v) => v.updatedAt.getTime()))).toISOString(),
    variants: (args: PageArgs, ctx: Ctx) =>
      page(
        variants.map((v) => variantNode(v, store)),
        args,
        ctx,
      ),
  };
}

/**
 * Flattens a bulk query's answer: each connection's nodes on lines of their own, children with
 * __parentId (the id of the connection node they are under, also through an object field such as
 * a variant's inventoryItem { inventoryLevels }). Shopify promises only that a child comes after
 * its parent, not directly after: with `lag` > 0 the descendants of the Nth top-level node come
 * after the line of node N + lag, grandchildren after all children (variants, then their levels).
 * Fed one answer per range of top-level nodes (`add`), the lag carried across ranges; `end` gives
 * the lines still held back.
 */
function jsonlWriter(lag = 0) {
  const isConnection = (v: unknown): v is { edges: { node: Record<string, unknown> }[] } =>
    !!v && typeof v === 'object' && Array.isArray((v as { edges?: unknown }).edges);
  /** The object without its connections; their nodes go to `children`. */
  const strip = (value: Record<string, unknown>, parentId: string, children: [Record<string, unknown>, string][]) => {
    const own: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (isConnection(v)) for (const e of v.edges) children.push([e.node, parentId]);
      else if (v && typeof v === 'object' && !Array.isArray(v)) own[key] = strip(v as Record<string, unknown>, parentId, children);
      else own[key] = v;
    }
    return own;
  };
  /** A node's line and its descendants' lines with their depth, depth first. */
  const emit = (node: Record<string, unknown>, parentId: string | null, depth: number, into: [string, number][]) => {
    const children: [Record<string, unknown>, string][] = [];
    const own = strip(node, node.id as string, children);
    if (parentId) own.__parentId = parentId;
    into.push([JSON.stringify(own), depth]);
    for (const [child, parent] of children) emit(child, parent, depth + 1, into);
    return into;
  };
  /** The descendants of the last `lag` top-level nodes, not written yet. */
  const held: string[][] = [];
  let count = 0;
  const text = (lines: string[]) => {
    count += lines.length;
    return lines.length ? lines.join('\n') + '\n' : '';
  };
  return {
    get count() {
      return count;
    },
    add(data: Record<string, unknown>): string {
      const lines: string[] = [];
      for (const value of Object.values(data))
        for (const e of (value as { edges: { node: Record<string, unknown> }[] }).edges) {
          const [[head], ...rest] = emit(e.node, null, 0, []) as [[string, number], ...[string, number][]];
          // Stable: by depth when interleaved, else as emitted (each child directly followed by its own children).
          if (lag > 0) rest.sort((x, y) => x[1] - y[1]);
          lines.push(head);
          held.push(rest.map(([line]) => line));
          if (held.length > lag) lines.push(...held.shift()!);
        }
      return text(lines);
    },
    end: () => text(held.splice(0).flat()),
  };
}

/** Top-level nodes per execution of a bulk query. */
const BULK_RANGE = 1000;
/** A result larger than this goes to a file instead of a string. */
const SPILL_BYTES = 32 * 1024 * 1024;
let spillDir: string | null = null;

/** Runs a bulk query over the whole store, a range of top-level nodes at a time, to JSONL (a string, or a file when large). */
async function renderBulk(document: DocumentNode, ctx: Ctx & { schema: GraphQLSchema }) {
  const writer = jsonlWriter(ctx.store.bulkChildLag);
  const parts: string[] = [];
  let bytes = 0;
  let fd: number | null = null;
  let file: string | undefined;
  const put = (text: string) => {
    bytes += Buffer.byteLength(text);
    if (fd === null && bytes > SPILL_BYTES) {
      if (!spillDir) {
        const dir = (spillDir = mkdtempSync(join(tmpdir(), 'shopify-sim-bulk-')));
        process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      }
      file = join(spillDir, `${ctx.shop}-${Date.now()}-${Math.random().toString(36).slice(2)}.jsonl`);
      fd = openSync(file, 'w');
      for (const part of parts.splice(0)) writeSync(fd, part);
    }
    if (fd === null) parts.push(text);
    else writeSync(fd, text);
  };
  const bulkRange = { start: 0, size: BULK_RANGE, more: true };
  while (bulkRange.more) {
    bulkRange.more = false;
    const result = await execute({ schema: ctx.schema, document, contextValue: { ...ctx, bulk: true, bulkRange } });
    if (result.errors?.length) {
      if (fd !== null) closeSync(fd);
      return { error: result.errors[0]!.message };
    }
    put(writer.add(result.data as Record<string, unknown>));
    bulkRange.start += BULK_RANGE;
  }
  put(writer.end());
  if (fd !== null) closeSync(fd);
  return { jsonl: file ? '' : parts.join(''), file, bytes, count: writer.count };
}

export function adminResolvers(options: { onBulkFinished?: (shop: string, op: BulkOp) => void; reuseResults?: boolean }) {
  let nextOp = 1;
  const rendered = new Map<string, Exclude<Awaited<ReturnType<typeof renderBulk>>, { error: string }>>();
  const opNode = (op: BulkOp, ctx: Ctx) => ({
    __typename: 'BulkOperation',
    id: op.id,
    status: op.status,
    errorCode: null,
    objectCount: String(op.objectCount),
    fileSize: op.status === 'COMPLETED' && (op.jsonl !== null || op.file) ? String(op.bytes ?? Buffer.byteLength(op.jsonl ?? '')) : null,
    url: op.status === 'COMPLETED' && (op.jsonl || op.file) ? `${ctx.publicBase()}/${ctx.shop}/bulk/${op.id.split('/').pop()}.jsonl` : null,
    partialDataUrl: null,
    query: op.query,
    createdAt: op.createdAt.toISOString(),
    completedAt: op.completedAt?.toISOString() ?? null,
  });
  /** A running operation completes on its first status read (a client always sees it RUNNING once). */
  function advance(op: BulkOp, ctx: Ctx) {
    if (op.status !== 'RUNNING') return;
    if (op.reads++ < 1) return;
    op.status = 'COMPLETED';
    op.completedAt = new Date();
    (options.onBulkFinished ?? ctx.onFinished)?.(ctx.shop, op);
  }
  return {
    Node: { __resolveType: (obj: { __typename: string }) => obj.__typename },
    Order: { customer: (o: { customerId: number | null }, _a: unknown, ctx: Ctx) => customerNode(ctx.store, o.customerId) },
    QueryRoot: {
      orders: (_: unknown, args: PageArgs & { query?: string; sortKey?: string; reverse?: boolean }, ctx: Ctx) => {
        // A lazy store generates only the orders its updated_at lower bound lets through.
        const since = ctx.bulk || !ctx.store.lazyOrders ? null : lowerBound(args.query);
        const positions = since === null ? null : ctx.store.lazyOrders!.updatedSince(since);
        let orders = topLevel(
          ctx,
          positions?.length ?? orderCount(ctx.store),
          (i) => orderAt(ctx.store, positions ? positions[i]! : i),
          (o) => matchesQuery(args.query, o.updatedAt),
        );
        if (args.sortKey === 'UPDATED_AT') orders = [...orders].sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || a.id - b.id);
        if (args.reverse) orders = [...orders].reverse();
        return page(
          orders.map((o) => orderNode(o, ctx.store)),
          args,
          ctx,
        );
      },
      order: (_: unknown, { id }: { id: string }, ctx: Ctx) => {
        const m = /^gid:\/\/shopify\/Order\/(\d+)$/.exec(id);
        const found = m ? findOrder(ctx.store, Number(m[1])) : undefined;
        return found ? orderNode(found, ctx.store) : null;
      },
      customers: (_: unknown, args: PageArgs & { query?: string }, ctx: Ctx) =>
        page(
          topLevel(ctx, ctx.store.customers.length, (i) => ctx.store.customers[i]!)
            .filter((c) => matchesQuery(args.query, c.updatedAt))
            .map((c) => customerNode(ctx.store, c.id)),
          args,
          ctx,
        ),
      products: (_: unknown, args: PageArgs, ctx: Ctx) =>
        page(
          topLevel(ctx, 1, () => [...new Set(ctx.store.variants.map((v) => v.productId))])
            .flat()
            .map((id) => productNode(id, ctx.store)),
          args,
          ctx,
        ),
      currentBulkOperation: (_: unknown, _args: unknown, ctx: Ctx) => {
        const op = ctx.ops.get(ctx.shop)?.at(-1);
        if (!op) return null;
        advance(op, ctx);
        return opNode(op, ctx);
      },
      node: (_: unknown, { id }: { id: string }, ctx: Ctx) => {
        const op = ctx.ops.get(ctx.shop)?.find((o) => o.id === id);
        if (op) {
          advance(op, ctx);
          return opNode(op, ctx);
        }
        return null;
      },
      webhookSubscriptions: (_: unknown, args: PageArgs & { topics?: string[] }, ctx: Ctx) =>
        page(
          (ctx.store.subscriptions ?? [])
            .filter((s) => !args.topics || args.topics.includes(s.topic))
            .map((s) => ({ __typename: 'WebhookSubscription', ...s })),
          args,
          ctx,
        ),
    },
    Mutation: {
      bulkOperationRunQuery: async (_: unknown, { query }: { query: string }, ctx: Ctx & { schema: GraphQLSchema }) => {
        const ops = ctx.ops.get(ctx.shop) ?? [];
        ctx.ops.set(ctx.shop, ops);
        if (ops.some((o) => o.status === 'RUNNING' || o.status === 'CREATED'))
          return {
            bulkOperation: null,
            userErrors: [
              {
                code: 'OPERATION_IN_PROGRESS',
                field: null,
                message: `A bulk query operation for this app and shop is already in progress: ${ops.at(-1)!.id}.`,
              },
            ],
          };
        let document: DocumentNode;
        try {
          document = parse(query);
        } catch (error) {
          return { bulkOperation: null, userErrors: [{ code: 'INVALID', field: ['query'], message: (error as Error).message }] };
        }
        const errors = ctx.check(document);
        if (errors.length) return { bulkOperation: null, userErrors: [{ code: 'INVALID', field: ['query'], message: errors[0]!.message }] };
        // A store that does not change (the bench's) answers the same query with the same file.
        const key = `${ctx.shop}\n${query}`;
        const result = (options.reuseResults && rendered.get(key)) || (await renderBulk(document, ctx));
        if ('error' in result) return { bulkOperation: null, userErrors: [{ code: 'INVALID', field: ['query'], message: result.error }] };
        if (options.reuseResults) rendered.set(key, result);
        const op: BulkOp = {
          id: gid('BulkOperation', nextOp++),
          status: 'RUNNING',
          createdAt: new Date(),
          completedAt: null,
          objectCount: result.count,
          query,
          jsonl: result.file ? null : result.jsonl,
          ...(result.file ? { file: result.file } : {}),
          bytes: result.bytes,
          reads: 0,
          downloads: 0,
        };
        ops.push(op);
        return { bulkOperation: opNode(op, ctx), userErrors: [] };
      },
      webhookSubscriptionCreate: (
        _: unknown,
        { topic, webhookSubscription }: { topic: string; webhookSubscription: { callbackUrl?: string; format?: string } },
        ctx: Ctx,
      ) => {
        const url = webhookSubscription.callbackUrl ?? '';
        if (!/^https?:\/\//.test(url))
          return { userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: 'Address is invalid' }], webhookSubscription: null };
        if (ctx.store.failWebhookCreates) {
          ctx.store.failWebhookCreates--;
          return { userErrors: [{ field: null, message: 'An unexpected error occurred, please try again' }], webhookSubscription: null };
        }
        const subs = (ctx.store.subscriptions ??= []);
        if (subs.some((s) => s.topic === topic && s.callbackUrl === url))
          return {
            userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: 'Address for this topic has already been taken' }],
            webhookSubscription: null,
          };
        const sub: Subscription = { id: gid('WebhookSubscription', ctx.store.nextId++), topic, callbackUrl: url, format: webhookSubscription.format ?? 'JSON' };
        subs.push(sub);
        return { userErrors: [], webhookSubscription: { __typename: 'WebhookSubscription', ...sub } };
      },
    },
  };
}
