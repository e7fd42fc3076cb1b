// bench/order-previous: the write cost of keeping each order's customer_previous_at and
// customer_source_previous_at (issue 13, migration 20261127170000_issue13_orders_customer_previous),
// on the real `orders` table of one PostgreSQL database (1,000 customers with 40 orders each to
// start with). Two states, switched between runs:
// - "after": the migration's triggers enabled (a row trigger on insert, three statement triggers) and its covering index (with the
//   two columns);
// - "before": the triggers disabled and the covering index of the migration before it.
// Writes, as the service makes them: single-row inserts of new orders (one at a time, as a
// webhook does), 500-row inserts of new orders (a sync page) and of older orders that land
// inside the customers' histories (a back-fill), single-row status changes (a refund, then a cancellation) and a
// 500-row status change. Alternates before and after over several rounds and prints rows/s,
// median of the rounds, and the ratio after/before (1.00 = no cost).
//   node bin/run-ts.js bench/order-previous.ts [--rows 2000] [--rounds 3]
// The server: TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test (a scratch database).
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { testDatabaseUrls } from '../src/config.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { migrationTarget } from '../src/db/database.ts';
import { alternate, ratioLine, type Side } from './lib/before-after.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '3' } } });
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const ACCOUNT = 'acc_bench_order_previous';
const CUSTOMERS = 1000;
const TRIGGERS = ['orders_customer_previous_own', 'orders_customer_previous_insert', 'orders_customer_previous_update', 'orders_customer_previous_delete'];
const INDEX = 'orders_account_id_placed_at_covering_idx';
const COLUMNS = {
  after: 'account_id, placed_at, status, source, total_amount, customer_id, customer_country, customer_previous_at, customer_source_previous_at',
  before: 'account_id, placed_at, status, source, total_amount, customer_id, customer_country',
};

/** Orders `start`…`start + n - 1`, spread over the customers; `back`: how far in the past they were placed. */
const orderRows = (start: number, n: number, back: string) =>
  `INSERT INTO orders (account_id, customer_id, source, external_id, status, subtotal, total_amount, refunded_amount, fees_amount, shipping_cost, placed_at)
   SELECT '${ACCOUNT}', c.first + g % ${CUSTOMERS}, (ARRAY['shopify','woo-commerce','mercado-libre'])[1 + g % 3]::"CommerceSource", 'P-' || g,
          'paid'::"OrderStatus", 25 + g % 140, 25 + g % 140, 0, 1.5, 4.5, now() - ${back}
   FROM generate_series(${start}::int, ${start + n - 1}::int) g CROSS JOIN (SELECT min(id) AS first FROM customers WHERE account_id = '${ACCOUNT}') c`;

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test', 'benchorderprevious');
  const client = new pg.Client({ connectionString: scratch.connectionString });
  const q = (sql: string) => client.query(sql);
  try {
    await applyMigrations(migrationTarget(scratch.connectionString, 'server'));
    await client.connect();
    await q(`INSERT INTO accounts (id, name, updated_at) VALUES ('${ACCOUNT}', 'Bench', now())`);
    await q(`INSERT INTO customers (account_id, email, name, source, external_id, country, updated_at)
             SELECT '${ACCOUNT}', 'c' || g || '@example.com', 'Customer ' || g, 'shopify', 'shopify:c' || g, 'US', now() FROM generate_series(1, ${CUSTOMERS}) g`);
    await q(orderRows(10_000_000, CUSTOMERS * 40, `(g % 9000) * interval '1 hour'`));
    await q('VACUUM ANALYZE customers, orders');

    let next = 0; // each run inserts new orders (the unique external ids)
    const state = async (side: Side) => {
      for (const trigger of TRIGGERS) await q(`ALTER TABLE orders ${side === 'after' ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
      await q(`DROP INDEX ${INDEX}`);
      await q(`CREATE INDEX ${INDEX} ON orders (${COLUMNS[side]})`);
    };
    /** Runs `write` (given the first key of the run) in both states over the rounds; rows/s of each state. */
    const compare = async (name: string, rows: number, write: (first: number) => Promise<unknown>) => {
      const rates = await alternate(ROUNDS, async (side) => {
        await state(side);
        const first = next;
        next += rows;
        const begin = performance.now();
        await write(first);
        return rows / ((performance.now() - begin) / 1000);
      });
      ratioLine(name, rates, 52);
    };
    console.log(`${ROWS} rows per run, ${ROUNDS} rounds alternating before/after (rows/s, median of the rounds)\n`);

    await compare('insert, single rows placed now', ROWS, async (first) => {
      for (let i = 0; i < ROWS; i++) await q(orderRows(first + i, 1, `interval '0 seconds'`));
    });
    await compare('insert, 500-row statements placed now', ROWS, async (first) => {
      for (let i = 0; i < ROWS; i += 500) await q(orderRows(first + i, Math.min(500, ROWS - i), `interval '0 seconds'`));
    });
    await compare('insert, 500-row statements inside the histories', ROWS, async (first) => {
      for (let i = 0; i < ROWS; i += 500) await q(orderRows(first + i, Math.min(500, ROWS - i), `((g * 7) % 9000) * interval '1 hour'`));
    });
    // Status changes of the orders the single-row runs inserted last (each run its own orders).
    const ids = async (n: number) =>
      (await q(`SELECT id FROM orders WHERE account_id = '${ACCOUNT}' AND status = 'paid' ORDER BY id DESC LIMIT ${n}`)).rows.map((r) => r.id as number);
    await compare('status change to refunded, single rows', ROWS, async () => {
      for (const id of await ids(ROWS)) await q(`UPDATE orders SET status = 'refunded' WHERE id = ${id}`);
    });
    await compare('status change to cancelled, single rows', ROWS, async () => {
      for (const id of await ids(ROWS)) await q(`UPDATE orders SET status = 'cancelled' WHERE id = ${id}`);
    });
    await compare('status change to cancelled, 500-row statements', ROWS, async () => {
      const all = await ids(ROWS);
      for (let i = 0; i < all.length; i += 500) await q(`UPDATE orders SET status = 'cancelled' WHERE id IN (${all.slice(i, i + 500).join(',')})`);
    });
  } finally {
    await client.end().catch(() => {});
    await scratch.drop();
  }
}

await main();
