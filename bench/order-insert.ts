// bench/order-insert: the write cost of the analytics indexes (issue 13, migration
// 20261124003000_issue13_analytics_indexes) on the tables they touch. In one PostgreSQL database,
// two copies of `orders` (LIKE … INCLUDING ALL, so the same columns, defaults and indexes): "after"
// with the migration's covering index (account_id, placed_at, status, source, total_amount,
// customer_id), "before" with the (account_id, placed_at) index it replaced; likewise two copies of
// `customers`, with and without (account_id, first_purchase_at). Inserts single rows (one order
// at a time, as a webhook does) and 500-row statements (a sync page), alternating the two tables
// over several rounds, and prints rows/s and the ratio after/before (1.00 = no cost).
//   node bin/run-ts.js bench/order-insert.ts [--rows 5000] [--rounds 3]
// The server: TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test (a scratch database).
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { testDatabaseUrls } from '../src/config.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { migrationTarget } from '../src/db/database.ts';
import { alternate, ratioLine } from './lib/before-after.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '5000' }, rounds: { type: 'string', default: '3' } } });
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const ACCOUNT = 'acc_bench_order_insert';

/** Copies of a table with all of its indexes, then `before` rebuilt as the table was before the migration. */
const SETUP = `
  INSERT INTO accounts (id, name, updated_at) VALUES ('${ACCOUNT}', 'Bench', now());
  CREATE TABLE orders_after (LIKE orders INCLUDING ALL);
  CREATE TABLE orders_before (LIKE orders INCLUDING ALL);
  CREATE TABLE customers_after (LIKE customers INCLUDING ALL);
  CREATE TABLE customers_before (LIKE customers INCLUDING ALL);
  DO $$ DECLARE i record; BEGIN
    FOR i IN SELECT indexname FROM pg_indexes WHERE (tablename = 'orders_before' AND indexdef LIKE '%total_amount%')
                                             OR (tablename = 'customers_before' AND indexdef LIKE '%first_purchase_at%') LOOP
      EXECUTE format('DROP INDEX %I', i.indexname);
    END LOOP;
  END $$;
  CREATE INDEX ON orders_before (account_id, placed_at);`;

const orderRows = (table: string, start: number, n: number) =>
  `INSERT INTO ${table} (account_id, customer_id, source, external_id, status, subtotal, total_amount, refunded_amount, fees_amount, shipping_cost, placed_at)
   SELECT '${ACCOUNT}', 1 + g % 1000, (ARRAY['shopify','woo-commerce','mercado-libre'])[1 + g % 3]::"CommerceSource", 'B-' || g,
          'paid'::"OrderStatus", 25 + g % 140, 25 + g % 140, 0, 1.5, 4.5, now() - (g % 1000) * interval '1 minute'
   FROM generate_series(${start}::int, ${start + n - 1}::int) g`;
const customerRows = (table: string, start: number, n: number) =>
  `INSERT INTO ${table} (account_id, email, name, source, external_id, country, first_purchase_at, updated_at)
   SELECT '${ACCOUNT}', 'c' || g || '@example.com', 'Customer ' || g, 'shopify', 'shopify:c' || g, 'US', now() - (g % 1000) * interval '1 hour', now()
   FROM generate_series(${start}::int, ${start + n - 1}::int) g`;

async function rate(client: pg.Client, statement: (start: number, n: number) => string, batch: number, offset: number): Promise<number> {
  const begin = performance.now();
  for (let i = 0; i < ROWS; i += batch) await client.query(statement(offset + i, Math.min(batch, ROWS - i)));
  return ROWS / ((performance.now() - begin) / 1000);
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test', 'benchorderinsert');
  const client = new pg.Client({ connectionString: scratch.connectionString });
  try {
    await applyMigrations(migrationTarget(scratch.connectionString, 'server'));
    await client.connect();
    await client.query(SETUP);
    let next = 0; // each run inserts new keys (the tables' unique constraints)
    console.log(`${ROWS} rows per table per round, ${ROUNDS} rounds alternating before/after (rows/s, median of the rounds)\n`);
    for (const [name, statement] of [
      ['orders', orderRows],
      ['customers', customerRows],
    ] as const) {
      for (const batch of [1, 500]) {
        const rates = await alternate(ROUNDS, (side) => rate(client, (start, n) => statement(`${name}_${side}`, start, n), batch, next++ * ROWS));
        ratioLine(`${name}, ${batch === 1 ? 'single rows' : `${batch}-row statements`}`, rates, 36);
      }
    }
  } finally {
    await client.end().catch(() => {});
    await scratch.drop();
  }
}

await main();
