// bench/shopify-webhooks: how soon an order Shopify announces with an `orders/create` webhook is
// counted in today's profitReport bucket (issue 25: at 50 deliveries/s for a minute, p99 under
// 5 s). The real HTTP app (buildApp, listening on 127.0.0.1) with the Shopify app configured, an
// account with seeded history and a Shopify integration connected through the domain services
// (a stored token, no OAuth), and `--workers` job runners in this process built as `svc worker`
// builds its runner (every job of the catalogue, the catch-up lane; each on connections of its
// own): the connector-inbox job and the analytics catch-up are what process the deliveries. A
// sender POSTs signed `orders/create` deliveries (the simulator's payload and signature, the real
// X-Shopify-* headers) at `--rate` for `--seconds`, open loop; a prober reads today's bucket through
// the reports service every 50 ms. The inbox processes deliveries by their X-Shopify-Triggered-At
// (the moment each POST was issued), so the orders counted are a prefix of the POSTs in that order:
// the j-th POST issued counts as seen at the first probe counting j new orders. Prints the delay
// from the POST being issued to counted (p50, p90, p99, max), the webhook answer times (Shopify
// wants a 200 within 5 s), from a delivery's storing to its processing, and as references measured
// in the same run one connector-inbox run's and one catch-up run's time, and the load average.
//   npm run bench:shopify-webhooks -- [--rate 50] [--seconds 60] [--workers 1] [--history-days 90] [--embedded]
// The server: TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test (a scratch
// database, dropped after); `--embedded`: an in-memory embedded database instead. The shop's Admin
// API is the simulator's (test/simulators/shopify/admin-server.ts) with an empty store, so the
// shopify-sync run a new connection queues (webhook subscriptions, the backfill) finishes at once.
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/database.ts';
import { buildServices } from '../src/services.ts';
import { buildApp, buildJobRunner } from '../src/main.ts';
import type { JobRunner } from '../src/jobs/runner.ts';
import { orderPayload, webhookSender, type SimOrder } from '../test/simulators/shopify/webhooks.ts';
import { startAdminServer } from '../test/simulators/shopify/admin-server.ts';
import { generateStore } from '../test/simulators/shopify/store.ts';
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

const { rate: RATE, seconds: SECONDS, workers: WORKERS, historyDays, embedded } = countedArgs();
const ACCOUNT = 'acc_bench_shopify_webhooks';
const HISTORY: History = { accountId: ACCOUNT, name: 'Bench Shopify webhooks', days: historyDays, skus: 200, customers: 2_000 };
const SHOP = 'bench-webhooks.myshopify.com';
const API_SECRET = 'bench-api-secret-0123456789';
const ACCESS_TOKEN = 'shpat_bench';
const SCOPES = ['read_orders', 'read_all_orders', 'read_customers', 'read_products', 'read_inventory'];

async function main(): Promise<void> {
  const { url, kind, close: closeDatabase } = await benchDatabase(embedded, 'benchshopwh');
  const admin = await startAdminServer();
  admin.stores.set(SHOP, generateStore(SHOP, { seed: 1, orders: 0, days: 1 }));
  admin.tokens.set(SHOP, ACCESS_TOKEN);
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://svc.example.test',
    SHOPIFY_API_KEY: 'bench-api-key',
    SHOPIFY_API_SECRET: API_SECRET,
    SHOPIFY_BASE_URL: admin.baseUrl,
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex'),
  };
  const config = loadConfig({ env, envFile: null });
  // The serving process's connections (the webhook receiver's inserts).
  const db = await connectDatabase(url, kind, { poolSize: 10, connectionTimeoutMs: 120_000 });
  const services = buildServices(config, db);
  const closers: Array<() => Promise<unknown>> = [() => admin.close()];
  const runners: JobRunner[] = [];
  const jobLog: string[] = [];
  try {
    const seedStart = performance.now();
    await seedHistory(db, services, HISTORY);
    console.log(historyLine(kind, HISTORY, performance.now() - seedStart));
    const integration = await services.integrations.connectIntegration(ACCOUNT, {
      provider: 'shopify',
      shop: SHOP,
      scopes: SCOPES,
      tokenType: 'offline',
    });
    await services.connections.storeTokens(integration.id, {
      accessToken: ACCESS_TOKEN,
      refreshToken: null,
      accessExpiresAt: null,
      refreshExpiresAt: null,
      scopes: SCOPES,
    });

    const app = await buildApp({ config, db, services, logger: false });
    closers.push(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const receiver = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/integrations/shopify/webhooks`;

    for (let n = 0; n < WORKERS; n++) {
      // Each worker on connections of its own, built as `svc worker` builds its runner (poolSize 4).
      const workerDb = await connectDatabase(url, kind, { poolSize: 4, connectionTimeoutMs: 120_000 });
      closers.push(() => workerDb.close());
      const runner = buildJobRunner({ config, db: workerDb, services: buildServices(config, workerDb) }, (line) => jobLog.push(line));
      runners.push(runner);
    }
    // What a worker does first (the latest tick of every scheduled job, for the seeded account)
    // is done before the deliveries start, so that they do not queue behind it.
    const startup = performance.now();
    await runners[0]!.catchUp();
    await runners[0]!.drain();
    const startupRuns = await db.prisma.jobRun.findMany({ where: { finishedAt: { not: null } }, select: { job: true, startedAt: true, finishedAt: true } });
    const slowest = startupRuns
      .map((r) => ({ job: r.job, ms: r.finishedAt!.getTime() - r.startedAt.getTime() }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3);
    console.log(
      `worker start-up: the scheduled jobs' latest ticks ran in ${sec(performance.now() - startup)} before the deliveries (longest runs: ${slowest.map((r) => `${r.job} ${sec(r.ms)}`).join(', ')})`,
    );
    for (const runner of runners) runner.start();

    // The prober reads on connections of its own, as a dashboard through the API would.
    const probeDb = await connectDatabase(url, kind, { poolSize: 2, connectionTimeoutMs: 120_000 });
    closers.push(() => probeDb.close());
    const counted = todaysCount(buildServices(config, probeDb), ACCOUNT);

    const sender = webhookSender(receiver, API_SECRET);
    const issuedAt: number[] = [];
    const answerMs: number[] = [];
    const failures = new Map<string, number>();
    let accepted = 0;
    const customers = HISTORY.customers;
    async function deliver(n: number): Promise<void> {
      const start = Date.now();
      const at = new Date(start).toISOString();
      const customerId = 7_000_000 + (n % customers);
      const order: SimOrder = {
        id: 5_000_000_000 + n,
        processedAt: at,
        updatedAt: at,
        customer: {
          id: customerId,
          email: `wb-${customerId}@example.com`,
          first_name: 'Bench',
          last_name: `Buyer ${customerId}`,
          country_code: 'US',
          updated_at: at,
        },
        lines: [{ id: 9_000_000 + n, sku: `BSKU-${1 + (n % HISTORY.skus)}`, title: 'Bench product', quantity: 2, price: '25.00' }],
        shipping: '0.00',
        tax: '0.00',
        discount: '0.00',
      };
      const delivery = sender.make('orders/create', SHOP, orderPayload(order), { triggeredAt: new Date(start) });
      try {
        const res = await sender.send(delivery);
        await res.arrayBuffer();
        answerMs.push(Date.now() - start);
        if (res.status === 200) {
          accepted++;
          issuedAt.push(start);
        } else failures.set(`HTTP ${res.status}`, (failures.get(`HTTP ${res.status}`) ?? 0) + 1);
      } catch (error) {
        const key = error instanceof Error ? error.message : String(error);
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }

    const prober = await startProber(counted);
    let sendSeconds: number;
    try {
      sendSeconds = await openLoop(RATE, SECONDS, deliver);
    } catch (error) {
      await prober.stop();
      throw error;
    }
    await prober.finish(accepted);
    const total = RATE * SECONDS;

    const sorted = delaysToCounted(issuedAt, prober.seenAt);
    const answers = ascending(answerMs);
    const inbox = await db.prisma.$queryRawUnsafe<Array<{ ms: number }>>(
      `SELECT (extract(epoch FROM processed_at - received_at) * 1000)::float8 AS ms FROM connector_inbox
        WHERE account_id = $1 AND topic = 'orders/create' AND processed_at IS NOT NULL`,
      ACCOUNT,
    );
    const storedToProcessed = ascending(inbox.map((r) => r.ms));
    const inboxRuns = await jobRunTimes(db, 'connector-inbox', ACCOUNT);
    const catchupRuns = await jobRunTimes(db, 'analytics-catchup', ACCOUNT);
    console.log(
      `\n${total} orders/create deliveries POSTed in ${sendSeconds.toFixed(1)} s (${(total / sendSeconds).toFixed(1)}/s asked ${RATE}), ${WORKERS} worker(s)`,
    );
    console.log(
      `webhook answers: 200 for ${accepted} of ${total}${failures.size ? ` (${[...failures].map(([k, v]) => `${v}x ${k}`).join('; ')})` : ''}; answer time p50 ${sec(percentile(answers, 50))}, p99 ${sec(percentile(answers, 99))}, max ${sec(answers.at(-1) ?? NaN)} (Shopify wants a 200 within 5 s)`,
    );
    console.log(`counted in today's profitReport bucket: ${sorted.filter(Number.isFinite).length} of ${accepted}`);
    console.log(delayLine('the POST', sorted));
    console.log(
      `from stored in the inbox to processed: p50 ${sec(percentile(storedToProcessed, 50))}, p99 ${sec(percentile(storedToProcessed, 99))} (${storedToProcessed.length} processed)`,
    );
    console.log(
      `references in this run: ${runsLine('connector-inbox', inboxRuns)}, ${(storedToProcessed.length / Math.max(1, inboxRuns.runs)).toFixed(1)} deliveries per run; ${runsLine('catch-up', catchupRuns)}`,
    );
    console.log(verdictLine(sorted, percentile(catchupRuns.ms, 50)));
    if (jobLog.length) console.log(`job runner log lines: ${jobLog.length}, the first: ${jobLog[0]}`);
    console.log(loadLine());
  } finally {
    for (const runner of runners) await runner.stop();
    for (const close of closers.reverse()) await close();
    await services.auth.close();
    await db.close();
    await closeDatabase();
  }
}

await main();
