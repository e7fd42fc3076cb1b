// bench/seed: how long the demo seed takes (seedDemoAccount: generate, write in one transaction,
// ANALYZE), this checkout's against another checkout's (--base, e.g. a worktree of main), each on
// a fresh migrated database of its own, alternating over the rounds in the same run. Prints the
// seconds of each round, the medians and the ratio this/base (the seed's share of a first
// `npm start`; issue 24: the seed through the ingestion bulk form must stay within about 8 s of
// its own batched inserts on a quiet machine). Also checks the two demos' figures match, table by
// table (digests of every row without ids or write times).
//   node bin/run-ts.js bench/seed.ts --base /work/wt-main [--rounds 2] [--embedded]
// The server: TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test (scratch
// databases, dropped after); --embedded: in-memory embedded databases instead.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import pg from 'pg';

const { values } = parseArgs({
  options: { base: { type: 'string' }, rounds: { type: 'string', default: '2' }, embedded: { type: 'boolean', default: false } },
});
if (!values.base) {
  console.error('usage: node bin/run-ts.js bench/seed.ts --base <checkout> [--rounds 2] [--embedded]');
  process.exit(2);
}
const ROUNDS = Number(values.rounds);
const here = path.resolve(import.meta.dirname, '..');

interface Checkout {
  name: string;
  seedDemoAccount: (prisma: never, options?: object) => Promise<{ created: boolean; counts: Record<string, number> }>;
  applyMigrations: (target: unknown) => Promise<unknown>;
  migrationTarget: (url: string, kind: 'server' | 'embedded') => unknown;
  createPrisma: (url: string, options?: object) => { $disconnect(): Promise<void> };
  openMemoryDatabase: () => Promise<{ connectionString: string; close(): Promise<void> }>;
  createScratchDatabase: (adminUrl: string, prefix: string) => Promise<{ connectionString: string; drop(): Promise<void> }>;
  testDatabaseUrls: () => { postgres?: string | null };
}

/** A checkout's own modules (its seed, migrations and database code). */
async function load(name: string, root: string): Promise<Checkout> {
  const mod = (file: string) => import(pathToFileURL(path.join(root, file)).href);
  const [seed, migrator, database, client, embedded, scratch, config] = await Promise.all([
    mod('src/demo/seed.ts'),
    mod('src/db/migrator.ts'),
    mod('src/db/database.ts'),
    mod('src/db/client.ts'),
    mod('src/db/embedded.ts'),
    mod('src/db/scratch.ts'),
    mod('src/config.ts'),
  ]);
  return {
    name,
    seedDemoAccount: seed.seedDemoAccount,
    applyMigrations: migrator.applyMigrations,
    migrationTarget: database.migrationTarget,
    createPrisma: client.createPrisma,
    openMemoryDatabase: embedded.openMemoryDatabase,
    createScratchDatabase: scratch.createScratchDatabase,
    testDatabaseUrls: config.testDatabaseUrls,
  };
}

/** What the demo's figures are made of, per table (no ids, no write times): two seeds of one `now` must match. */
const FIGURES: Record<string, string> = {
  orders: `SELECT o.source, o.external_id, o.status, o.currency, o.subtotal, o.discount_amount, o.shipping_amount, o.tax_amount, o.total_amount,
                  o.refunded_amount, o.fees_amount, o.shipping_cost, o.placed_at, o.created_at, c.external_id, o.customer_country,
                  o.customer_previous_at, o.customer_source_previous_at
           FROM orders o LEFT JOIN customers c ON c.id = o.customer_id ORDER BY o.source, o.external_id`,
  order_items: `SELECT o.external_id, i.sku, i.quantity, i.unit_price, i.unit_cost FROM order_items i JOIN orders o ON o.id = i.order_id ORDER BY 1, 2, 3`,
  customers: `SELECT external_id, source, email, name, phone, city, country, created_at FROM customers ORDER BY external_id`,
  inventory_items: `SELECT sku, product_name, unit_cost, unit_price, current_stock, lead_time_days, created_at FROM inventory_items ORDER BY sku`,
  ad_spend: `SELECT date, platform, campaign_id, campaign_name, spend, attributed_revenue, clicks, impressions, conversions FROM ad_spend ORDER BY 1, 2, 3`,
  expenses: `SELECT date, category, description, amount, recurrence, ends_on, created_at FROM expenses ORDER BY 1, 2, 3, 4`,
};

async function figures(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string> = {};
    for (const [table, sql] of Object.entries(FIGURES)) {
      const rows = await client.query(`SELECT md5(coalesce(string_agg(t::text, E'\\n'), '')) AS digest, count(*)::int AS n FROM (${sql}) t`);
      out[table] = `${rows.rows[0].n} rows ${rows.rows[0].digest}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

const seen: Record<string, Record<string, string>> = {};

/** One seed on a fresh database of the checkout; its seconds (the seed alone, migrations before it). */
async function seedOnce(c: Checkout, now: Date): Promise<{ seconds: number; orders: number }> {
  const embedded = values.embedded ? await c.openMemoryDatabase() : null;
  const scratch = embedded ? null : await c.createScratchDatabase(c.testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test', 'benchseed');
  const url = embedded?.connectionString ?? scratch!.connectionString;
  try {
    await c.applyMigrations(c.migrationTarget(url, embedded ? 'embedded' : 'server'));
    const prisma = c.createPrisma(url, { poolSize: 2, connectionTimeoutMs: 120_000 });
    try {
      const begin = performance.now();
      const result = await c.seedDemoAccount(prisma as never, { now });
      if (!result.created) throw new Error(`${c.name}: the demo was not created`);
      const seconds = (performance.now() - begin) / 1000;
      seen[c.name] ??= await figures(url);
      return { seconds, orders: result.counts.orders ?? 0 };
    } finally {
      await prisma.$disconnect();
    }
  } finally {
    await scratch?.drop();
    await embedded?.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

async function main(): Promise<void> {
  const checkouts = [await load('this', here), await load('base', path.resolve(values.base!))];
  const now = new Date();
  const times: Record<string, number[]> = { this: [], base: [] };
  console.log(
    `${values.embedded ? 'embedded' : 'PostgreSQL'}; ${ROUNDS} rounds alternating; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of round % 2 === 0 ? checkouts : [...checkouts].reverse()) {
      const { seconds, orders } = await seedOnce(c, now);
      times[c.name]!.push(seconds);
      console.log(`round ${round + 1} ${c.name.padEnd(4)} ${seconds.toFixed(1).padStart(6)} s  (${orders} orders)`);
    }
  }
  const [a, b] = [median(times.this!), median(times.base!)];
  console.log(`median: this ${a.toFixed(1)} s, base ${b.toFixed(1)} s; ratio this/base ${(a / b).toFixed(2)}x; difference ${(a - b).toFixed(1)} s`);
  for (const table of Object.keys(FIGURES)) {
    const [x, y] = [seen.this?.[table], seen.base?.[table]];
    console.log(`${table.padEnd(16)} ${x === y ? 'identical' : `DIFFERENT: this ${x}, base ${y}`}`);
  }
  console.log(
    `load after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

await main();
