// bench/ingest-incremental: the cost of the previous-order columns (customer_previous_at,
// customer_source_previous_at: migration 20261127170000_issue13_orders_customer_previous) on the
// ingestion's incremental path, `upsertOrders` as the connectors call it, against the same writes
// without them, in one run on one PostgreSQL database (issue 24: at least 0.7x).
// - "before": the order writes as they were before those columns: their four triggers disabled,
//   the orders covering index without the two columns, the write path's statements that keep the
//   columns skipped (`writeOrderBatch` with `previous: 'none'`, reachable only from here);
// - "after": the service's `upsertOrders` as it runs, everything enabled.
// Each side writes the orders of its own 1,000 customers (40 orders of history each, loaded
// before the clock starts), so neither side's writes leave work for the other. Writes: one order
// per call (a webhook), 250 orders per call placed now (a sync page) and inside the customers'
// histories (a late page of a backfill), and 250 orders per call that replace stored ones (an
// `orders/updated` page: a cancellation, a new total). Alternates the sides over rounds and prints
// orders/s (median of the rounds) and the ratio after/before.
//   node bin/run-ts.js bench/ingest-incremental.ts [--orders 1000] [--rounds 3]
// The server: TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test (a scratch database).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { testDatabaseUrls } from '../src/config.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { migrationTarget } from '../src/db/database.ts';
import { createPrisma } from '../src/db/client.ts';
import { ingestionService, type OrderRecord, type Origin } from '../src/domain/ingestion/index.ts';
import { inTransaction, transactOn } from '../src/domain/ingestion/batch.ts';
import { writeOrderBatch } from '../src/domain/ingestion/orders.ts';
import { alternate, ratioLine, type Side } from './lib/before-after.ts';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '3' } } });
const ORDERS = Number(values.orders);
const ROUNDS = Number(values.rounds);
const PAGE = 250;
const CUSTOMERS = 1000;
const HISTORY = 40;
const ACCOUNT = 'acc_bench_incremental';
const ORIGIN: Origin = { source: 'shopify', integrationId: null, via: 'connector' };
const TRIGGERS = ['orders_customer_previous_own', 'orders_customer_previous_insert', 'orders_customer_previous_update', 'orders_customer_previous_delete'];
const INDEX = 'orders_account_id_placed_at_covering_idx';
const COLUMNS = {
  after: 'account_id, placed_at, status, source, total_amount, customer_id, customer_country, customer_previous_at, customer_source_previous_at',
  before: 'account_id, placed_at, status, source, total_amount, customer_id, customer_country',
};
const NOW = Date.parse('2026-11-28T12:00:00Z');
const HOUR = 3_600_000;

const money = (cents: number) => (cents / 100).toFixed(2);

/** Order `id` of `side`'s customer `n % CUSTOMERS`, placed at `placedAt`, version `version`. */
function order(side: Side, id: string, n: number, placedAt: number, version = 0, cancelled = false): OrderRecord {
  const lines = Array.from({ length: 1 + (n % 3) }, (_, i) => ({
    sku: `SKU-${(n * 7 + i) % 200}`,
    quantity: 1 + (i % 2),
    unitPrice: money(1500 + i * 250),
    unitCost: money(600),
  }));
  const subtotal = lines.reduce((s, l) => s + l.quantity * Math.round(Number(l.unitPrice) * 100), 0);
  return {
    externalId: `${side}-${id}`,
    updatedAt: new Date(placedAt + version * 1000).toISOString(),
    placedAt: new Date(placedAt).toISOString(),
    ...(cancelled ? { cancelledAt: new Date(placedAt + version * 1000).toISOString() } : {}),
    currency: 'USD',
    customer: { externalId: `${side}-C-${n % CUSTOMERS}` },
    subtotal: money(subtotal),
    total: money(subtotal + version),
    fees: money(30),
    lines,
  };
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test', 'benchincremental');
  const client = new pg.Client({ connectionString: scratch.connectionString });
  const prisma = createPrisma(scratch.connectionString, { poolSize: 2 });
  const q = (sql: string) => client.query(sql);
  try {
    await applyMigrations(migrationTarget(scratch.connectionString, 'server'));
    await client.connect();
    await q(`INSERT INTO accounts (id, name, updated_at) VALUES ('${ACCOUNT}', 'Bench', now())`);
    const ingestion = ingestionService(prisma);
    // Each side's history: 40 orders per customer over the last 375 days.
    for (const side of ['before', 'after'] as const) {
      const history = function* () {
        for (let n = 0; n < CUSTOMERS * HISTORY; n++) yield order(side, `H-${n}`, n, NOW - 9000 * HOUR + ((n * 7919) % 9000) * HOUR);
      };
      await ingestion.bulkUpsertOrders(ACCOUNT, ORIGIN, history());
    }
    await q('VACUUM ANALYZE');

    // "before": the writes without the previous-order columns, in their own transaction as upsertOrders runs them.
    const transact = transactOn(prisma);
    const withoutColumns = (records: readonly OrderRecord[]) =>
      inTransaction(
        transact,
        async () => {},
        ACCOUNT,
        ORIGIN,
        (ctx) => writeOrderBatch(ctx, records, { previous: 'none' }),
      );
    const write = (side: Side, records: readonly OrderRecord[]) =>
      side === 'before' ? withoutColumns(records) : ingestion.upsertOrders(ACCOUNT, ORIGIN, records);
    const state = async (side: Side) => {
      for (const trigger of TRIGGERS) await q(`ALTER TABLE orders ${side === 'after' ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
      await q(`DROP INDEX ${INDEX}`);
      await q(`CREATE INDEX ${INDEX} ON orders (${COLUMNS[side]})`);
    };
    const next: Record<Side, number> = { before: 0, after: 0 };
    /** `pages(side, first)`: the calls of one run (ORDERS orders from key `first` on); orders/s of each side over the rounds. */
    const compare = async (name: string, pages: (side: Side, first: number) => OrderRecord[][]) => {
      const rates = await alternate(ROUNDS, async (side) => {
        await state(side);
        const calls = pages(side, next[side]);
        next[side] += ORDERS;
        const begin = performance.now();
        for (const records of calls) {
          const result = await write(side, records);
          if (result.counts.stored !== records.length) throw new Error(`${name}: stored ${result.counts.stored} of ${records.length}`);
        }
        return ORDERS / ((performance.now() - begin) / 1000);
      });
      ratioLine(name, rates, 44);
    };
    const range = (first: number, make: (n: number) => OrderRecord) => Array.from({ length: ORDERS }, (_, i) => make(first + i));
    const paged = (records: OrderRecord[], size: number) =>
      Array.from({ length: Math.ceil(records.length / size) }, (_, i) => records.slice(i * size, (i + 1) * size));
    const placedNow = (side: Side) => (n: number) => order(side, `N-${n}`, n, NOW + n * 1000);

    console.log(
      `${ORDERS} orders per run, ${ROUNDS} rounds alternating before/after; ${CUSTOMERS} customers with ${HISTORY} orders each per side (orders/s, median of the rounds)\n`,
    );
    await compare('one order per call, placed now', (side, first) => paged(range(first, placedNow(side)), 1));
    await compare(`${PAGE} per call, placed now`, (side, first) => paged(range(first, placedNow(side)), PAGE));
    await compare(`${PAGE} per call, inside the histories`, (side, first) =>
      paged(
        range(first, (n) => order(side, `L-${n}`, n, NOW - 9000 * HOUR + ((n * 104729) % 9000) * HOUR)),
        PAGE,
      ),
    );
    // Newer versions of the orders the "placed now" runs wrote: every 4th one cancelled.
    const replaced: Record<Side, number> = { before: 0, after: 0 };
    await compare(`${PAGE} per call, replacing stored orders`, (side) => {
      const first = replaced[side];
      replaced[side] += ORDERS;
      return paged(
        range(first, (n) => order(side, `N-${n}`, n, NOW + n * 1000, 1, n % 4 === 0)),
        PAGE,
      );
    });
    const wrong = await q(
      `SELECT count(*)::int AS n FROM orders o CROSS JOIN LATERAL (
         SELECT max(p.placed_at) AS previous FROM orders p
         WHERE p.account_id = o.account_id AND p.customer_id = o.customer_id AND p.status <> 'cancelled' AND (p.placed_at, p.id) < (o.placed_at, o.id)) p
       WHERE o.account_id = '${ACCOUNT}' AND o.external_id LIKE 'after-%'
         AND (o.customer_previous_at, o.customer_source_previous_at) IS DISTINCT FROM
             (CASE WHEN o.status = 'cancelled' THEN NULL ELSE p.previous END, CASE WHEN o.status = 'cancelled' THEN NULL ELSE p.previous END)`,
    );
    console.log(`\n"after" orders whose previous-order columns are wrong: ${wrong.rows[0].n} (must be 0)`);
    console.log(
      `load average: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await prisma.$disconnect();
    await client.end().catch(() => {});
    await scratch.drop();
  }
}

await main();
