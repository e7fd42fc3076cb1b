// Each order's customer_previous_at and customer_source_previous_at (migration
// 20261127170000_issue13_orders_customer_previous), kept by statement triggers, from which
// salesBreakdown counts a range's distinct customers. After every kind of write an order can
// take (bulk and single inserts out of time order, ties, cancelling and restoring, another
// status, moves in time, a source change, a customer change, no customer, a direct write of the
// columns, deletes of orders, of a customer, of an account), the stored values equal the ones
// window functions compute from the table, and the breakdowns by SOURCE, COUNTRY and SEGMENT over
// several ranges, through real HTTP, give the counts of count(DISTINCT customer_id). On
// PostgreSQL, two transactions writing orders of one customer at once leave the values right.
import pg from 'pg';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount, makeCustomer } from '../factories/index.ts';
import { deleteCustomer, deleteOrder, makeOrders, updateCustomer, updateOrder } from '../factories/rows.ts';
import { keysService } from '../../src/domain/keys/service.ts';
import { gql } from '../graphql/helpers.ts';

type Source = 'shopify' | 'woo_commerce' | 'mercado_libre';
const SOURCES: Source[] = ['shopify', 'woo_commerce', 'mercado_libre'];
const TZ = 'America/New_York';
const RANGES = [
  { from: '2026-03-01', to: '2026-03-31' },
  { from: '2026-03-10', to: '2026-03-12' },
  { from: '2026-03-15', to: '2026-04-20' },
  { from: '2026-02-01', to: '2026-05-31' },
];
const DIMENSIONS = {
  SOURCE: `replace(o.source::text, '-', '_')`,
  COUNTRY: `coalesce(nullif(upper(c.country), ''), 'unknown')`,
  SEGMENT: `coalesce(c.segment::text, 'unknown')`,
} as const;

/** A repeatable sequence of numbers in [0, n). */
function numbers(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return Math.floor((x / 2147483648) * n);
  };
}

describeEachDatabase("Orders keep their customer's previous order time", (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let accountId: string;
  let key: string;
  let customers: number[];
  let serial = 0;
  const pick = numbers(7);

  /**
   * Orders whose stored values differ from what lag() over the table gives: within each customer's
   * counted orders (partitioned apart from the cancelled ones and those without a customer, which
   * have none), the placed_at of the order before, over all sources and over the order's source.
   */
  const wrong = () =>
    app.db.prisma.$queryRawUnsafe<Array<{ id: number }>>(
      `SELECT x.id FROM (
         SELECT o.id, o.customer_previous_at, o.customer_source_previous_at, o.customer_id IS NULL OR o.status = 'cancelled' AS uncounted,
                lag(o.placed_at) OVER (PARTITION BY o.account_id, o.customer_id, o.customer_id IS NULL OR o.status = 'cancelled' ORDER BY o.placed_at, o.id) AS any_source,
                lag(o.placed_at) OVER (PARTITION BY o.account_id, o.customer_id, o.customer_id IS NULL OR o.status = 'cancelled', o.source ORDER BY o.placed_at, o.id) AS same_source
         FROM orders o) x
       WHERE (x.customer_previous_at, x.customer_source_previous_at)
             IS DISTINCT FROM (CASE WHEN x.uncounted THEN NULL ELSE x.any_source END, CASE WHEN x.uncounted THEN NULL ELSE x.same_source END)`,
    );

  /** The breakdown's rows and totals through GraphQL, and the same counted with count(DISTINCT) in SQL. */
  async function breakdowns() {
    const fields = 'rows { key orders customers } totals { orders customers }';
    const query = RANGES.flatMap((r, i) =>
      Object.keys(DIMENSIONS).map((by) => `${by}${i}: salesBreakdown(range: { from: "${r.from}", to: "${r.to}" }, by: ${by}, first: 50) { ${fields} }`),
    ).join('\n');
    const res = await gql(app, key, `{ ${query} }`);
    expect(res.body.errors).toBeUndefined();
    const expected: Record<string, unknown> = {};
    for (const [i, r] of RANGES.entries()) {
      for (const [by, keyExpr] of Object.entries(DIMENSIONS)) {
        const window = `o.account_id = $1 AND o.status <> 'cancelled'
          AND o.placed_at >= ($2::date::timestamp AT TIME ZONE '${TZ}') AND o.placed_at < (($3::date + 1)::timestamp AT TIME ZONE '${TZ}')`;
        const rows = await app.db.prisma.$queryRawUnsafe<Array<{ key: string; orders: number; customers: number }>>(
          `SELECT ${keyExpr} AS key, count(*)::int AS orders, count(DISTINCT o.customer_id)::int AS customers, sum(o.total_amount) AS gross
           FROM orders o LEFT JOIN customers c ON c.id = o.customer_id WHERE ${window}
           GROUP BY 1 ORDER BY sum(o.total_amount) DESC, ${keyExpr} COLLATE "C"`,
          accountId,
          r.from,
          r.to,
        );
        const [totals] = await app.db.prisma.$queryRawUnsafe<Array<{ orders: number; customers: number }>>(
          `SELECT count(*)::int AS orders, count(DISTINCT o.customer_id)::int AS customers FROM orders o WHERE ${window}`,
          accountId,
          r.from,
          r.to,
        );
        expected[`${by}${i}`] = { rows: rows.map(({ key: k, orders, customers: n }) => ({ key: k, orders, customers: n })), totals };
      }
    }
    return { actual: res.body.data, expected };
  }

  /** The stored values are right and the breakdowns agree with count(DISTINCT). */
  async function check() {
    expect(await wrong()).toEqual([]);
    const { actual, expected } = await breakdowns();
    expect(actual).toEqual(expected);
  }

  /** `n` orders of the account's customers (one in seven without one), in March and April, out of time order. */
  const newOrders = (n: number, extra: { placedAt?: Date } = {}) =>
    Array.from({ length: n }, () => {
      const amount = 10 + pick(90);
      return {
        accountId,
        customerId: pick(7) === 0 ? null : customers[pick(customers.length)]!,
        source: SOURCES[pick(3)]!,
        externalId: `o-${++serial}`,
        status: pick(8) === 0 ? ('cancelled' as const) : ('paid' as const),
        subtotal: amount,
        totalAmount: amount,
        // Whole hours, so that some orders of a customer share their placed_at (ties go by id).
        placedAt: extra.placedAt ?? new Date(Date.parse('2026-03-01T05:00:00Z') + pick(24 * 50) * 3_600_000),
      };
    });
  const orderIds = async () =>
    (await app.db.prisma.$queryRawUnsafe<Array<{ id: number }>>(`SELECT id FROM orders WHERE account_id = $1 ORDER BY id`, accountId)).map((r) => r.id);

  beforeAll(async () => {
    database = await target.create();
    // One query asks for 12 breakdowns: the cost bucket is not what this suite tests.
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '10000', GRAPHQL_COST_BUCKET_SIZE: '100000', GRAPHQL_COST_RESTORE_RATE: '100000' });
    const prisma = app.db.prisma;
    const account = await makeAccount(prisma, { name: 'Chains', timezone: TZ });
    accountId = account.id;
    key = (await keysService(prisma).createKey({ accountId, scopes: ['read'] })).key;
    customers = [];
    for (const [i, country] of ['US', 'de', 'DE', '', 'FR', 'US'].entries()) {
      const c = await makeCustomer(prisma, accountId);
      await updateCustomer(prisma, c.id, { country, segment: i % 2 === 0 ? 'vip' : 'at_risk' });
      customers.push(c.id);
    }
    // Another account's customer and orders on the same days: they must not move this account's chains.
    const other = await makeAccount(prisma, { name: 'Other', timezone: TZ });
    const stranger = await makeCustomer(prisma, other.id);
    await makeOrders(
      prisma,
      Array.from({ length: 20 }, (_, i) => ({
        accountId: other.id,
        customerId: stranger.id,
        source: 'shopify' as const,
        externalId: `x-${i}`,
        subtotal: 5,
        totalAmount: 5,
        placedAt: new Date(Date.parse('2026-03-01T05:00:00Z') + i * 86_400_000),
      })),
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('keeps them through inserts: one statement of many out of time order, then single rows between them', async () => {
    await makeOrders(app.db.prisma, newOrders(120));
    await check();
    for (const order of newOrders(15)) await makeOrders(app.db.prisma, [order]);
    // Three orders of one customer at the same instant, in one statement.
    const tie = new Date('2026-03-11T15:00:00Z');
    await makeOrders(
      app.db.prisma,
      newOrders(3, { placedAt: tie }).map((o) => ({ ...o, customerId: customers[0]!, status: 'paid' as const })),
    );
    await check();
  });

  it('keeps them through status changes: cancelled, restored, refunded', async () => {
    const ids = await orderIds();
    for (const id of ids.filter((_, i) => i % 5 === 0)) await updateOrder(app.db.prisma, id, { status: 'cancelled' });
    await check();
    await app.db.prisma.order.updateMany({ where: { id: { in: ids.filter((_, i) => i % 10 === 0) } }, data: { status: 'paid' } });
    await app.db.prisma.order.updateMany({ where: { id: { in: ids.filter((_, i) => i % 3 === 1) } }, data: { status: 'refunded' } });
    await check();
  });

  it("keeps them through moves: placed_at, source, the order's customer, no customer", async () => {
    const ids = await orderIds();
    for (const id of ids.filter((_, i) => i % 6 === 0))
      await updateOrder(app.db.prisma, id, { placedAt: new Date(Date.parse('2026-03-20T05:00:00Z') + pick(300) * 3_600_000) });
    await app.db.prisma.order.updateMany({ where: { id: { in: ids.filter((_, i) => i % 7 === 3) } }, data: { source: 'woo_commerce' } });
    await check();
    for (const id of ids.filter((_, i) => i % 9 === 2)) await updateOrder(app.db.prisma, id, { customerId: customers[pick(customers.length)]! });
    await app.db.prisma.order.updateMany({ where: { id: { in: ids.filter((_, i) => i % 11 === 4) } }, data: { customerId: null } });
    await check();
  });

  it('recomputes a direct write of the columns, on update and on insert', async () => {
    const ids = await orderIds();
    await app.db.prisma.order.updateMany({
      where: { id: { in: ids.filter((_, i) => i % 4 === 0) } },
      data: { customerPreviousAt: new Date('2020-01-01T00:00:00Z'), customerSourcePreviousAt: null },
    });
    await makeOrders(
      app.db.prisma,
      newOrders(4).map((o) => ({ ...o, customerPreviousAt: new Date('2030-01-01T00:00:00Z'), customerSourcePreviousAt: new Date('2030-01-01T00:00:00Z') })),
    );
    await check();
  });

  it('keeps them through deletes: orders one at a time and many at once, a customer, another account', async () => {
    const ids = await orderIds();
    for (const id of ids.filter((_, i) => i % 8 === 1)) await deleteOrder(app.db.prisma, id);
    await app.db.prisma.order.deleteMany({ where: { id: { in: ids.filter((_, i) => i % 8 === 5) } } });
    await check();
    // The customer's orders stay, without a customer (ON DELETE SET NULL).
    await deleteCustomer(app.db.prisma, customers.pop()!);
    await check();
    const gone = await makeAccount(app.db.prisma, { name: 'Gone', timezone: TZ });
    const c = await makeCustomer(app.db.prisma, gone.id);
    await makeOrders(app.db.prisma, [
      { accountId: gone.id, customerId: c.id, source: 'shopify', externalId: 'g-1', subtotal: 1, totalAmount: 1, placedAt: new Date('2026-03-05T12:00:00Z') },
    ]);
    await app.db.prisma.account.delete({ where: { id: gone.id } });
    await check();
    // Every kind of group was there to be counted.
    const { actual } = await breakdowns();
    expect(actual.SOURCE0.rows.length).toBe(3);
    expect(actual.COUNTRY0.rows.map((r: { key: string }) => r.key).sort()).toEqual(['DE', 'FR', 'US', 'unknown']);
    expect(actual.SEGMENT0.totals.customers).toBeGreaterThan(2);
  });

  it('locks any number of customers in one statement (an import of 8,000 customers, 2 orders each: more than the shared lock table holds)', async () => {
    const bulk = await makeAccount(app.db.prisma, { name: 'Import', timezone: TZ });
    await app.db.prisma.$executeRawUnsafe(
      `INSERT INTO customers (account_id, email, name, source, external_id, updated_at)
       SELECT $1, 'i' || g || '@example.com', 'Imported ' || g, 'shopify', 'shopify:i' || g, now() FROM generate_series(1, 8000) g`,
      bulk.id,
    );
    const inserted = await app.db.prisma.$executeRawUnsafe(
      `INSERT INTO orders (account_id, customer_id, source, external_id, subtotal, total_amount, placed_at)
       SELECT $1, c.id, (ARRAY['shopify','woo-commerce','mercado-libre'])[1 + (c.id + k) % 3]::"CommerceSource", 'i-' || c.id || '-' || k, 5, 5,
              timestamptz '2026-03-01 12:00:00+00' + ((c.id * 7 + k * 13) % 40) * interval '1 day'
       FROM customers c CROSS JOIN generate_series(1, 2) k WHERE c.account_id = $1`,
      bulk.id,
    );
    expect(inserted).toBe(16_000);
    expect(await wrong()).toEqual([]);
    const [counts] = await app.db.prisma.$queryRawUnsafe<Array<{ firsts: number; customers: number }>>(
      `SELECT count(*) FILTER (WHERE customer_previous_at IS NULL)::int AS firsts, count(DISTINCT customer_id)::int AS customers FROM orders WHERE account_id = $1`,
      bulk.id,
    );
    expect(counts).toEqual({ firsts: 8_000, customers: 8_000 });
  });

  if (target.name === 'postgres') {
    it('stays right when two transactions write orders of one customer at once', async () => {
      const customerId = customers[0]!;
      const [one, two] = [new pg.Client({ connectionString: database.connectionString }), new pg.Client({ connectionString: database.connectionString })];
      await one.connect();
      await two.connect();
      try {
        const insert = (client: pg.Client, externalId: string, placedAt: string) =>
          client.query(
            `INSERT INTO orders (account_id, customer_id, source, external_id, subtotal, total_amount, placed_at) VALUES ($1, $2, 'shopify', $3, 9, 9, $4)`,
            [accountId, customerId, externalId, placedAt],
          );
        const twoPid = (await two.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
        const waiting = async () =>
          (await one.query('SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1', [twoPid])).rows[0]?.wait_event_type === 'Lock';
        // The first transaction places the later order; the second one, the earlier, while the first is open.
        for (const [later, earlier] of [
          ['2026-05-02T10:00:00Z', '2026-05-01T10:00:00Z'],
          ['2026-05-03T10:00:00Z', '2026-05-04T10:00:00Z'],
        ]) {
          await one.query('BEGIN');
          await insert(one, `c-${++serial}`, later!);
          await two.query('BEGIN');
          const second = insert(two, `c-${++serial}`, earlier!).then(() => two.query('COMMIT'));
          // The second one waits for the first (its customer is locked); commit the first only then.
          for (let polls = 0; !(await waiting()); polls++) if (polls > 20_000) throw new Error('the second transaction never waited for the first');
          await one.query('COMMIT');
          await second;
          await check();
        }
      } finally {
        await one.end();
        await two.end();
      }
    });
  }
});
