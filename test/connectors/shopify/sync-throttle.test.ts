// The Admin GraphQL client against the simulator's cost accounting (no database): it waits for
// the bucket before a query the bucket cannot pay, so the simulator's bucket is never asked for
// more than it holds; a THROTTLED answer (another client drained the bucket) is retried once the
// reported bucket can pay; a 401 is a ShopifyTokenError; a query over the cost cap is an error,
// not a retry loop. Every query the connector sends validates against the simulator's schema
// (Shopify's published one when present). A base URL template naming {shop} more than once has
// every one replaced (as the OAuth calls do).
import { jest } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'graphql';
import { adminClient, ShopifyApiError, ShopifyTokenError } from '../../../src/connectors/shopify/index.ts';
import { BACKFILL_STREAMS } from '../../../src/connectors/shopify/backfill.ts';
import { startAdminServer, type AdminServer } from '../../simulators/shopify/admin-server.ts';
import { startSimServer } from '../../simulators/shopify/server.ts';
import { generateStore } from '../../simulators/shopify/store.ts';
import { API_VERSION } from './sync-helpers.ts';

jest.setTimeout(120_000);

const SHOP = 'throttle-test.myshopify.com';
const PAGE = `query Page($after: String) { orders(first: 20, after: $after) { pageInfo { hasNextPage endCursor } edges { node { id totalPriceSet { shopMoney { amount } } } } } }`;

describe('shopify admin client throttling', () => {
  let sim: AdminServer;

  beforeAll(async () => {
    // A small bucket that refills fast: a few pages drain it, a second refills most of it.
    sim = await startAdminServer({ bucket: { maximumAvailable: 200, restoreRate: 400 } });
    sim.stores.set(SHOP, generateStore(SHOP, { seed: 3, orders: 200 }));
    sim.tokens.set(SHOP, 'shpat_ok');
  });
  afterAll(() => sim?.close());

  const client = () => adminClient({ apiVersion: API_VERSION, baseUrl: sim.baseUrl }, SHOP, 'shpat_ok', { backoffMs: 5 });

  async function readAll(c = client()) {
    let after: string | null = null;
    let count = 0;
    for (;;) {
      const page: { orders: { pageInfo: { hasNextPage: boolean; endCursor: string }; edges: unknown[] } } = await c.query(PAGE, { after });
      count += page.orders.edges.length;
      if (!page.orders.pageInfo.hasNextPage) return count;
      after = page.orders.pageInfo.endCursor;
    }
  }

  test('paging through more than the bucket holds: the client waits, the simulator never throttles it', async () => {
    const before = { ...sim.sim.stats };
    expect(await readAll()).toBe(200);
    // Each page asks 2 + 20 x 3 = 62 points: ten pages are three bucketfuls, paid as it refills.
    expect(sim.sim.stats.requests - before.requests).toBe(10);
    expect(sim.sim.stats.throttled).toBe(before.throttled);
    expect(sim.sim.stats.minAvailable).toBeGreaterThanOrEqual(0);
  });

  test('a bucket drained by someone else: THROTTLED answers are retried until the page is read', async () => {
    const c = client();
    await c.query(PAGE, { after: null }); // learns the bucket and the query's cost
    const throttledBefore = sim.sim.stats.throttled;
    // Held empty for the next two queries: both are THROTTLED however slow the machine is.
    sim.sim.drain(SHOP, 0, 2);
    expect(await readAll(c)).toBe(200);
    expect(sim.sim.stats.throttled).toBe(throttledBefore + 2);
  });

  test('an unknown or revoked token is a ShopifyTokenError (401), without retries', async () => {
    const requests = sim.sim.stats.requests;
    const bad = adminClient({ apiVersion: API_VERSION, baseUrl: sim.baseUrl }, SHOP, 'shpat_revoked');
    await expect(bad.query(PAGE, { after: null })).rejects.toBeInstanceOf(ShopifyTokenError);
    await expect(bad.query(PAGE, { after: null })).rejects.not.toThrow('shpat_revoked');
    expect(sim.sim.stats.requests).toBe(requests);
  });

  test('a query over the 1,000-point cap is an error, not retried', async () => {
    const dear = `{ orders(first: 250) { edges { node { id lineItems(first: 250) { edges { node { id } } } } } } }`;
    await expect(client().query(dear)).rejects.toBeInstanceOf(ShopifyApiError);
  });

  test('a base URL template with {shop} twice reaches the address with both replaced', async () => {
    const server = await startSimServer();
    try {
      server.addRoute('POST', '/:inner/admin/api/:version/graphql.json', (request) => ({
        status: 200,
        body: { data: { shop: request.shop, inner: request.params.inner, version: request.params.version } },
      }));
      const twice = adminClient({ apiVersion: API_VERSION, baseUrl: `${server.baseUrlTemplate}/{shop}` }, SHOP, 'shpat_ok');
      expect(await twice.query('{ shop { name } }')).toEqual({ shop: SHOP, inner: SHOP, version: API_VERSION });
    } finally {
      await server.close();
    }
  });

  test('a redirect is an error: the access token never follows it to another host', async () => {
    const seen: Array<string | undefined> = [];
    const elsewhere = createServer((req, res) => {
      seen.push(req.headers['x-shopify-access-token'] as string | undefined);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`;
    const redirecting = createServer((_req, res) => res.writeHead(307, { location: target }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/{shop}`;
      const c = adminClient({ apiVersion: API_VERSION, baseUrl: base }, SHOP, 'shpat_secret', { backoffMs: 1, maxRetries: 1 });
      await expect(c.query(PAGE, { after: null })).rejects.toBeInstanceOf(ShopifyApiError);
      expect(seen).toEqual([]);
    } finally {
      redirecting.close();
      elsewhere.close();
    }
  });

  test("the connector's bulk queries validate against the schema (Shopify's own when present)", () => {
    for (const [name, stream] of Object.entries(BACKFILL_STREAMS)) expect([name, sim.sim.check(parse(stream.query)).map((e) => e.message)]).toEqual([name, []]);
  });
});
