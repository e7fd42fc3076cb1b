// bench/jobs: every analytics job on a generated account with 1,000,000 orders over two years and
// 2,000 SKUs, on PostgreSQL. Prints, per job, the time and the peak resident memory of this
// process (sampled every 10 ms) for a full run and for an incremental run after one new day of
// orders, and the ratio of each time to a baseline measured in the same script: one plain
// `SELECT count(*), sum(total_amount)` over the account's orders. Targets: full < 60 s and
// < 512 MB, incremental < 2 s. (The database server's own memory is not this process's.)
//   npm run bench:jobs -- [--orders 1000000] [--skus 2000] [--customers 100000] [--keep | --reuse <url>] [--only <job,…>]
//   npm run bench:jobs -- --accounts 2000 [--job profit-snapshot] [--workers 1,2,4] [--concurrency 1] [--rounds 5]
//     (the queue's scale-out instead: bench/jobs-scaleout.ts)
// The server: TEST_DATABASE_URL (read through src/config.ts), else
// postgresql://postgres@127.0.0.1:5432/test; the benchmark creates and drops its own database.
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { testConfig } from '../test/helpers/app.ts';
import { testDatabaseUrls } from '../src/config.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { connectDatabase, migrationTarget } from '../src/db/database.ts';
import { buildServices, type Services } from '../src/services.ts';
import { scaleOut } from './jobs-scaleout.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    skus: { type: 'string', default: '2000' },
    customers: { type: 'string', default: '100000' },
    // Keep the generated database (its URL is printed), or reuse one kept before (no generation).
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    // Time only these jobs (comma-separated names).
    only: { type: 'string' },
    // Scale-out instead (bench/jobs-scaleout.ts): one tick over this many small accounts, drained
    // by 1, 2 and 4 worker processes.
    accounts: { type: 'string' },
    job: { type: 'string', default: 'profit-snapshot' },
    concurrency: { type: 'string', default: '1' },
    workers: { type: 'string', default: '1,2,4' },
    rounds: { type: 'string', default: '5' },
  },
});
const ORDERS = Number(values.orders);
const SKUS = Number(values.skus);
const CUSTOMERS = Number(values.customers);
const DAYS = 730;
const ACCOUNT = 'acc_bench_jobs';
const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

/** Runs `fn`, sampling this process's RSS every 10 ms; returns the time and the peak. */
async function measure<T>(fn: () => Promise<T>): Promise<{ ms: number; peakMb: number; result: T }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  try {
    const result = await fn();
    const ms = performance.now() - start;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { ms, peakMb: peak / MB, result };
  } finally {
    clearInterval(timer);
  }
}

/** The generated account, in SQL (generate_series), in a few statements. */
async function generate(client: pg.Client, now: Date): Promise<void> {
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  await q(`INSERT INTO accounts (id, name, timezone, updated_at) VALUES ($1, 'Bench', 'America/New_York', now())`, [ACCOUNT]);
  await q(
    `INSERT INTO inventory_items (account_id, sku, product_name, current_stock, lead_time_days, unit_cost, unit_price, updated_at)
     SELECT $1, 'SKU-' || g, 'Product ' || g, (g * 37) % 900, 7 + g % 21, 4 + g % 40, 10 + g % 90, now()
     FROM generate_series(1, $2::int) g`,
    [ACCOUNT, SKUS],
  );
  await q(
    `INSERT INTO customers (account_id, email, name, source, external_id, updated_at)
     SELECT $1, 'c' || g || '@example.com', 'Customer ' || g, 'shopify', 'shopify:bench:c' || g || '@example.com', now()
     FROM generate_series(1, $2::int) g`,
    [ACCOUNT, CUSTOMERS],
  );
  // Orders spread evenly over the two years before now, with a weekly rhythm in the amounts.
  await q(
    `INSERT INTO orders (account_id, customer_id, source, external_id, status, subtotal, total_amount, refunded_amount, fees_amount, shipping_cost, placed_at)
     SELECT $1, c.first + ((g::bigint * 7919) % $3::int)::int, 'shopify', 'B-' || g,
            (CASE WHEN g % 53 = 0 THEN 'cancelled' WHEN g % 41 = 0 THEN 'refunded' ELSE 'paid' END)::"OrderStatus",
            t.total, t.total, CASE WHEN g % 41 = 0 THEN t.total ELSE 0 END, round(t.total * 0.029 + 0.30, 2), 4.5,
            $4::timestamptz - (g::float8 / $2::int) * interval '${DAYS} days'
     FROM generate_series(1, $2::int) g
     CROSS JOIN (SELECT min(id) AS first FROM customers WHERE account_id = $1) c
     CROSS JOIN LATERAL (SELECT round((25 + (g * 31) % 140 + 15 * extract(isodow FROM $4::timestamptz - (g::float8 / $2::int) * interval '${DAYS} days'))::numeric, 2) AS total) t`,
    [ACCOUNT, ORDERS, CUSTOMERS, now],
  );
  await q(
    `INSERT INTO order_items (account_id, order_id, inventory_item_id, sku, quantity, unit_price, unit_cost)
     SELECT $1, o.id, i.first + (o.id * 13 + k * 7) % $2::int, 'SKU-' || (1 + (o.id * 13 + k * 7) % $2::int), 1 + (o.id + k) % 3, 20, 8
     FROM orders o CROSS JOIN generate_series(0, (o.id % 2)) k
     CROSS JOIN (SELECT min(id) AS first FROM inventory_items WHERE account_id = $1) i
     WHERE o.account_id = $1`,
    [ACCOUNT, SKUS],
  );
  await q(
    `INSERT INTO ad_spend (account_id, date, platform, campaign_id, campaign_name, spend)
     SELECT $1, d::date, p::"AdPlatform", 'cmp-' || p, 'Campaign ' || p, 300 + (extract(doy FROM d)::int * 17) % 200
     FROM generate_series(($2::timestamptz - interval '${DAYS} days')::date, $2::timestamptz::date, interval '1 day') d
     CROSS JOIN unnest(ARRAY['meta-ads', 'google-ads']) p`,
    [ACCOUNT, now],
  );
  await q(
    `INSERT INTO track_events (account_id, event, session_id, created_at)
     SELECT $1, 'page_view', 's' || (g / 3), $3::timestamptz - (g::float8 / $2::int) * interval '${DAYS} days'
     FROM generate_series(1, $2::int) g`,
    [ACCOUNT, ORDERS / 2, now],
  );
  await q(
    `INSERT INTO alert_rules (account_id, name, metric, comparator, threshold, window_hours, severity)
     VALUES ($1, 'ROAS below 1.5', 'roas', 'lt', 1.5, 24, 'high'), ($1, 'Refunds above 500', 'refunds', 'gt', 500, 24, 'medium'),
            ($1, 'Revenue below 1000', 'revenue', 'lt', 1000, 24, 'high'), ($1, 'Orders in a week', 'orders', 'gt', 5000, 168, 'low')`,
    [ACCOUNT],
  );
  await q(
    `INSERT INTO integrations (account_id, provider, shop, scopes, status, last_sync_at, updated_at)
     SELECT $1, 'provider-' || g, 'shop-' || g, '{}', 'connected', $2::timestamptz - g * interval '5 hours', now() FROM generate_series(1, 10) g`,
    [ACCOUNT, now],
  );
  await q('VACUUM ANALYZE');
}

/** One new local day of orders (the average day's count, by as many customers), placed just after `from`. */
async function addDay(client: pg.Client, from: Date): Promise<void> {
  const perDay = Math.round(ORDERS / DAYS);
  await client.query(
    `WITH o AS (
       INSERT INTO orders (account_id, customer_id, source, external_id, status, subtotal, total_amount, fees_amount, placed_at)
       SELECT $1, c.first + ((g::bigint * 7919) % $6::int)::int, 'shopify', 'N-' || g || '-' || $4::text, 'paid', 80, 80, 2.62, $3::timestamptz + (g::float8 / $2::int) * interval '1 day'
       FROM generate_series(1, $2::int) g
       CROSS JOIN (SELECT min(id) AS first FROM customers WHERE account_id = $1) c
       RETURNING id
     )
     INSERT INTO order_items (account_id, order_id, inventory_item_id, sku, quantity, unit_price, unit_cost)
     SELECT $1, o.id, i.first + o.id % $5::int, 'SKU-x', 1, 20, 8 FROM o
     CROSS JOIN (SELECT min(id) AS first FROM inventory_items WHERE account_id = $1) i`,
    [ACCOUNT, perDay, from, from.getTime(), SKUS, CUSTOMERS],
  );
}

interface Bench {
  job: string;
  full(services: Services, now: Date): Promise<number>;
  incremental(services: Services, now: Date): Promise<number>;
}

const same = (run: (s: Services, now: Date) => Promise<number>) => ({ full: run, incremental: run });
const BENCHES: Bench[] = [
  {
    job: 'customer-metrics',
    full: (s, now) => s.customers.recomputeMetrics(ACCOUNT, now, { full: true }),
    incremental: (s, now) => s.customers.recomputeMetrics(ACCOUNT, now),
  },
  {
    job: 'profit-snapshot',
    full: (s, now) => s.profit.snapshotProfit(ACCOUNT, now, { full: true }),
    incremental: (s, now) => s.profit.snapshotProfit(ACCOUNT, now),
  },
  { job: 'inventory_velocity', ...same((s, now) => s.inventory.computeInventoryVelocity(ACCOUNT, now)) },
  { job: 'smart-reorder', ...same((s, now) => s.reorder.suggestReorders(ACCOUNT, now)) },
  {
    job: 'anomaly-detect',
    full: (s, now) => s.anomalies.detectAnomalies(ACCOUNT, now, { full: true }),
    incremental: (s, now) => s.anomalies.detectAnomalies(ACCOUNT, now),
  },
  { job: 'alerts-evaluator', ...same((s, now) => s.alerts.evaluateAlerts(ACCOUNT, now)) },
  { job: 'integrations-staleness', ...same((s, now) => s.integrations.checkStaleness(ACCOUNT, now)) },
];

async function main(): Promise<void> {
  const adminUrl = testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test';
  const scratch = values.reuse ? { connectionString: values.reuse, drop: async () => {} } : await createScratchDatabase(adminUrl, 'benchjobs');
  const client = new pg.Client({ connectionString: scratch.connectionString });
  let db: Awaited<ReturnType<typeof connectDatabase>> | null = null;
  try {
    await client.connect();
    // A reused database: "now" is its newest order, so every job sees the same two years.
    const now = values.reuse
      ? new Date(
          (await client.query(`SELECT max(placed_at) AS t FROM orders WHERE account_id = $1 AND external_id LIKE 'B-%'`, [ACCOUNT])).rows[0].t.getTime() +
            60_000,
        )
      : new Date();
    if (values.reuse) {
      await client.query(`DELETE FROM orders WHERE account_id = $1 AND external_id LIKE 'N-%'`, [ACCOUNT]);
      for (const table of ['anomalies', 'profit_snapshots', 'reorder_suggestions', 'outbox_events'])
        await client.query(`DELETE FROM ${table} WHERE account_id = $1`, [ACCOUNT]);
      await client.query(`UPDATE inventory_items SET status = NULL WHERE account_id = $1`, [ACCOUNT]);
      await client.query(`UPDATE alert_rules SET firing = false, last_value = NULL, last_fired_at = NULL WHERE account_id = $1`, [ACCOUNT]);
      await client.query(`UPDATE integrations SET status = 'connected' WHERE account_id = $1`, [ACCOUNT]);
    } else {
      await applyMigrations(migrationTarget(scratch.connectionString, 'server'));
      const gen = await measure(() => generate(client, now));
      console.log(`generated in ${(gen.ms / 1000).toFixed(1)} s${values.keep ? `; kept at ${scratch.connectionString}` : ''}`);
    }
    const counts = await client.query(
      `SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_items)::int AS items, (SELECT count(*) FROM inventory_items)::int AS skus`,
    );
    console.log(`account: ${JSON.stringify(counts.rows[0])}`);

    db = await connectDatabase(scratch.connectionString, 'server', { poolSize: 5 });
    const services = buildServices(testConfig(), db);
    const baselineSql = `SELECT count(*), sum(total_amount) FROM orders WHERE account_id = $1`;
    await client.query(baselineSql, [ACCOUNT]); // warm
    const baseline = await measure(() => client.query(baselineSql, [ACCOUNT]));
    console.log(`baseline: SELECT count(*), sum(total_amount) over the account's orders: ${baseline.ms.toFixed(0)} ms\n`);

    const fmt = (kind: string, job: string, m: { ms: number; peakMb: number; result: number }, limitMs: number) =>
      `${job.padEnd(24)} ${kind.padEnd(12)} ${(m.ms / 1000).toFixed(2).padStart(7)} s  ${(m.ms / baseline.ms).toFixed(1).padStart(7)} × baseline  peak RSS ${m.peakMb.toFixed(0).padStart(4)} MB  rows ${String(m.result).padStart(8)}  ${m.ms < limitMs && (kind !== 'full' || m.peakMb < 512) ? 'ok' : 'MISSES TARGET'}`;
    const attempt = async (kind: string, job: string, run: () => Promise<number>, limitMs: number) => {
      try {
        console.log(fmt(kind, job, await measure(run), limitMs));
      } catch (error) {
        console.log(
          `${job.padEnd(24)} ${kind.padEnd(12)} FAILED: ${(error instanceof Error ? error.message : String(error)).split('\n').filter(Boolean).at(-1)}`,
        );
      }
    };
    const benches = values.only ? BENCHES.filter((b) => values.only!.split(',').includes(b.job)) : BENCHES;
    for (const b of benches) await attempt('full', b.job, () => b.full(services, now), 60_000);
    const tomorrow = new Date(now.getTime() + DAY_MS);
    await addDay(client, now);
    await client.query('ANALYZE orders; ANALYZE order_items');
    for (const b of benches) await attempt('incremental', b.job, () => b.incremental(services, tomorrow), 2_000);
  } finally {
    await client.end().catch(() => {});
    await db?.close();
    if (!values.keep) await scratch.drop();
  }
}

if (values.accounts) {
  await scaleOut({
    accounts: Number(values.accounts),
    job: values.job,
    concurrency: Number(values.concurrency),
    workers: values.workers.split(',').map(Number),
    rounds: Number(values.rounds),
  });
} else {
  await main();
}
