// bench/shopify-backfill: a Shopify backfill of a generated shop against the in-process simulator
// (three bulk operations, their JSONL streamed over HTTP, joined by __parentId, mapped and written
// through the ingestion commands in batches, positions stored after each), against the plain
// ingestion bulk form (bulkUpsertOrders) of the same orders, already mapped and in memory, into
// another account of the same database, in the same run. Prints orders/s of each and the ratio,
// and the peak RSS during the backfill.
//   node bin/run-ts.js bench/shopify-backfill.ts [--orders 20000] [--batch 500]
// The server: TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test (a scratch database).
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { testDatabaseUrls } from '../src/config.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { migrationTarget } from '../src/db/database.ts';
import { createPrisma } from '../src/db/client.ts';
import { ingestionService, type OrderRecord } from '../src/domain/ingestion/index.ts';
import { integrationsService, syncStreamsService } from '../src/domain/integrations/index.ts';
import { connectorStock } from '../src/domain/connections/index.ts';
import { shopifySync } from '../src/connectors/shopify/index.ts';
import { mapOrder, type GqlLineItem, type GqlOrder } from '../src/connectors/shopify/map-graphql.ts';
import { startAdminServer } from '../test/simulators/shopify/admin-server.ts';
import { generateStore } from '../test/simulators/shopify/store.ts';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '20000' }, batch: { type: 'string', default: '500' } } });
const ORDERS = Number(values.orders);
const SHOP = 'bench-shop.myshopify.com';

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test', 'benchshopify');
  const client = new pg.Client({ connectionString: scratch.connectionString });
  const prisma = createPrisma(scratch.connectionString, { poolSize: 2 });
  const sim = await startAdminServer({ bucket: { maximumAvailable: 2000, restoreRate: 100 } });
  try {
    await applyMigrations(migrationTarget(scratch.connectionString, 'server'));
    await client.connect();
    await client.query(`INSERT INTO accounts (id, name, updated_at) VALUES ('acc_sync', 'Sync', now()), ('acc_bulk', 'Bulk', now())`);
    const store = generateStore(SHOP, { seed: 42, orders: ORDERS, days: 730 });
    sim.stores.set(SHOP, store);
    sim.tokens.set(SHOP, 'shpat_bench');
    const ingestion = ingestionService(prisma);
    const integrations = integrationsService(prisma);
    const { id: integrationId } = await integrations.connectIntegration('acc_sync', {
      provider: 'shopify',
      shop: SHOP,
      scopes: ['read_orders', 'read_all_orders'],
    });
    const sync = shopifySync({
      ingestion,
      integrations,
      streams: syncStreamsService(prisma),
      stock: connectorStock(prisma),
      api: { apiVersion: '2025-01', baseUrl: sim.baseUrl },
      publicUrl: 'https://bench.example.com',
      access: async () => ({ shop: SHOP, accessToken: 'shpat_bench' }),
      enqueue: async () => {},
      batchSize: Number(values.batch),
      pollMs: 20,
    });

    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const syncStart = performance.now();
    await sync.syncIntegration('acc_sync', integrationId, new Date());
    const syncSeconds = (performance.now() - syncStart) / 1000;
    clearInterval(sampler);
    const status = await sync.syncStatus('acc_sync', integrationId);
    if (status.phase !== 'synced') throw new Error(`backfill ended ${status.phase}: ${status.lastError}`);

    // The same orders as the backfill read them, mapped once, through the plain bulk form.
    const op = sim.sim.bulkOps.get(SHOP)!.at(-1)!;
    const records: OrderRecord[] = [];
    let current: { order: GqlOrder; lines: GqlLineItem[] } | null = null;
    for (const text of op.jsonl!.split('\n')) {
      if (!text) continue;
      const line = JSON.parse(text) as { __parentId?: string };
      if (line.__parentId) current!.lines.push(line as unknown as GqlLineItem);
      else {
        if (current) records.push(mapOrder(current.order, current.lines));
        current = { order: line as unknown as GqlOrder, lines: [] };
      }
    }
    if (current) records.push(mapOrder(current.order, current.lines));
    const bulkStart = performance.now();
    await ingestion.bulkUpsertOrders('acc_bulk', { source: 'shopify', integrationId: null, via: 'import' }, records, { batchSize: Number(values.batch) });
    const bulkSeconds = (performance.now() - bulkStart) / 1000;

    const [{ n: syncOrders }] = (await client.query(`SELECT count(*)::int AS n FROM orders WHERE account_id = 'acc_sync'`)).rows;
    const [{ n: bulkOrders }] = (await client.query(`SELECT count(*)::int AS n FROM orders WHERE account_id = 'acc_bulk'`)).rows;
    const syncRate = ORDERS / syncSeconds;
    const bulkRate = ORDERS / bulkSeconds;
    console.log(
      `${ORDERS} orders (${syncOrders} stored by the backfill, ${bulkOrders} by the bulk form; test orders are not stored), ${store.customers.length} customers, ${store.variants.length} variants`,
    );
    console.log(
      `backfill (3 bulk operations, JSONL over HTTP): ${syncRate.toFixed(0).padStart(7)} orders/s  (${syncSeconds.toFixed(1)} s, ${status.progress.records} records)`,
    );
    console.log(`plain bulk form (same orders, in memory):      ${bulkRate.toFixed(0).padStart(7)} orders/s  (${bulkSeconds.toFixed(1)} s)`);
    console.log(`ratio backfill/bulk form: ${(syncRate / bulkRate).toFixed(2)}x`);
    console.log(`peak RSS during the backfill: ${(peak / 1024 / 1024).toFixed(0)} MB (the simulator's store and files are in this process too)`);
  } finally {
    await sim.close();
    await prisma.$disconnect();
    await client.end().catch(() => {});
    await scratch.drop();
  }
}

await main();
