// The demo seed: the promised volumes, orders up to the moment of the seed, internally consistent,
// deterministic for a given day (today's orders: those of the day up to the seed's moment),
// idempotent, and derived data left to the jobs.
import { jest } from '@jest/globals';
import pg from 'pg';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { createPrisma, type PrismaClient } from '../../src/db/client.ts';
import { DEMO_ACCOUNT_ID, seedDemoAccount } from '../../src/demo/seed.ts';
import { DEMO_TIMEZONE } from '../../src/demo/catalog.ts';
import { localDate } from '../../src/domain/shared/dates.ts';

// Seeding 20,000 orders takes about 5 s on an idle machine and over a minute on a loaded one.
jest.setTimeout(600_000);

const NOW = new Date('2026-06-15T12:34:56Z');
const TODAY = '2026-06-15';
const EARLY = new Date('2026-06-15T01:02:03Z');

/**
 * A digest of every seeded table's contents, to compare two seeds row for row; with `until`, only
 * the orders (and their items) placed by then, the expenses of the UTC days before, and the ad
 * spend of the days before the store's own today (New York) at `until`: today's row holds the share
 * of that day's budget spent by then (at EARLY, 21:02 on June 14 in New York, June 14 is today).
 */
async function fingerprint(connectionString: string, until?: Date): Promise<Record<string, string>> {
  const cut = until?.toISOString();
  const only: Record<string, string> = cut
    ? {
        orders: `WHERE placed_at <= '${cut}'`,
        order_items: `WHERE order_id IN (SELECT id FROM orders WHERE placed_at <= '${cut}')`,
        ad_spend: `WHERE date < '${localDate(until!, DEMO_TIMEZONE)}'`,
        expenses: `WHERE date < '${TODAY}'`,
      }
    : {};
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const out: Record<string, string> = {};
    for (const table of [
      'accounts',
      'customers',
      'inventory_items',
      'orders',
      'order_items',
      'ad_spend',
      'expenses',
      'integrations',
      'credit_transactions',
      'credit_balances',
      'ai_usage',
      'alert_rules',
    ]) {
      const { rows } = await client.query(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${table} t ${only[table] ?? ''}`);
      out[table] = rows[0].digest;
    }
    return out;
  } finally {
    await client.end();
  }
}

describeEachDatabase('demo seed', (target) => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let client: pg.Client;

  beforeAll(async () => {
    db = await target.create();
    prisma = createPrisma(db.connectionString, { poolSize: 3 });
    client = new pg.Client({ connectionString: db.connectionString });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await prisma.$disconnect();
    await db.close();
  });

  test('creates the demo account with the promised volumes', async () => {
    const result = await seedDemoAccount(prisma, { now: NOW });
    expect(result.created).toBe(true);
    expect(result.accountId).toBe(DEMO_ACCOUNT_ID);
    const q = async (sql: string) => (await client.query(sql)).rows[0];
    expect(Number((await q(`SELECT count(*) FROM customers`)).count)).toBeGreaterThanOrEqual(2000);
    const sources = (await client.query(`SELECT source::text, count(*)::int AS n FROM customers GROUP BY 1 ORDER BY 1`)).rows;
    expect(sources.map((r) => r.source)).toEqual(['mercado-libre', 'shopify', 'woo-commerce']);
    // 20,000 orders over the 400 days ending today; today's after the seed's moment are not placed yet.
    const orders = Number((await q(`SELECT count(*) FROM orders`)).count);
    expect(orders).toBeLessThan(20000);
    expect(orders).toBeGreaterThan(19900);
    expect(Number((await q(`SELECT count(*) FROM inventory_items`)).count)).toBe(150);
    // Every customer with an order is marked for the hourly customer-metrics run (the bulk load's
    // triggers step aside, so the load marks them itself): without it no segment until the daily run.
    const unmarked = await q(
      `SELECT count(DISTINCT o.customer_id)::int AS n FROM orders o
       LEFT JOIN customer_metrics_pending p ON p.account_id = o.account_id AND p.customer_id = o.customer_id
       WHERE o.customer_id IS NOT NULL AND p.customer_id IS NULL`,
    );
    expect(unmarked.n).toBe(0);
    expect(Number((await q(`SELECT count(*) FROM customer_metrics_pending`)).count)).toBeGreaterThan(1000);
    const span = await q(`SELECT min(placed_at) AS first, max(placed_at) AS last FROM orders`);
    expect(NOW.getTime() - span.first.getTime()).toBeLessThanOrEqual(401 * 86_400_000);
    expect(NOW.getTime() - span.first.getTime()).toBeGreaterThan(390 * 86_400_000);
    expect(span.last.getTime()).toBeLessThanOrEqual(NOW.getTime());
    // Today has orders up to the moment of the seed, spread over the hours gone by.
    const today = await q(`SELECT count(*)::int AS n, count(DISTINCT date_trunc('hour', placed_at))::int AS hours FROM orders WHERE placed_at >= '${TODAY}'`);
    expect(today.n).toBeGreaterThan(10);
    expect(today.hours).toBeGreaterThan(6);
    // Today's ad spend is the share of the day's budget spent so far (about half at 12:34).
    const spend = await q(
      `SELECT sum(spend) FILTER (WHERE date = '${TODAY}') AS today, sum(spend) FILTER (WHERE date = '2026-06-14') AS yesterday FROM ad_spend`,
    );
    expect(Number(spend.today)).toBeGreaterThan(0);
    expect(Number(spend.today)).toBeLessThan(Number(spend.yesterday));
    const platforms = (await client.query(`SELECT DISTINCT platform::text FROM ad_spend ORDER BY 1`)).rows.map((r) => r.platform);
    expect(platforms).toEqual(['google-ads', 'meta-ads']);
    expect(Number((await q(`SELECT count(DISTINCT campaign_id) FROM ad_spend`)).count)).toBeGreaterThanOrEqual(4);
    expect(Number((await q(`SELECT count(*) FROM expenses`)).count)).toBeGreaterThan(0);
    const statuses = (await client.query(`SELECT DISTINCT status::text FROM integrations ORDER BY 1`)).rows.map((r) => r.status);
    expect(statuses).toEqual(['connected', 'never_synced', 'revoked', 'stale']);
  });

  test('the seed wrote through the ingestion commands: every order, refund, customer, product, ad-spend row and expense has its ledger record', async () => {
    // The write path keys every record it stores in ingestion_records (docs/ingestion.md); rows
    // written around it would have none. The seed's records all name it (via 'seed').
    const count = async (sql: string) => Number((await client.query(sql)).rows[0].n);
    const ledger = async (kind: string) =>
      count(`SELECT count(*)::int AS n FROM ingestion_records WHERE kind = '${kind}' AND via = 'seed' AND NOT test AND deleted_at IS NULL`);
    expect(await count(`SELECT count(*)::int AS n FROM ingestion_records WHERE via <> 'seed'`)).toBe(0);
    for (const [kind, table] of [
      ['order', 'orders'],
      ['refund', 'refunds'],
      ['customer', 'customers'],
      ['product', 'inventory_items'],
      ['ad_spend', 'ad_spend'],
      ['expense', 'expenses'],
    ] as const) {
      const stored = await count(`SELECT count(*)::int AS n FROM ${table}`);
      expect({ kind, stored: stored > 0, ledger: await ledger(kind) }).toEqual({ kind, stored: true, ledger: stored });
    }
  });

  test('orders are internally consistent and external ids follow the contract', async () => {
    const bad = await client.query(`
      SELECT count(*)::int AS n FROM orders
      WHERE total_amount <> subtotal - discount_amount + shipping_amount + tax_amount
         OR refunded_amount > total_amount OR refunded_amount < 0`);
    expect(bad.rows[0].n).toBe(0);
    const subtotals = await client.query(`
      SELECT count(*)::int AS n FROM orders o
      JOIN (SELECT order_id, sum(quantity * unit_price) AS s FROM order_items GROUP BY order_id) i ON i.order_id = o.id
      WHERE i.s <> o.subtotal`);
    expect(subtotals.rows[0].n).toBe(0);
    const ids = await client.query(
      `SELECT count(*)::int AS n FROM customers WHERE external_id <> source::text || ':' || split_part(external_id, ':', 2) || ':' || email`,
    );
    expect(ids.rows[0].n).toBe(0);
  });

  test('the credit ledger sums to the balance and runs in order', async () => {
    const { rows } = await client.query(`SELECT amount, balance_after FROM credit_transactions WHERE account_id = $1 ORDER BY id`, [DEMO_ACCOUNT_ID]);
    let running = 0;
    for (const row of rows) {
      running += row.amount;
      expect(row.balance_after).toBe(running);
      expect(running).toBeGreaterThanOrEqual(0);
    }
    const balance = (await client.query(`SELECT balance FROM credit_balances WHERE account_id = $1`, [DEMO_ACCOUNT_ID])).rows[0].balance;
    expect(balance).toBe(running);
  });

  test('derived data is left to the jobs', async () => {
    const q = async (sql: string) => Number((await client.query(sql)).rows[0].n);
    expect(await q(`SELECT count(*) AS n FROM profit_snapshots`)).toBe(0);
    expect(await q(`SELECT count(*) AS n FROM anomalies`)).toBe(0);
    expect(await q(`SELECT count(*) AS n FROM insights`)).toBe(0);
    expect(await q(`SELECT count(*) AS n FROM reorder_suggestions`)).toBe(0);
    expect(await q(`SELECT count(*) AS n FROM inventory_items WHERE computed_at IS NOT NULL`)).toBe(0);
  });

  test('a second run changes nothing', async () => {
    const before = await fingerprint(db.connectionString);
    const again = await seedDemoAccount(prisma, { now: new Date(NOW.getTime() + 3_600_000) });
    expect(again.created).toBe(false);
    expect(await fingerprint(db.connectionString)).toEqual(before);
  });

  test('the same day gives the same data in a fresh database; today up to the moment of each seed', async () => {
    const other = await target.create();
    const otherPrisma = createPrisma(other.connectionString, { poolSize: 2 });
    try {
      await seedDemoAccount(otherPrisma, { now: EARLY });
      // Everything of the earlier seed equals the later seed's rows up to the earlier moment.
      expect(await fingerprint(other.connectionString, EARLY)).toEqual(await fingerprint(db.connectionString, EARLY));
      const count = async (url: string) => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try {
          return Number((await c.query(`SELECT count(*)::int AS n FROM orders WHERE placed_at >= '${TODAY}'`)).rows[0].n);
        } finally {
          await c.end();
        }
      };
      expect(await count(other.connectionString)).toBeLessThan(await count(db.connectionString));
    } finally {
      await otherPrisma.$disconnect();
      await other.close();
    }
  });
});
