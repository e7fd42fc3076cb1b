// bench/ingest: orders with lines and refunds, as NDJSON, through the ingestion bulk path
// (bulkUpsertOrders: validation, the ledger, newer-wins, customers and products, the orders
// triggers deferred and rebuilt per batch) into PostgreSQL, against COPY of the same rows into
// the same tables (customers, inventory_items, orders, order_items, refunds) in the same run, both
// ways (bench/lib/copy-baseline.ts): constrained, as the service's own role can, foreign keys
// checked; raw, triggers and foreign keys off (the raw ceiling). The bulk load runs in a child
// process that holds only what loading needs (bench/lib/ingest-child.mjs: Prisma, the compiled
// ingestion service and the file's reader, under plain node; this process generates the file,
// migrates the database in another child and runs COPY). Prints orders/s of each, the ratios, the
// loading process's peak resident memory (VmHWM over its whole life) and its memory before the
// load, the CPU time per order of the loading process and of its server processes, and the load
// average (target: >= 0.25x of COPY, < 300 MB).
//   node bin/run-ts.js bench/ingest.ts [--orders 1000000] [--heap 192] [--growth 50|v8]
// The loading process runs with V8's heap growing factor of the processes that run imports and
// backfills (--heap-growing-percent=50: src/cli/heap.ts); --growth v8 leaves V8's default, a
// number sets another. --heap runs it with --max-old-space-size=<MB> (docs/ingestion.md, "Memory").
// The server: TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test (a scratch
// database); COPY reads files under the OS temp directory, so the server must be on this machine.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { testDatabaseUrls } from '../src/config.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import type { OrderRecord } from '../src/domain/ingestion/index.ts';
import { type CopyFiles, type CopyMode, copyAll, copyFiles, indexed, writeRows } from './lib/copy-baseline.ts';
import { procCpuMs } from './lib/cpu.ts';
import { HEAP_GROWING_PERCENT } from '../src/cli/heap.ts';

const { values } = parseArgs({
  options: { orders: { type: 'string', default: '1000000' }, heap: { type: 'string' }, growth: { type: 'string', default: String(HEAP_GROWING_PERCENT) } },
});
const HEAP = [
  ...(values.growth === 'v8' ? [] : [`--heap-growing-percent=${Number(values.growth)}`]),
  ...(values.heap === undefined ? [] : [`--max-old-space-size=${Number(values.heap)}`]),
];
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

/** Writes the COPY files of the bench's rows for one account (ids from `base`) and times COPY of them in this mode; the seconds, the server's CPU and the lines. */
async function timedCopy(client: pg.Client, files: CopyFiles, account: string, base: number, mode: CopyMode) {
  await writeRows(
    files.customers,
    indexed(CUSTOMERS, (n) => `${base + n},${account},"","",shopify,C-${n},2024-01-01T00:00:00Z\n`),
  );
  await writeRows(
    files.items,
    indexed(SKUS, (n) => `${base + n},${account},SKU-${n},SKU-${n},2024-01-01T00:00:00Z\n`),
  );
  await writeRows(
    files.orders,
    indexed(ORDERS, (n) => {
      const o = orderAt(n);
      return `${base + n},${account},${base + (n % CUSTOMERS)},shopify,O-${n},${n % 20 === 0 ? 'partially_refunded' : 'paid'},${o.subtotal},${o.total},${n % 20 === 0 ? '5.00' : '0'},${o.fees},${o.placedAt}\n`;
    }),
  );
  let lineId = base;
  await writeRows(
    files.lines,
    indexed(ORDERS, (n) =>
      orderAt(n)
        .lines.map((l) => `${lineId++},${account},${base + n},${base + Number(l.sku.slice(4))},${l.sku},${l.quantity},${l.unitPrice},${l.unitCost}\n`)
        .join(''),
    ),
  );
  await writeRows(
    files.refunds,
    indexed(ORDERS, (n) => (n % 20 === 0 ? `${base + n},${account},${base + n},shopify,R-${n},O-${n},${orderAt(n).placedAt},5.00\n` : null)),
  );
  const pid = Number((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
  const before = procCpuMs(pid) ?? 0;
  const seconds = await copyAll(client, files, mode);
  return { seconds, cpuMs: (procCpuMs(pid) ?? 0) - before, lines: lineId - base };
}

const load1 = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** What the loading process prints (bench/lib/ingest-child.mjs). */
interface LoadResult {
  seconds: number;
  counts: { stored: number; skipped: number; rejected: number };
  rssBeforeKb: number;
  peakKb: number;
  processMs: number;
  databaseMs: number;
}

async function main(): Promise<void> {
  // The loading process runs the compiled service: dist/ rebuilt first when a source is newer.
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  const { dir, files, remove } = copyFiles('bench-ingest-');
  const scratch = await createScratchDatabase(testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test', 'benchingest');
  const client = new pg.Client({ connectionString: scratch.connectionString });
  try {
    execFileSync(process.execPath, ['bin/run-ts.js', 'bench/lib/migrate-child.ts', scratch.connectionString], { stdio: 'inherit' });
    await client.connect();
    await client.query(
      `INSERT INTO accounts (id, name, updated_at) VALUES ('acc_bulk', 'Bulk', now()), ('acc_copy', 'Copy', now()), ('acc_copy_fk', 'Copy, constrained', now())`,
    );
    const ndjson = join(dir, 'orders.ndjson');
    await writeRows(
      ndjson,
      indexed(ORDERS, (n) => `${JSON.stringify(orderAt(n))}\n`),
    );

    // The bulk path, in a process of its own reading the file as a stream.
    const loadBefore = load1();
    const output = execFileSync(process.execPath, [...HEAP, 'bench/lib/ingest-child.mjs', scratch.connectionString, ndjson, 'acc_bulk'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    });
    const load = JSON.parse(output.trim().split('\n').pop()!) as LoadResult;
    if (load.counts.stored !== ORDERS) throw new Error(`bulk stored ${load.counts.stored} of ${ORDERS}`);
    const bulkSeconds = load.seconds;

    // COPY of the same rows (ids given, far above the bulk load's), both ways (copy-baseline.ts):
    // as the service's own role can (the target's baseline, first: tables no larger than the bulk
    // load left them), then the raw ceiling, each into an account of its own.
    const constrained = await timedCopy(client, files, 'acc_copy_fk', 200_000_000, 'constrained');
    const raw = await timedCopy(client, files, 'acc_copy', 100_000_000, 'raw');
    const rate = (seconds: number) => `${(ORDERS / seconds).toFixed(0).padStart(8)} orders/s  (${seconds.toFixed(1)} s)`;
    console.log(`${ORDERS} orders (with ${raw.lines} lines, ${Math.ceil(ORDERS / 20)} refunds, ${CUSTOMERS} customers)`);
    console.log(`bulk path (NDJSON):           ${rate(bulkSeconds)}`);
    console.log(`COPY, constrained (same rows): ${rate(constrained.seconds)}`);
    console.log(`COPY, raw (same rows):         ${rate(raw.seconds)}`);
    console.log(
      `ratio bulk/COPY:     ${(constrained.seconds / bulkSeconds).toFixed(2)}x constrained (target >= 0.25x), ${(raw.seconds / bulkSeconds).toFixed(2)}x raw`,
    );
    const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
    console.log(
      `loading process${HEAP.length ? ` (${HEAP.join(' ')})` : ''}: peak RSS ${mb(load.peakKb)} (VmHWM, target < 300 MB), ${mb(load.rssBeforeKb)} before the load (node, Prisma, the compiled service)`,
    );
    const us = (ms: number) => ((ms * 1000) / ORDERS).toFixed(0);
    console.log(
      `CPU per order: loading process ${us(load.processMs)} us, its server processes ${us(load.databaseMs)} us (wall ${us(bulkSeconds * 1000)} us); COPY's server process ${us(constrained.cpuMs)} us constrained (wall ${us(constrained.seconds * 1000)} us), ${us(raw.cpuMs)} us raw (wall ${us(raw.seconds * 1000)} us)`,
    );
    console.log(`load average: ${loadBefore} before the bulk load, ${load1()} at the end`);
  } finally {
    await client.end().catch(() => {});
    await scratch.drop();
    remove();
  }
}

await main();
