// The simulator's Admin GraphQL endpoint (POST /{shop}/admin/api/{version}/graphql.json) as a
// request handler, and the bulk operations' JSONL files it serves. What it implements, as Shopify
// documents it:
// - X-Shopify-Access-Token checked through the function it is given (401 otherwise);
// - every query validated against Shopify's published schema when present, else the subset;
// - cost: a field of an object 1, a connection 2 + first x its node's cost, scalars 0, a mutation
//   10; a query over 1,000 points is MAX_COST_EXCEEDED; a leaky bucket per shop
//   (maximumAvailable, restoreRate per second) pays the requested cost, refunds the difference to
//   the actual cost, and answers THROTTLED with no data when it cannot pay; every answer carries
//   extensions.cost { requestedQueryCost, actualQueryCost, throttleStatus };
// - cursor paging (opaque cursors, pageInfo), orders' `updated_at:>=` search and UPDATED_AT sort;
// - bulkOperationRunQuery: one running per shop (OPERATION_IN_PROGRESS), the result as JSONL with
//   one line per node and nested connections' nodes on lines of their own with __parentId,
//   completed after the first status read (so a client sees RUNNING), served at a URL;
// - webhookSubscriptionCreate / webhookSubscriptions.
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { GraphQLError, execute, parse, validate, type DocumentNode, type FieldNode, type SelectionSetNode } from 'graphql';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { ADMIN_SDL, realAdminSchema } from './admin-schema.ts';
import { adminResolvers, type BulkOp } from './admin-resolvers.ts';
import type { SimStore } from './store.ts';

export interface AdminSimulatorOptions {
  /** The shops' data, by shop domain. */
  stores: Map<string, SimStore>;
  /** Whether `token` is a live access token of `shop` (part A's OAuth server decides at merge). */
  acceptsToken: (shop: string, token: string) => boolean;
  /** The simulator's own base URL (http://127.0.0.1:port), for the bulk files' URLs. */
  publicBase: () => string;
  bucket?: { maximumAvailable: number; restoreRate: number };
  /**
   * A bulk query run again on the same shop reuses the first run's result instead of rendering the
   * store again: for a store that does not change (the 1M-order bench, whose result takes minutes).
   */
  reuseResults?: boolean;
  /** Called when a bulk operation finishes (a test sends bulk_operations/finish from it). */
  onBulkFinished?: (shop: string, op: BulkOp) => void;
}

const MAX_QUERY_COST = 1000;

export function adminSimulator(options: AdminSimulatorOptions) {
  const schema = makeExecutableSchema({ typeDefs: ADMIN_SDL, resolvers: adminResolvers(options) });
  const bucketSize = options.bucket ?? { maximumAvailable: 2000, restoreRate: 100 };
  const buckets = new Map<string, { available: number; at: number }>();
  const stats = { requests: 0, throttled: 0, minAvailable: Infinity, maxRequested: 0 };
  const bulkOps = new Map<string, BulkOp[]>();
  const held = new Map<string, { points: number; left: number }>();

  function level(shop: string, now = Date.now()) {
    const b = buckets.get(shop) ?? { available: bucketSize.maximumAvailable, at: now };
    b.available = Math.min(bucketSize.maximumAvailable, b.available + ((now - b.at) / 1000) * bucketSize.restoreRate);
    b.at = now;
    buckets.set(shop, b);
    return b;
  }

  function throttleStatus(shop: string) {
    const b = level(shop);
    return { maximumAvailable: bucketSize.maximumAvailable, currentlyAvailable: Math.floor(b.available), restoreRate: bucketSize.restoreRate };
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Validates a document as Shopify would (its schema when present) and against the subset executed here. */
  function check(document: DocumentNode): readonly GraphQLError[] {
    const real = realAdminSchema();
    const errors = real ? validate(real, document) : [];
    return errors.length ? errors : validate(schema, document);
  }

  return {
    stats,
    bulkOps,
    schema,
    check,
    /**
     * Sets a shop's bucket to `points` (a test drains it to force THROTTLED). With `holdFor`, the
     * next `holdFor` queries find it at `points` again, as when another client keeps spending it:
     * they are THROTTLED however long the machine takes between them, so a test does not race the
     * refill.
     */
    drain(shop: string, points = 0, holdFor = 0) {
      level(shop).available = points;
      if (holdFor > 0) held.set(shop, { points, left: holdFor });
    },

    /** POST {shop}/admin/api/{version}/graphql.json */
    async graphql(req: IncomingMessage, res: ServerResponse, { shop }: { shop: string; version: string }) {
      const token = req.headers['x-shopify-access-token'];
      const body = await readBody(req);
      const store = options.stores.get(shop);
      if (!store || typeof token !== 'string' || !options.acceptsToken(shop, token))
        return send(res, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
      if (req.method !== 'POST') return send(res, 405, { errors: 'Method not allowed' });
      let request: { query?: unknown; variables?: unknown };
      let document: DocumentNode;
      try {
        request = JSON.parse(body) as typeof request;
        if (typeof request.query !== 'string') throw new Error('Parameter Missing or Invalid');
        document = parse(request.query);
      } catch (error) {
        return send(res, 400, { errors: [{ message: (error as Error).message }] });
      }
      const errors = check(document);
      if (errors.length) return send(res, 200, { errors: errors.map((e) => ({ message: e.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })) });
      stats.requests++;
      const requested = documentCost(document, request.variables as Record<string, unknown>);
      stats.maxRequested = Math.max(stats.maxRequested, requested);
      if (requested > MAX_QUERY_COST)
        return send(res, 200, {
          errors: [
            {
              message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
              extensions: { code: 'MAX_COST_EXCEEDED' },
            },
          ],
          extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus(shop) } },
        });
      const bucket = level(shop);
      const hold = held.get(shop);
      if (hold) {
        bucket.available = hold.points;
        if (--hold.left <= 0) held.delete(shop);
      }
      if (bucket.available < requested) {
        stats.throttled++;
        return send(res, 200, {
          errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
          extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus(shop) } },
        });
      }
      bucket.available -= requested;
      stats.minAvailable = Math.min(stats.minAvailable, bucket.available);
      const result = await execute({
        schema,
        document,
        variableValues: (request.variables ?? {}) as Record<string, unknown>,
        contextValue: { shop, store, bulk: false, ops: bulkOps, check, publicBase: options.publicBase, schema },
      });
      const actual = Math.min(requested, documentCost(document, request.variables as Record<string, unknown>, result.data ?? undefined));
      level(shop).available += requested - actual;
      send(res, 200, {
        ...(result.errors ? { errors: result.errors.map((e) => ({ message: e.message, path: e.path })) } : {}),
        data: result.data ?? null,
        extensions: { cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus(shop) } },
      });
    },

    /** GET {base}/{shop}/bulk/{id}.jsonl: a finished operation's result (Shopify's signed storage URL). */
    bulkFile(_req: IncomingMessage, res: ServerResponse, { shop, id }: { shop: string; id: string }) {
      const op = bulkOps.get(shop)?.find((o) => o.id.endsWith(`/${id}`));
      if (!op || op.status !== 'COMPLETED' || (op.jsonl === null && !op.file)) return send(res, 404, { error: 'not found' });
      op.downloads++;
      if (op.file) {
        res.writeHead(200, { 'content-type': 'application/jsonl', 'content-length': op.bytes });
        // A client that stops reading (a backfill interrupted) closes the socket: nothing to report.
        pipeline(createReadStream(op.file), res).catch(() => {});
        return;
      }
      res.writeHead(200, { 'content-type': 'application/jsonl', 'content-length': Buffer.byteLength(op.jsonl!) });
      res.end(op.jsonl);
    },
  };
}

export type AdminSimulator = ReturnType<typeof adminSimulator>;

const WRAPPERS = new Set(['edges', 'node', 'nodes']);

/**
 * The cost of a document (static when `data` is absent: connections count `first` nodes; actual
 * when given the answer: the nodes returned). Mutations cost 10 plus what they select.
 */
export function documentCost(document: DocumentNode, variables: Record<string, unknown> = {}, data?: Record<string, unknown>): number {
  let total = 0;
  for (const def of document.definitions) {
    if (def.kind !== 'OperationDefinition') continue;
    if (def.operation === 'mutation') total += 10;
    total += selectionCost(def.selectionSet, variables, data);
  }
  return total;
}

function argValue(field: FieldNode, name: string, variables: Record<string, unknown>): unknown {
  const arg = field.arguments?.find((a) => a.name.value === name);
  if (!arg) return undefined;
  if (arg.value.kind === 'Variable') return variables[arg.value.name.value];
  if (arg.value.kind === 'IntValue') return Number(arg.value.value);
  return undefined;
}

function selectionCost(set: SelectionSetNode | undefined, variables: Record<string, unknown>, data: unknown): number {
  if (!set) return 0;
  let total = 0;
  for (const sel of set.selections) {
    if (sel.kind !== 'Field') {
      if (sel.kind === 'InlineFragment') total += selectionCost(sel.selectionSet, variables, data);
      continue;
    }
    if (!sel.selectionSet || sel.name.value === 'pageInfo' || sel.name.value === 'extensions') continue;
    const key = sel.alias?.value ?? sel.name.value;
    const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
    const first = argValue(sel, 'first', variables);
    const isConnection = sel.selectionSet.selections.some((s) => s.kind === 'Field' && (s.name.value === 'edges' || s.name.value === 'nodes'));
    if (isConnection) {
      const nodes = value ? connectionNodes(value) : null;
      const inner = connectionNodeSelection(sel.selectionSet);
      if (nodes) total += 2 + nodes.reduce((s: number, n) => s + 1 + selectionCost(inner, variables, n), 0);
      else total += 2 + (typeof first === 'number' ? first : 1) * (1 + selectionCost(inner, variables, undefined));
    } else if (Array.isArray(value)) {
      total += 1 + value.reduce((s: number, v) => s + selectionCost(sel.selectionSet, variables, v), 0);
    } else if (WRAPPERS.has(sel.name.value)) {
      total += selectionCost(sel.selectionSet, variables, value);
    } else {
      total += 1 + selectionCost(sel.selectionSet, variables, value);
    }
  }
  return total;
}

function connectionNodes(value: unknown): unknown[] {
  const v = value as { edges?: { node: unknown }[]; nodes?: unknown[] };
  return v.nodes ?? v.edges?.map((e) => e.node) ?? [];
}

/** The selection of a connection's node (under edges { node } or nodes), with the node's own fields. */
function connectionNodeSelection(set: SelectionSetNode): SelectionSetNode {
  const selections = [];
  for (const s of set.selections) {
    if (s.kind !== 'Field' || !s.selectionSet) continue;
    if (s.name.value === 'nodes') selections.push(...s.selectionSet.selections);
    if (s.name.value === 'edges')
      for (const e of s.selectionSet.selections)
        if (e.kind === 'Field' && e.name.value === 'node' && e.selectionSet) selections.push(...e.selectionSet.selections);
  }
  return { kind: set.kind, selections } as SelectionSetNode;
}
