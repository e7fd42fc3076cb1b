// Shared set-up of the Shopify sync suites: one database, app, Admin simulator and SQL client per
// file (syncSuite), an account with a connected Shopify integration for a generated shop, and the
// sync service wired to the test app's own ingestion and integrations services (as buildServices
// wires it from its port).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { makeAccount } from '../../factories/index.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import type { DatabaseTarget, TestDatabase } from '../../helpers/databases.ts';
import { startAdminServer, type AdminServer } from '../../simulators/shopify/admin-server.ts';
import { generateStore, orderTotals, type GenerateOptions, type SimStore } from '../../simulators/shopify/store.ts';
import { shopifySync, type ShopifySync, type ShopifySyncDeps } from '../../../src/connectors/shopify/index.ts';
import { syncStreamsService } from '../../../src/domain/integrations/index.ts';
import type { IngestionService } from '../../../src/domain/ingestion/index.ts';
import { jobsRepo } from '../../../src/jobs/repo.ts';

export const API_VERSION = '2025-01';

export interface ShopFixture {
  accountId: string;
  integrationId: number;
  shop: string;
  token: string;
  store: SimStore;
}

export interface SyncSuite {
  readonly app: TestApp;
  readonly sim: AdminServer;
  /** The integrations' shops, by integration id (what syncFor's token source answers). */
  shops: Map<number, string>;
  /** Rows of one SQL statement on the suite's database. */
  q(sql: string, params?: unknown[]): Promise<pg.QueryResult['rows']>;
  /** connectShop on the suite's app and simulator. */
  connect(options: Omit<GenerateOptions, 'seed'> & { seed?: number }): Promise<ShopFixture>;
  /** syncFor on the suite's app and simulator. */
  sync(overrides?: Partial<ShopifySyncDeps>): ShopifySync;
}

/** Starts the suite's database, app, simulator and SQL client before its tests and closes them after. */
export function syncSuite(target: DatabaseTarget): SyncSuite {
  let database: TestDatabase | undefined;
  let app: TestApp | undefined;
  let sim: AdminServer | undefined;
  let client: pg.Client | undefined;
  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database);
    sim = await startAdminServer();
    client = new pg.Client({ connectionString: database.connectionString });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await sim?.close();
    await app?.close();
    await database?.close();
  });
  const shops = new Map<number, string>();
  return {
    get app() {
      return app!;
    },
    get sim() {
      return sim!;
    },
    shops,
    q: async (sql, params = []) => (await client!.query(sql, params)).rows,
    connect: (options) => connectShop(app!, sim!, shops, options),
    sync: (overrides) => syncFor(app!, sim!, shops, overrides),
  };
}

/** The sync service over the test app, reading tokens from the simulator's live tokens. */
export function syncFor(app: TestApp, sim: AdminServer, shops: Map<number, string>, overrides: Partial<ShopifySyncDeps> = {}): ShopifySync {
  return shopifySync({
    ingestion: app.services.ingestion,
    integrations: app.services.integrations,
    streams: syncStreamsService(app.db.prisma),
    stock: app.services.connections,
    api: { apiVersion: API_VERSION, baseUrl: sim.baseUrl },
    publicUrl: 'https://svc.example.com',
    access: async (integrationId) => {
      const shop = shops.get(integrationId)!;
      return { shop, accessToken: `shpat_${shop}` };
    },
    enqueue: (accountId) => jobsRepo(app.db.prisma).enqueueNow('shopify-sync', accountId),
    pollMs: 10,
    maxWaitMs: 60_000,
    batchSize: 50,
    client: { backoffMs: 20 },
    ...overrides,
  });
}

/** A new account connected to a new generated shop on the simulator. */
export async function connectShop(
  app: TestApp,
  sim: AdminServer,
  shops: Map<number, string>,
  options: Omit<GenerateOptions, 'seed'> & { seed?: number },
): Promise<ShopFixture> {
  const shop = `sim-${randomBytes(4).toString('hex')}.myshopify.com`;
  const store = generateStore(shop, { seed: options.seed ?? 7, ...options });
  sim.stores.set(shop, store);
  const token = `shpat_${shop}`;
  sim.tokens.set(shop, token);
  const account = await makeAccount(app.db.prisma);
  const row = await app.services.integrations.connectIntegration(account.id, {
    provider: 'shopify',
    shop,
    scopes: ['read_orders', 'read_all_orders', 'read_customers', 'read_products', 'read_inventory'],
  });
  shops.set(row.id, shop);
  return { accountId: account.id, integrationId: row.id, shop, token, store };
}

export { startAdminServer, orderTotals };

/** Cents as the database's numeric text ("12.50"). */
export const money = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** What the simulator's own data says the stored orders must add up to (test orders never stored). */
export function expectedTotals(store: SimStore) {
  const counted = store.orders.filter((o) => !o.test);
  let total = 0;
  let refunded = 0;
  let lines = 0;
  for (const o of counted) {
    const t = orderTotals(o);
    total += t.total;
    refunded += t.refunded;
    lines += o.lines.length;
  }
  return {
    orders: counted.length,
    cancelled: counted.filter((o) => o.cancelledAt).length,
    total: money(total),
    refunded: money(refunded),
    refunds: counted.reduce((s, o) => s + o.refunds.length, 0),
    lines,
    presentment: counted.filter((o) => o.presentmentCurrency !== 'USD').length,
    customers: store.customers.length,
    skus: store.variants.length,
    cost: money(store.variants.reduce((s, v) => s + v.cost, 0)),
    stock: store.variants.reduce((s, v) => s + v.inventory, 0),
  };
}

/**
 * The ingestion service with `then` called after the nth committed batch of the backfill's orders
 * (their one bulkUpsertOrders call reports each commit through its progress callback), e.g. to stop
 * the run there as a dying worker would.
 */
export function afterOrderBatches(ingestion: IngestionService, n: number, then: () => void): IngestionService {
  let batches = 0;
  return {
    ...ingestion,
    bulkUpsertOrders: (accountId, origin, records, options = {}) =>
      ingestion.bulkUpsertOrders(accountId, origin, records, {
        ...options,
        progress: (counts) => {
          options.progress?.(counts);
          if (++batches === n) then();
        },
      }),
  };
}
