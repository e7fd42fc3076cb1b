// bench/catchup: how soon an order written now is counted in today's profitReport bucket. Orders
// are written one by one through the ingestion commands (each its own transaction, which marks its
// day, customer and SKU) at a steady rate while a job runner's catch-up lane runs in this process
// (`--workers 2`: two runners on two connections, as two `svc worker` processes would share the
// queue); a prober reads today's bucket through the reports service (what GraphQL profitReport
// calls) every 50 ms. The j-th order committed counts as seen at the first probe whose purchase
// count includes j new orders (a catch-up recounts every order committed before it takes its
// marks, so the counted orders are a prefix of the commits; an account's writes are serialized,
// so the order the writes complete in is their commit order). The delay is counted from the moment
// the write is issued (its own time included). Prints p50, p90, p99 and the worst delay from write
// to counted (target: p99 < 5 s), and, measured in the same run as references,
// one write's commit time and one catch-up run's time; and first, what marking costs a write (writes
// one at a time with and without it, alternating: rates and their ratio).
//   npm run bench:catchup -- [--rate 50] [--seconds 60] [--workers 1] [--history-days 90] [--embedded]
// The server: TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test (a scratch
// database, dropped after); `--embedded`: an in-memory embedded database instead.
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadConfig, testDatabaseUrls } from '../src/config.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { openMemoryDatabase } from '../src/db/embedded.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { connectDatabase, migrationTarget, type Database } from '../src/db/database.ts';
import { buildServices, type Services } from '../src/services.ts';
import { jobRunner, type JobRunner } from '../src/jobs/runner.ts';
import { localDate } from '../src/domain/shared/index.ts';
import { alternate, ratioLine } from './lib/before-after.ts';
import { ingestionService, type Origin } from '../src/domain/ingestion/index.ts';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    workers: { type: 'string', default: '1' },
    'history-days': { type: 'string', default: '90' },
    embedded: { type: 'boolean', default: false },
  },
});
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const WORKERS = Number(values.workers);
const HISTORY_DAYS = Number(values['history-days']);
const ACCOUNT = 'acc_bench_catchup';
const SKUS = 200;
const CUSTOMERS = 2_000;
const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
const ORIGIN: Origin = { source: 'shopify', integrationId: null, via: 'import' };

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** An account with HISTORY_DAYS of orders (200 a day), customers and stocked SKUs, and its analytics computed once. */
async function seed(db: Database, services: Services): Promise<void> {
  await db.prisma.$executeRawUnsafe(`
    INSERT INTO accounts (id, name, timezone, updated_at) VALUES ('${ACCOUNT}', 'Bench catch-up', 'UTC', now());
    INSERT INTO inventory_items (account_id, sku, product_name, current_stock, lead_time_days, unit_cost, unit_price, updated_at)
      SELECT '${ACCOUNT}', 'SKU-' || g, 'Product ' || g, 500, 14, 10, 25, now() FROM generate_series(1, ${SKUS}) g;
    INSERT INTO customers (account_id, email, name, source, external_id, city, country, updated_at)
      SELECT '${ACCOUNT}', 'c' || g || '@example.com', 'Customer ' || g, 'shopify', 'shopify:bench:c' || g, 'Austin', 'US', now()
      FROM generate_series(1, ${CUSTOMERS}) g;`);
  await db.prisma.$executeRawUnsafe(`
    INSERT INTO orders (account_id, customer_id, source, external_id, status, subtotal, total_amount, refunded_amount, fees_amount, shipping_cost, placed_at)
      SELECT '${ACCOUNT}', (SELECT min(id) FROM customers WHERE account_id = '${ACCOUNT}') + g % ${CUSTOMERS}, 'shopify', 'H-' || g, 'paid', 50, 50, 0, 1.5, 4,
             now() - interval '1 day' - (g % ${HISTORY_DAYS}) * interval '1 day' - (g % 977) * interval '1 minute'
      FROM generate_series(1, ${HISTORY_DAYS * 200}) g;`);
  await db.prisma.$executeRawUnsafe(`
    INSERT INTO order_items (account_id, order_id, inventory_item_id, sku, quantity, unit_price, unit_cost)
      SELECT o.account_id, o.id, i.id, i.sku, 2, 25, 10
      FROM orders o JOIN inventory_items i ON i.account_id = o.account_id AND i.sku = 'SKU-' || (1 + o.id % ${SKUS})
      WHERE o.account_id = '${ACCOUNT}';
    ANALYZE orders; ANALYZE order_items; ANALYZE customers; ANALYZE inventory_items;`);
  const now = new Date();
  await services.profit.snapshotProfit(ACCOUNT, now, { full: true });
  await services.customers.recomputeMetrics(ACCOUNT, now, { full: true });
  await services.inventory.computeInventoryVelocity(ACCOUNT, now);
}

async function main(): Promise<void> {
  const embedded = values.embedded ? await openMemoryDatabase() : null;
  const scratch = embedded ? null : await createScratchDatabase(testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test', 'benchcatchup');
  const url = embedded?.connectionString ?? scratch!.connectionString;
  const kind = embedded ? 'embedded' : 'server';
  await applyMigrations(migrationTarget(url, kind));
  const config = loadConfig({ env, envFile: null });
  const db = await connectDatabase(url, kind, { poolSize: 20, connectionTimeoutMs: 120_000 });
  const services = buildServices(config, db);
  const workers: Array<{ db: Database; runner: JobRunner }> = [];
  try {
    const seedStart = performance.now();
    await seed(db, services);
    console.log(
      `${kind} database; account: ${HISTORY_DAYS} days of history (${HISTORY_DAYS * 200} orders), ${CUSTOMERS} customers, ${SKUS} SKUs (seeded in ${sec(performance.now() - seedStart)})`,
    );
    for (let n = 0; n < WORKERS; n++) {
      // Each worker on connections of its own, as a `svc worker` process is.
      const workerDb = await connectDatabase(url, kind, { poolSize: 4, connectionTimeoutMs: 120_000 });
      const runner = jobRunner({ prisma: workerDb.prisma, services: buildServices(config, workerDb), jobs: [], settings: config.jobs });
      runner.start();
      workers.push({ db: workerDb, runner });
    }
    const today = () => localDate(new Date(), 'UTC');
    // The prober reads on connections of its own, as a dashboard through the API would: the writers
    // waiting for the account's write lock hold the writing pool's connections.
    const probeDb = await connectDatabase(url, kind, { poolSize: 2, connectionTimeoutMs: 120_000 });
    workers.push({ db: probeDb, runner: jobRunner({ prisma: probeDb.prisma, services, jobs: [], demand: false }) });
    const probe = buildServices(config, probeDb);
    const counted = async () => {
      const day = today();
      const report = await probe.reports.profitReport(ACCOUNT, { range: { from: day, to: day }, interval: 'DAY' });
      return report.buckets[0]!.totals.purchaseCount;
    };

    // Writes go through the ingestion commands (the one write path), which call the catch-up's
    // port in their transaction; `unmarked` is the same path with the port doing nothing.
    const unmarked = ingestionService(db.prisma);
    let written = 0;
    const commitMs: number[] = [];
    /** When each write was issued, in the order the writes completed (the account's writes are serialized, so that is their commit order). */
    const commits: number[] = [];
    async function writeOrder(n: number, mark = true): Promise<void> {
      const start = Date.now();
      const placedAt = new Date(start);
      const customer = `bc-${n % CUSTOMERS}`;
      const result = await (mark ? services.ingestion : unmarked).upsertOrders(ACCOUNT, ORIGIN, [
        {
          externalId: `N-${n}`,
          updatedAt: placedAt.toISOString(),
          placedAt: placedAt.toISOString(),
          currency: 'USD',
          customer: { externalId: customer, email: `${customer}@example.com`, name: 'Bench buyer' },
          subtotal: '50.00',
          total: '50.00',
          lines: [{ sku: `BSKU-${1 + (n % SKUS)}`, quantity: 2, unitPrice: '25.00', unitCost: '10.00', productName: 'Bench product' }],
        },
      ]);
      if (result.counts.stored !== 1) throw new Error(`order N-${n} not stored: ${JSON.stringify(result.outcomes)}`);
      commitMs.push(Date.now() - start);
      commits.push(start);
      written++;
    }

    // The cost of marking on a write: writes one at a time with and without the marks, alternating.
    let serial = 1_000_000;
    const rates = await alternate(5, async (side) => {
      const start = performance.now();
      for (let i = 0; i < 40; i++) await writeOrder(serial++, side === 'after');
      return 40 / ((performance.now() - start) / 1000);
    });
    ratioLine('one write at a time, without marks (before) and with (after)', rates, 62);
    await workers[0]!.runner.drain();
    commitMs.length = commits.length = written = 0;

    const baseline = await counted();
    const seenAt: number[] = [];
    let stop = false;
    const prober = (async () => {
      const deadline = () => Date.now() + 120_000;
      let giveUp = Infinity;
      while (seenAt.length < written || !stop) {
        // A probe that fails (a connection ended by the server) is simply made again.
        const count = (await counted().catch(() => baseline + seenAt.length)) - baseline;
        // The probe's end: its snapshot was taken no later (so a delay is never under-counted).
        const now = Date.now();
        while (seenAt.length < count) seenAt.push(now);
        if (stop && giveUp === Infinity) giveUp = deadline();
        if (Date.now() > giveUp) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    // Open loop: the n-th write starts at n / RATE seconds, whether or not the earlier ones have committed.
    const total = RATE * SECONDS;
    const began = performance.now();
    const pending: Array<Promise<void>> = [];
    for (let n = 0; n < total; n++) {
      const due = began + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(writeOrder(n));
    }
    await Promise.all(pending);
    const writeSeconds = (performance.now() - began) / 1000;
    stop = true;
    await prober;

    // Orders are counted in commit order: the j-th commit is seen at the first probe counting j orders.
    const delays = [...commits]
      .sort((a, b) => a - b)
      .map((at, j) => (seenAt[j] ?? NaN) - at)
      .filter((d) => Number.isFinite(d));
    const sorted = [...delays].sort((a, b) => a - b);
    // The catch-up's own share: from the write's return (its commit) to counted.
    const afterCommit = commits
      .map((at, j) => (seenAt[j] ?? NaN) - (at + commitMs[j]!))
      .filter((d) => Number.isFinite(d))
      .sort((a, b) => a - b);
    const runs = await db.prisma.jobRun.findMany({
      where: { job: 'analytics-catchup', accountId: ACCOUNT },
      select: { startedAt: true, finishedAt: true, status: true },
    });
    const runMs = runs
      .filter((r) => r.finishedAt)
      .map((r) => r.finishedAt!.getTime() - r.startedAt.getTime())
      .sort((a, b) => a - b);
    const commitSorted = [...commitMs].sort((a, b) => a - b);
    console.log(
      `\n${written} orders written one by one in ${writeSeconds.toFixed(1)} s (${(written / writeSeconds).toFixed(1)} orders/s asked ${RATE}), ${WORKERS} worker(s)`,
    );
    console.log(`counted in today's profitReport bucket: ${delays.length} of ${written}`);
    console.log(
      `delay from write to counted: p50 ${sec(percentile(sorted, 50))}, p90 ${sec(percentile(sorted, 90))}, p99 ${sec(percentile(sorted, 99))}, max ${sec(sorted.at(-1) ?? NaN)}`,
    );
    console.log(`delay from the write's return (commit) to counted: p50 ${sec(percentile(afterCommit, 50))}, p99 ${sec(percentile(afterCommit, 99))}`);
    console.log(
      `references in this run: a write's commit p50 ${sec(percentile(commitSorted, 50))} (p99 ${sec(percentile(commitSorted, 99))}); ${runs.length} catch-up runs (${runs.filter((r) => r.status !== 'succeeded').length} not succeeded), one run p50 ${sec(percentile(runMs, 50))} (p99 ${sec(percentile(runMs, 99))})`,
    );
    console.log(
      `p99 ${sec(percentile(sorted, 99))} against the 5 s target: ${percentile(sorted, 99) < 5_000 ? 'met' : 'NOT met'}; p99 / one run's p50: ${(percentile(sorted, 99) / percentile(runMs, 50)).toFixed(1)}x`,
    );
    console.log(
      `load average: ${(await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    for (const worker of workers) await worker.runner.stop();
    for (const worker of workers) await worker.db.close();
    await db.close();
    await scratch?.drop();
    await embedded?.close();
  }
}

await main();
