// What the "write to counted" benches share (bench/catchup: ingestion writes; bench/shopify-webhooks:
// signed webhook deliveries through the HTTP app): an account with seeded history and its
// analytics computed once, an open-loop sender, a prober that reads today's purchase count through
// the reports service every 50 ms, the prefix matching of sends to counts, and the printed
// percentiles, references and load average. The target of both: p99 from the send to counted in
// today's profitReport bucket under 5 s.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { testDatabaseUrls } from '../../src/config.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';
import { openMemoryDatabase } from '../../src/db/embedded.ts';
import { applyMigrations } from '../../src/db/migrator.ts';
import { migrationTarget, type Database } from '../../src/db/database.ts';
import type { Services } from '../../src/services.ts';
import { localDate } from '../../src/domain/shared/index.ts';

export const TARGET_MS = 5_000;

/** The command line both benches take: `[--rate 50] [--seconds 60] [--workers 1] [--history-days 90] [--embedded]`. */
export function countedArgs() {
  const { values } = parseArgs({
    options: {
      rate: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '60' },
      workers: { type: 'string', default: '1' },
      'history-days': { type: 'string', default: '90' },
      embedded: { type: 'boolean', default: false },
    },
  });
  return {
    rate: Number(values.rate),
    seconds: Number(values.seconds),
    workers: Number(values.workers),
    historyDays: Number(values['history-days']),
    embedded: values.embedded,
  };
}

/**
 * The bench's database, migrated: a scratch database on TEST_DATABASE_URL's server (else the local
 * `test` database's), dropped by `close`, or with `embedded` an in-memory embedded one.
 */
export async function benchDatabase(embedded: boolean, prefix: string): Promise<{ url: string; kind: Database['kind']; close(): Promise<void> }> {
  const memory = embedded ? await openMemoryDatabase() : null;
  const scratch = memory ? null : await createScratchDatabase(testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test', prefix);
  const url = memory?.connectionString ?? scratch!.connectionString;
  const kind: Database['kind'] = memory ? 'embedded' : 'server';
  await applyMigrations(migrationTarget(url, kind));
  return {
    url,
    kind,
    async close() {
      await scratch?.drop();
      await memory?.close();
    },
  };
}

export interface History {
  accountId: string;
  name: string;
  /** Days of orders before today, 200 a day. */
  days: number;
  skus: number;
  customers: number;
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
/** Seconds; an order never counted (an infinite delay) reads `never`. */
export const sec = (ms: number) => (ms === Infinity ? 'never' : `${(ms / 1000).toFixed(2)} s`);
export const ascending = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

/** An account (UTC) with `days` of orders (200 a day), customers and stocked SKUs, and its analytics computed once. */
export async function seedHistory(db: Database, services: Services, h: History): Promise<void> {
  const account = h.accountId;
  await db.prisma.$executeRawUnsafe(`
    INSERT INTO accounts (id, name, timezone, updated_at) VALUES ('${account}', '${h.name}', 'UTC', now());
    INSERT INTO inventory_items (account_id, sku, product_name, current_stock, lead_time_days, unit_cost, unit_price, updated_at)
      SELECT '${account}', 'SKU-' || g, 'Product ' || g, 500, 14, 10, 25, now() FROM generate_series(1, ${h.skus}) g;
    INSERT INTO customers (account_id, email, name, source, external_id, city, country, updated_at)
      SELECT '${account}', 'c' || g || '@example.com', 'Customer ' || g, 'shopify', 'shopify:bench:c' || g, 'Austin', 'US', now()
      FROM generate_series(1, ${h.customers}) g;`);
  await db.prisma.$executeRawUnsafe(`
    INSERT INTO orders (account_id, customer_id, source, external_id, status, subtotal, total_amount, refunded_amount, fees_amount, shipping_cost, placed_at)
      SELECT '${account}', (SELECT min(id) FROM customers WHERE account_id = '${account}') + g % ${h.customers}, 'shopify', 'H-' || g, 'paid', 50, 50, 0, 1.5, 4,
             now() - interval '1 day' - (g % ${h.days}) * interval '1 day' - (g % 977) * interval '1 minute'
      FROM generate_series(1, ${h.days * 200}) g;`);
  await db.prisma.$executeRawUnsafe(`
    INSERT INTO order_items (account_id, order_id, inventory_item_id, sku, quantity, unit_price, unit_cost)
      SELECT o.account_id, o.id, i.id, i.sku, 2, 25, 10
      FROM orders o JOIN inventory_items i ON i.account_id = o.account_id AND i.sku = 'SKU-' || (1 + o.id % ${h.skus})
      WHERE o.account_id = '${account}';
    ANALYZE orders; ANALYZE order_items; ANALYZE customers; ANALYZE inventory_items;`);
  const now = new Date();
  await services.profit.snapshotProfit(account, now, { full: true });
  await services.customers.recomputeMetrics(account, now, { full: true });
  await services.inventory.computeInventoryVelocity(account, now);
}

export const historyLine = (kind: string, h: History, seededMs: number) =>
  `${kind} database; account: ${h.days} days of history (${h.days * 200} orders), ${h.customers} customers, ${h.skus} SKUs (seeded in ${sec(seededMs)})`;

/** Today's purchase count of the account, read through the reports service (what GraphQL profitReport calls). */
export function todaysCount(services: Services, accountId: string): () => Promise<number> {
  return async () => {
    const day = localDate(new Date(), 'UTC');
    const report = await services.reports.profitReport(accountId, { range: { from: day, to: day }, interval: 'DAY' });
    return report.buckets[0]!.totals.purchaseCount;
  };
}

/**
 * Reads `count` every 50 ms from now on: `seenAt[j]` is the end of the first probe that counted
 * j + 1 more than at the start (a probe's end: its snapshot was taken no later, so a delay is never
 * under-counted). `finish(expected)` keeps probing until `expected` are counted, or until the
 * count has not grown for two minutes, then stops.
 */
export async function startProber(count: () => Promise<number>) {
  const baseline = await count();
  const seenAt: number[] = [];
  let expected = Infinity;
  let stopped = false;
  const loop = (async () => {
    let lastGrowth = Date.now();
    while (seenAt.length < expected && !stopped) {
      // A probe that fails (a connection ended by the server) is simply made again.
      const counted = (await count().catch(() => baseline + seenAt.length)) - baseline;
      const now = Date.now();
      if (seenAt.length < counted) lastGrowth = now;
      while (seenAt.length < counted) seenAt.push(now);
      if (expected !== Infinity && now - lastGrowth > 120_000) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    seenAt,
    /** Probes until `expected` are counted (or the count stops growing for two minutes), then stops. */
    async finish(total: number): Promise<void> {
      expected = total;
      await loop;
    },
    /** Stops at once (a failed run). */
    async stop(): Promise<void> {
      stopped = true;
      await loop;
    },
  };
}

/** Open loop: the n-th send starts at n / rate seconds, whether or not the earlier ones have returned. Resolves when all have; returns the seconds taken. */
export async function openLoop(rate: number, seconds: number, send: (n: number) => Promise<void>): Promise<number> {
  const total = rate * seconds;
  const began = performance.now();
  const pending: Array<Promise<void>> = [];
  for (let n = 0; n < total; n++) {
    const due = began + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(n));
  }
  await Promise.all(pending);
  return (performance.now() - began) / 1000;
}

/**
 * The delays from send to counted, ascending: the sends are counted in the order of their start
 * times (a prefix of them at any moment), so the j-th send started is seen at the first probe
 * counting j. A send never counted has an infinite delay (it weighs on the percentiles).
 */
export function delaysToCounted(startedAt: readonly number[], seenAt: readonly number[]): number[] {
  return ascending(ascending(startedAt).map((at, j) => (seenAt[j] ?? Infinity) - at));
}

/** Durations (ms, ascending) of the finished runs of `job` for the account, and how many runs did not succeed. */
export async function jobRunTimes(db: Database, job: string, accountId: string): Promise<{ runs: number; failed: number; ms: number[] }> {
  const runs = await db.prisma.jobRun.findMany({ where: { job, accountId }, select: { startedAt: true, finishedAt: true, status: true } });
  return {
    runs: runs.length,
    failed: runs.filter((r) => r.status !== 'succeeded').length,
    ms: ascending(runs.filter((r) => r.finishedAt).map((r) => r.finishedAt!.getTime() - r.startedAt.getTime())),
  };
}

export const runsLine = (what: string, t: { runs: number; failed: number; ms: number[] }) =>
  `${t.runs} ${what} runs (${t.failed} not succeeded), one run p50 ${sec(percentile(t.ms, 50))} (p99 ${sec(percentile(t.ms, 99))})`;

export const delayLine = (what: string, sorted: readonly number[]) =>
  `delay from ${what} to counted: p50 ${sec(percentile(sorted, 50))}, p90 ${sec(percentile(sorted, 90))}, p99 ${sec(percentile(sorted, 99))}, max ${sec(sorted.at(-1) ?? NaN)}`;

export const verdictLine = (sorted: readonly number[], oneRunP50: number) =>
  `p99 ${sec(percentile(sorted, 99))} against the 5 s target: ${percentile(sorted, 99) < TARGET_MS ? 'met' : 'NOT met'}; p99 / one run's p50: ${(percentile(sorted, 99) / oneRunP50).toFixed(1)}x`;

export const loadLine = () =>
  `load average: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
