// A listening HTTP server around the Admin GraphQL handler, for the sync tests and the bench until
// the simulator's own server (part A: test/simulators/shopify/server.ts) mounts the handler.
// Routes: POST /{shop}/admin/api/{version}/graphql.json and GET /{shop}/bulk/{id}.jsonl.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminSimulator, type AdminSimulatorOptions } from './admin.ts';
import type { SimStore } from './store.ts';

export interface AdminServer {
  url: string;
  /** SHOPIFY_BASE_URL for the connector: `${url}/{shop}`. */
  baseUrl: string;
  sim: ReturnType<typeof adminSimulator>;
  stores: Map<string, SimStore>;
  /** Live tokens by shop; delete one to make the shop answer 401 (a revoked or uninstalled app). */
  tokens: Map<string, string>;
  /**
   * The shop's live token stops being accepted after `requests` more requests it authorizes, as
   * when its hour runs out mid-run (counted in requests, not time, so a test does not race a clock).
   */
  expireAfter(shop: string, requests: number): void;
  /** Whether the shop answers `token` (a test's token source refreshes when it no longer does). */
  accepts(shop: string, token: string): boolean;
  close(): Promise<void>;
}

export async function startAdminServer(options: Partial<Omit<AdminSimulatorOptions, 'stores' | 'acceptsToken' | 'publicBase'>> = {}): Promise<AdminServer> {
  const stores = new Map<string, SimStore>();
  const tokens = new Map<string, string>();
  /** Requests each expiring token still authorizes. */
  const left = new Map<string, number>();
  const accepts = (shop: string, token: string) => tokens.get(shop) === token && (left.get(token) ?? 1) > 0;
  const acceptsToken = (shop: string, token: string) => {
    if (!accepts(shop, token)) return false;
    if (left.has(token)) left.set(token, left.get(token)! - 1);
    return true;
  };
  let url = '';
  const sim = adminSimulator({ ...options, stores, acceptsToken, publicBase: () => url });
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const gql = /^\/([^/]+)\/admin\/api\/(\d{4}-\d{2})\/graphql\.json$/.exec(path);
    const bulk = /^\/([^/]+)\/bulk\/(\d+)\.jsonl$/.exec(path);
    const fail = (error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ message: String(error) }] }));
    };
    if (gql) sim.graphql(req, res, { shop: gql[1]!, version: gql[2]! }).catch(fail);
    else if (bulk) sim.bulkFile(req, res, { shop: bulk[1]!, id: bulk[2]! });
    else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"errors":"Not Found"}');
    }
  });
  // Node closes a keep-alive socket 5 s after a response is flushed to the kernel, even when the
  // client is still reading it (a backfill writing a batch between reads): storage servers do not.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrl: `${url}/{shop}`,
    sim,
    stores,
    tokens,
    expireAfter(shop, requests) {
      const token = tokens.get(shop);
      if (token) left.set(token, requests);
    },
    accepts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
