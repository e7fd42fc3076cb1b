// The Shopify simulator's HTTP server (in-process, started by a test): one listening server whose
// base URL template `http://127.0.0.1:<port>/{shop}` is what SHOPIFY_BASE_URL takes, and a route
// table keyed by method and path pattern under `/{shop}`. oauth.ts mounts the authorize and
// token endpoints; the Admin GraphQL endpoint is mounted with `addRoute('POST', GRAPHQL_ROUTE, ...)`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** `/{shop}/admin/api/{version}/graphql.json`: params.shop and params.version. */
export const GRAPHQL_ROUTE = '/admin/api/:version/graphql.json';

export interface SimRequest {
  method: string;
  shop: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface SimAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export type SimHandler = (request: SimRequest) => SimAnswer | Promise<SimAnswer>;

/** A handler that reads the request and writes the answer itself (a streamed body: the Admin GraphQL endpoint, bulk JSONL files). */
export type RawSimHandler = (request: IncomingMessage, response: ServerResponse, params: Record<string, string> & { shop: string }) => Promise<void> | void;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: SimHandler;
}

export interface SimServer {
  /** `http://127.0.0.1:<port>/{shop}`: the SHOPIFY_BASE_URL of the app under test. */
  baseUrlTemplate: string;
  /** The base URL of one shop. */
  shopUrl(shop: string): string;
  /** Adds a handler for `method` and a path under `/{shop}` (`:name` segments become params). */
  addRoute(method: string, path: string, handler: SimHandler): void;
  /** The same for a handler that streams (tried before the others; the body is left unread for it). */
  addRawRoute(method: string, path: string, handler: RawSimHandler): void;
  /** Every request the server received (method, shop, path), for assertions. */
  readonly requests: Array<{ method: string; shop: string; path: string }>;
  close(): Promise<void>;
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Listens on `port` of 127.0.0.1 (0: any free one). */
export async function startSimServer(port = 0): Promise<SimServer> {
  const routes: Route[] = [];
  const rawRoutes: Array<{ method: string; pattern: RegExp; names: string[]; handler: RawSimHandler }> = [];
  const requests: SimServer['requests'] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sim');
    const [, shop = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const method = request.method ?? 'GET';
    requests.push({ method, shop, path });
    for (const route of rawRoutes) {
      const match = route.method === method ? route.pattern.exec(path) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      await route.handler(request, response, { ...params, shop });
      return;
    }
    const body = await readBody(request);
    for (const route of routes) {
      const match = route.method === method ? route.pattern.exec(path) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      const answer = await route.handler({ method, shop, params, query: url.searchParams, headers: request.headers, body });
      const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      response.writeHead(answer.status, {
        ...(answer.body !== undefined && typeof answer.body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...answer.headers,
      });
      response.end(text);
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ errors: 'Not Found' }));
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.end();
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errors: String(error) }));
    });
  });
  // A backfill reads a bulk file slowly (a batch written between reads): keep its socket open.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  const template = `http://127.0.0.1:${listening}/{shop}`;
  return {
    baseUrlTemplate: template,
    shopUrl: (shop) => template.replace('{shop}', shop),
    addRoute(method, path, handler) {
      routes.push({ method, ...compile(path), handler });
    },
    addRawRoute(method, path, handler) {
      rawRoutes.push({ method, ...compile(path), handler });
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
