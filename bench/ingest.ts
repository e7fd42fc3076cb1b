// bench/ingest: orders with lines and refunds, as NDJSON, through the ingestion bulk path
// (bulkUpsertOrders: validation, the ledger, newer-wins, customers and products, the orders
// triggers deferred and rebuilt per batch) into PostgreSQL, against COPY of the same rows into
// the same tables (customers, inventory_items, orders, order_items, refunds; triggers and
// foreign keys off: the raw ceiling) in the same run. Prints orders/s of each, the ratio, and the
// peak RSS of this process during the bulk load (target: >= 0.25x of COPY, < 300 MB).
//   node bin/run-ts.js bench/ingest.ts [--orders 1000000]
// The server: TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test (a scratch
// database); COPY reads files under the OS temp directory, so the server must be on this machine.
import { createReadStream } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { testDatabaseUrls } from '../src/config.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { migrationTarget } from '../src/db/database.ts';
import { createPrisma } from '../src/db/client.ts';
import { ingestionService, type OrderRecord } from '../src/domain/ingestion/index.ts';
import { copyAll, copyFiles, indexed, writeRows } from './lib/copy-baseline.ts';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '1000000' } } });
const ORDERS = Number(values.orders);
const CUSTOMERS = Math.max(1, Math.floor(ORDERS / 5));
const SKUS = 500;
const START = Date.parse('2024-01-01T00:00:00Z');
const money = (cents: number) => (cents / 100).toFixed(2);

/** Order n: 1-3 lines, every 20th refunded in part, placed in date order. */
function orderAt(n: number): OrderRecord {
  const lines = Array.from({ length: 1 + (n % 3) }, (_, i) => ({
    sku: `SKU-${(n * 7 + i) % SKUS}`,
    quantity: 1 + (i % 2),
    unitPrice: money(1500 + i * 250),
    unitCost: money(600),
  }));
  const subtotal = lines.reduce((s, l) => s + l.quantity * Math.round(Number(l.unitPrice) * 100), 0);
  const placedAt = new Date(START + n * 30_000).toISOString();
  return {
    externalId: `O-${n}`,
    updatedAt: placedAt,
    placedAt,
    currency: 'USD',
    customer: { externalId: `C-${n % CUSTOMERS}` },
    subtotal: money(subtotal),
    total: money(subtotal),
    fees: money(30),
    lines,
    refunds: n % 20 === 0 ? [{ externalId: `R-${n}`, orderExternalId: `O-${n}`, updatedAt: placedAt, refundedAt: placedAt, amount: money(500) }] : [],
  };
}

async function main(): Promise<void> {
  const { dir, files, remove } = copyFiles('bench-ingest-');
  const scratch = await createScratchDatabase(testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test', 'benchingest');
  const client = new pg.Client({ connectionString: scratch.connectionString });
  const prisma = createPrisma(scratch.connectionString, { poolSize: 2 });
  try {
    await applyMigrations(migrationTarget(scratch.connectionString, 'server'));
    await client.connect();
    await client.query(`INSERT INTO accounts (id, name, updated_at) VALUES ('acc_bulk', 'Bulk', now()), ('acc_copy', 'Copy', now())`);
    const ndjson = join(dir, 'orders.ndjson');
    await writeRows(
      ndjson,
      indexed(ORDERS, (n) => `${JSON.stringify(orderAt(n))}\n`),
    );

    // The bulk path, reading the file as a stream.
    // What the process holds before it writes: tsx (this script is TypeScript), Prisma's client and
    // query compiler, the schema engine that migrated the scratch database (a worker that imports
    // runs compiled JavaScript and does not migrate).
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const records = async function* () {
      for await (const line of createInterface({ input: createReadStream(ndjson), crlfDelay: Infinity })) if (line) yield JSON.parse(line) as OrderRecord;
    };
    const bulkStart = performance.now();
    const result = await ingestionService(prisma).bulkUpsertOrders('acc_bulk', { source: 'shopify', integrationId: null, via: 'import' }, records());
    const bulkSeconds = (performance.now() - bulkStart) / 1000;
    clearInterval(sampler);
    if (result.counts.stored !== ORDERS) throw new Error(`bulk stored ${result.counts.stored} of ${ORDERS}`);

    // COPY of the same rows (ids given, far above the bulk load's).
    const base = 100_000_000;
    await writeRows(
      files.customers,
      indexed(CUSTOMERS, (n) => `${base + n},acc_copy,"","",shopify,C-${n},2024-01-01T00:00:00Z\n`),
    );
    await writeRows(
      files.items,
      indexed(SKUS, (n) => `${base + n},acc_copy,SKU-${n},SKU-${n},2024-01-01T00:00:00Z\n`),
    );
    await writeRows(
      files.orders,
      indexed(ORDERS, (n) => {
        const o = orderAt(n);
        return `${base + n},acc_copy,${base + (n % CUSTOMERS)},shopify,O-${n},${n % 20 === 0 ? 'partially_refunded' : 'paid'},${o.subtotal},${o.total},${n % 20 === 0 ? '5.00' : '0'},${o.fees},${o.placedAt}\n`;
      }),
    );
    let lineId = base;
    await writeRows(
      files.lines,
      indexed(ORDERS, (n) =>
        orderAt(n)
          .lines.map((l) => `${lineId++},acc_copy,${base + n},${base + Number(l.sku.slice(4))},${l.sku},${l.quantity},${l.unitPrice},${l.unitCost}\n`)
          .join(''),
      ),
    );
    await writeRows(
      files.refunds,
      indexed(ORDERS, (n) => (n % 20 === 0 ? `${base + n},acc_copy,${base + n},shopify,R-${n},O-${n},${orderAt(n).placedAt},5.00\n` : null)),
    );
    const copySeconds = await copyAll(client, files);

    const bulkRate = ORDERS / bulkSeconds;
    const copyRate = ORDERS / copySeconds;
    console.log(`${ORDERS} orders (with ${lineId - base} lines, ${Math.ceil(ORDERS / 20)} refunds, ${CUSTOMERS} customers)`);
    console.log(`bulk path (NDJSON):  ${bulkRate.toFixed(0).padStart(8)} orders/s  (${bulkSeconds.toFixed(1)} s)`);
    console.log(`COPY (same rows):    ${copyRate.toFixed(0).padStart(8)} orders/s  (${copySeconds.toFixed(1)} s)`);
    console.log(`ratio bulk/COPY:     ${(bulkRate / copyRate).toFixed(2)}x   (target >= 0.25x)`);
    console.log(`peak RSS during the bulk load: ${(peak / 1024 / 1024).toFixed(0)} MB   (target < 300 MB; ${(before / 1024 / 1024).toFixed(0)} MB before it)`);
    console.log(
      `load average: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await prisma.$disconnect();
    await client.end().catch(() => {});
    await scratch.drop();
    remove();
  }
}

await main();
