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
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.ts';
import { connectDatabase, type Database } from '../src/db/database.ts';
import { buildServices } from '../src/services.ts';
import { jobRunner, type JobRunner } from '../src/jobs/runner.ts';
import { alternate, ratioLine } from './lib/before-after.ts';
import {
  ascending,
  benchDatabase,
  countedArgs,
  delayLine,
  delaysToCounted,
  historyLine,
  jobRunTimes,
  loadLine,
  openLoop,
  percentile,
  runsLine,
  sec,
  seedHistory,
  startProber,
  todaysCount,
  verdictLine,
  type History,
} from './lib/counted.ts';
import { ingestionService, type Origin } from '../src/domain/ingestion/index.ts';

const { rate: RATE, seconds: SECONDS, workers: WORKERS, historyDays, embedded } = countedArgs();
const ACCOUNT = 'acc_bench_catchup';
const HISTORY: History = { accountId: ACCOUNT, name: 'Bench catch-up', days: historyDays, skus: 200, customers: 2_000 };
const SKUS = HISTORY.skus;
const CUSTOMERS = HISTORY.customers;
const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
const ORIGIN: Origin = { source: 'shopify', integrationId: null, via: 'import' };

/** The account's orders placed today (UTC, the account's zone in the bench). */
async function ordersToday(db: Database, accountId: string): Promise<number> {
  const [row] = await db.prisma.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM orders
    WHERE account_id = ${accountId} AND placed_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
  return Number(row!.n);
}

async function main(): Promise<void> {
  const { url, kind, close: closeDatabase } = await benchDatabase(embedded, 'benchcatchup');
  const config = loadConfig({ env, envFile: null });
  const db = await connectDatabase(url, kind, { poolSize: 20, connectionTimeoutMs: 120_000 });
  const services = buildServices(config, db);
  const workers: Array<{ db: Database; runner: JobRunner }> = [];
  try {
    const seedStart = performance.now();
    await seedHistory(db, services, HISTORY);
    console.log(historyLine(kind, HISTORY, performance.now() - seedStart));
    for (let n = 0; n < WORKERS; n++) {
      // Each worker on connections of its own, as a `svc worker` process is.
      const workerDb = await connectDatabase(url, kind, { poolSize: 4, connectionTimeoutMs: 120_000 });
      const runner = jobRunner({ prisma: workerDb.prisma, services: buildServices(config, workerDb), jobs: [], settings: config.jobs });
      runner.start();
      workers.push({ db: workerDb, runner });
    }
    // The prober reads on connections of its own, as a dashboard through the API would: the writers
    // waiting for the account's write lock hold the writing pool's connections.
    const probeDb = await connectDatabase(url, kind, { poolSize: 2, connectionTimeoutMs: 120_000 });
    workers.push({ db: probeDb, runner: jobRunner({ prisma: probeDb.prisma, services, jobs: [], demand: false }) });
    const counted = todaysCount(buildServices(config, probeDb), ACCOUNT);

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
    // The unmarked writes are counted by the next catch-up of today: one more marked write, then
    // wait until every order of today is counted, so that the prober's baseline holds them all
    // (else the open loop's first catch-up would count them too and its orders look counted early).
    await writeOrder(serial++);
    const today = await ordersToday(db, ACCOUNT);
    while ((await counted()) < today) await workers[0]!.runner.drain();
    commitMs.length = commits.length = written = 0;

    const prober = await startProber(counted);
    // Open loop: the n-th write starts at n / RATE seconds, whether or not the earlier ones have committed.
    const writeSeconds = await openLoop(RATE, SECONDS, (n) => writeOrder(n));
    await prober.finish(written);
    const { seenAt } = prober;

    // Orders are counted in commit order: the j-th commit is seen at the first probe counting j orders.
    const sorted = delaysToCounted(commits, seenAt);
    // The catch-up's own share: from the write's return (its commit) to counted.
    const afterCommit = ascending(commits.map((at, j) => (seenAt[j] ?? Infinity) - (at + commitMs[j]!)));
    const runs = await jobRunTimes(db, 'analytics-catchup', ACCOUNT);
    const commitSorted = ascending(commitMs);
    console.log(
      `\n${written} orders written one by one in ${writeSeconds.toFixed(1)} s (${(written / writeSeconds).toFixed(1)} orders/s asked ${RATE}), ${WORKERS} worker(s)`,
    );
    console.log(`counted in today's profitReport bucket: ${sorted.filter(Number.isFinite).length} of ${written}`);
    console.log(delayLine('write', sorted));
    console.log(`delay from the write's return (commit) to counted: p50 ${sec(percentile(afterCommit, 50))}, p99 ${sec(percentile(afterCommit, 99))}`);
    console.log(
      `references in this run: a write's commit p50 ${sec(percentile(commitSorted, 50))} (p99 ${sec(percentile(commitSorted, 99))}); ${runsLine('catch-up', runs)}`,
    );
    console.log(verdictLine(sorted, percentile(runs.ms, 50)));
    console.log(loadLine());
  } finally {
    for (const worker of workers) await worker.runner.stop();
    for (const worker of workers) await worker.db.close();
    await db.close();
    await closeDatabase();
  }
}

await main();
