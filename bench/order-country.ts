// bench/order-country: the write cost of the customer's country kept on each order (issue 13,
// migration 20261127130232_issue13_orders_customer_country). In one PostgreSQL database:
// - order inserts (one at a time, as a webhook does, and 500-row statements, a sync page) into two
//   copies of `orders` (LIKE … INCLUDING ALL, the foreign key to customers added to both): "after"
//   with the column, the migration's covering index and its insert trigger; "before" without the
//   column and with the covering index it replaced;
// - customer updates on the real tables (1,000 customers of 10 orders each), the migration's
//   customers trigger enabled ("after") or disabled ("before"): an update that leaves the country
//   alone (as the customer-metrics job rewrites every customer) and one that changes every
//   customer's country (the trigger rewrites its orders).
// Alternates before and after over several rounds and prints rows/s, median of the rounds, and
// the ratio after/before (1.00 = no cost).
//   node bin/run-ts.js bench/order-country.ts [--rows 4000] [--rounds 3]
// The server: TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test (a scratch database).
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { testDatabaseUrls } from '../src/config.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { migrationTarget } from '../src/db/database.ts';
import { alternate, ratioLine } from './lib/before-after.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '4000' }, rounds: { type: 'string', default: '3' } } });
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const ACCOUNT = 'acc_bench_order_country';
const CUSTOMERS = 1000;

const SETUP = `
  INSERT INTO accounts (id, name, updated_at) VALUES ('${ACCOUNT}', 'Bench', now());
  INSERT INTO customers (account_id, email, name, source, external_id, country, updated_at)
  SELECT '${ACCOUNT}', 'c' || g || '@example.com', 'Customer ' || g, 'shopify', 'shopify:c' || g, (ARRAY['US','DE','FR'])[1 + g % 3], now()
  FROM generate_series(1, ${CUSTOMERS}) g;
  CREATE TABLE orders_after (LIKE orders INCLUDING ALL);
  CREATE TABLE orders_before (LIKE orders INCLUDING ALL);
  ALTER TABLE orders_before DROP COLUMN customer_country;
  CREATE INDEX ON orders_before (account_id, placed_at, status, source, total_amount, customer_id);
  ALTER TABLE orders_after ADD FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE SET NULL;
  ALTER TABLE orders_before ADD FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE SET NULL;
  CREATE TRIGGER orders_after_country BEFORE INSERT ON orders_after FOR EACH ROW EXECUTE FUNCTION orders_customer_country();`;

const orderRows = (table: string, start: number, n: number) =>
  `INSERT INTO ${table} (account_id, customer_id, source, external_id, status, subtotal, total_amount, refunded_amount, fees_amount, shipping_cost, placed_at)
   SELECT '${ACCOUNT}', c.first + g % ${CUSTOMERS}, (ARRAY['shopify','woo-commerce','mercado-libre'])[1 + g % 3]::"CommerceSource", 'B-' || g,
          'paid'::"OrderStatus", 25 + g % 140, 25 + g % 140, 0, 1.5, 4.5, now() - (g % 1000) * interval '1 minute'
   FROM generate_series(${start}::int, ${start + n - 1}::int) g CROSS JOIN (SELECT min(id) AS first FROM customers WHERE account_id = '${ACCOUNT}') c`;

async function timedRate(rows: number, run: () => Promise<unknown>): Promise<number> {
  const begin = performance.now();
  await run();
  return rows / ((performance.now() - begin) / 1000);
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test', 'benchordercountry');
  const client = new pg.Client({ connectionString: scratch.connectionString });
  try {
    await applyMigrations(migrationTarget(scratch.connectionString, 'server'));
    await client.connect();
    await client.query(SETUP);
    console.log(`${ROWS} orders per table per round, ${ROUNDS} rounds alternating before/after (rows/s, median of the rounds)\n`);
    let next = 0; // each run inserts new keys (the tables' unique constraints)
    for (const batch of [1, 500]) {
      const rates = await alternate(ROUNDS, (side) => {
        const offset = next++ * ROWS;
        return timedRate(ROWS, async () => {
          for (let i = 0; i < ROWS; i += batch) await client.query(orderRows(`orders_${side}`, offset + i, Math.min(batch, ROWS - i)));
        });
      });
      ratioLine(`orders, ${batch === 1 ? 'single rows' : `${batch}-row statements`}`, rates, 44);
    }

    // The real tables: every customer gets 10 orders (the insert trigger sets their country).
    await client.query(orderRows('orders', 10_000_000, CUSTOMERS * 10));
    await client.query('VACUUM ANALYZE customers, orders');
    const updates = {
      'customers, an update keeping the country': `UPDATE customers SET orders_count = orders_count + 1, updated_at = now() WHERE account_id = '${ACCOUNT}'`,
      'customers, a country change (10 orders each)': `UPDATE customers SET country = CASE country WHEN 'US' THEN 'DE' WHEN 'DE' THEN 'FR' ELSE 'US' END WHERE account_id = '${ACCOUNT}'`,
    };
    for (const [name, statement] of Object.entries(updates)) {
      const rates = await alternate(ROUNDS, async (side) => {
        await client.query(`ALTER TABLE customers ${side === 'after' ? 'ENABLE' : 'DISABLE'} TRIGGER customers_country_to_orders`);
        return timedRate(CUSTOMERS, () => client.query(statement));
      });
      ratioLine(name, rates, 44);
    }
  } finally {
    await client.end().catch(() => {});
    await scratch.drop();
  }
}

await main();
