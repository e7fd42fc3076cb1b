// bench/analytics: the analyst queries of GraphQL on a generated account shaped as bench/jobs's
// (1,000,000 orders over two years, America/New_York), on PostgreSQL, through the real HTTP app:
//   A. profitReport over 24 months by MONTH with PREVIOUS_YEAR,
//   B. salesBreakdown by SOURCE and C. by COUNTRY over the last 90 days,
//   D. orders(first: 50, filter: { range: last 90 days }) with totalCount.
// Each is timed (p50, p99 over --runs requests after a warm-up) against the same answer computed
// by one hand-written SQL statement in this script (timed the same way, over a plain pg client),
// and the two answers are checked equal. Target: p50 under 50 ms each.
//   npm run bench:analytics -- [--orders 1000000] [--customers 100000] [--runs 60] [--keep | --reuse <url>]
// The server: TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test; the benchmark
// creates and drops its own database (customers get countries and orders sources, so that the
// breakdowns have several groups; first purchases and profit snapshots are written as the jobs do).
// Orders are inserted oldest first, as a store's orders arrive, so that each is written once.
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startTestApp } from '../test/helpers/app.ts';
import { testDatabaseUrls } from '../src/config.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { migrationTarget } from '../src/db/database.ts';
import { keysService } from '../src/domain/keys/service.ts';
import { localDate } from '../src/domain/shared/index.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    customers: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '60' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const ORDERS = Number(values.orders);
const CUSTOMERS = Number(values.customers);
const RUNS = Number(values.runs);
const ACCOUNT = 'acc_bench_analytics';
const TZ = 'America/New_York';
const DAYS = 730;

async function generate(client: pg.Client, now: Date): Promise<void> {
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  await q(`INSERT INTO accounts (id, name, timezone, updated_at) VALUES ($1, 'Bench analytics', $2, now())`, [ACCOUNT, TZ]);
  await q(
    `INSERT INTO customers (account_id, email, name, source, external_id, country, updated_at)
     SELECT $1, 'c' || g || '@example.com', 'Customer ' || g, 'shopify', 'shopify:bench:c' || g || '@example.com',
            (ARRAY['US','DE','FR','GB','ES','BR','MX','CA','IT',''])[1 + g % 10], now()
     FROM generate_series(1, $2::int) g`,
    [ACCOUNT, CUSTOMERS],
  );
  await q(
    `INSERT INTO orders (account_id, customer_id, source, external_id, status, subtotal, total_amount, refunded_amount, fees_amount, shipping_cost, placed_at)
     SELECT $1, c.first + ((g::bigint * 7919) % $3::int)::int, (ARRAY['shopify','woo-commerce','mercado-libre'])[1 + g % 3]::"CommerceSource", 'B-' || g,
            (CASE WHEN g % 53 = 0 THEN 'cancelled' WHEN g % 41 = 0 THEN 'refunded' ELSE 'paid' END)::"OrderStatus",
            25 + (g * 31) % 140, 25 + (g * 31) % 140, CASE WHEN g % 41 = 0 THEN 25 + (g * 31) % 140 ELSE 0 END, 1.5, 4.5,
            $4::timestamptz - (g::float8 / $2::int) * interval '${DAYS} days'
     FROM generate_series($2::int, 1, -1) g CROSS JOIN (SELECT min(id) AS first FROM customers WHERE account_id = $1) c`,
    [ACCOUNT, ORDERS, CUSTOMERS, now],
  );
  await q(
    `INSERT INTO order_items (account_id, order_id, sku, quantity, unit_price, unit_cost) SELECT $1, o.id, 'SKU-' || (o.id % 500), 1, o.total_amount, 8 FROM orders o WHERE o.account_id = $1`,
    [ACCOUNT],
  );
  await q(
    `INSERT INTO ad_spend (account_id, date, platform, campaign_id, campaign_name, spend, attributed_revenue, clicks, impressions, conversions)
     SELECT $1, d::date, p::"AdPlatform", 'cmp-' || p, 'Campaign ' || p, 300, 900, 120, 4000, 9
     FROM generate_series(($2::timestamptz - interval '${DAYS} days')::date, $2::timestamptz::date, interval '1 day') d CROSS JOIN unnest(ARRAY['meta-ads', 'google-ads']) p`,
    [ACCOUNT, now],
  );
  // What customer-metrics writes for the new-customer counts: each customer's first purchase.
  await q(
    `UPDATE customers c SET first_purchase_at = x.first FROM (
       SELECT customer_id, min(placed_at) AS first FROM orders WHERE account_id = $1 AND status <> 'cancelled' GROUP BY 1) x
     WHERE c.id = x.customer_id AND c.account_id = $1`,
    [ACCOUNT],
  );
  await q('VACUUM ANALYZE');
}

const monthStart = (date: string, back: number) => {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - back);
  return d.toISOString().slice(0, 10);
};
/** The same date a year earlier (29 February becomes 28 February), as PREVIOUS_YEAR. */
const yearBefore = (date: string) => {
  const y = Number(date.slice(0, 4)) - 1;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${y}-${date.slice(5) === '02-29' && !leap ? '02-28' : date.slice(5)}`;
};
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function timed(run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  return { p50: at(50), p99: at(99) };
}

async function main(): Promise<void> {
  const adminUrl = testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test';
  const scratch = values.reuse ? { connectionString: values.reuse, drop: async () => {} } : await createScratchDatabase(adminUrl, 'benchanalytics');
  const client = new pg.Client({ connectionString: scratch.connectionString });
  let app: Awaited<ReturnType<typeof startTestApp>> | null = null;
  try {
    await client.connect();
    const now = values.reuse
      ? new Date((await client.query(`SELECT max(placed_at) AS t FROM orders WHERE account_id = $1`, [ACCOUNT])).rows[0].t.getTime() + 60_000)
      : new Date();
    if (!values.reuse) {
      await applyMigrations(migrationTarget(scratch.connectionString, 'server'));
      const start = performance.now();
      await generate(client, now);
      console.log(
        `generated ${ORDERS} orders in ${((performance.now() - start) / 1000).toFixed(1)} s${values.keep ? `; kept at ${scratch.connectionString}` : ''}`,
      );
    }
    app = await startTestApp(
      { kind: 'server', connectionString: scratch.connectionString, close: async () => {} },
      {
        RATE_LIMIT_PER_MINUTE: '1000000',
        // The cost points bucket too: the bench measures latency, not the throttle.
        GRAPHQL_COST_BUCKET_SIZE: '1000000',
        GRAPHQL_COST_RESTORE_RATE: '1000000',
      },
    );
    if (!values.reuse) {
      const start = performance.now();
      await app.services.profit.snapshotProfit(ACCOUNT, now, { full: true });
      await client.query('ANALYZE profit_snapshots');
      console.log(`profit snapshots in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    }
    const key = (await keysService(app.db.prisma).createKey({ accountId: ACCOUNT, scopes: ['read'] })).key;
    const gql = async (query: string) => {
      const res = await fetch(`${app!.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ query }),
      });
      const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data!;
    };
    const sql = async (text: string, params: unknown[]) => (await client.query(text, params)).rows;

    const today = localDate(now, TZ);
    const months = { from: monthStart(today, 23), to: addDays(monthStart(today, -1), -1) };
    const last90 = { from: addDays(today, -89), to: today };
    const range = (r: { from: string; to: string }) => `{ from: "${r.from}", to: "${r.to}" }`;
    const bounds = `($2::date::timestamp AT TIME ZONE $4::text) AND o.placed_at < (($3::date + 1)::timestamp AT TIME ZONE $4::text)`;

    const cases: Array<{ name: string; graphql: () => Promise<unknown>; sql: () => Promise<unknown> }> = [
      {
        name: 'A profitReport 24 months by MONTH, PREVIOUS_YEAR',
        graphql: async () => {
          const d = (
            await gql(
              `{ profitReport(range: ${range(months)}, interval: MONTH, compareTo: PREVIOUS_YEAR) { buckets { start totals { grossRevenue { amount } finalProfit { amount } purchaseCount newCustomers } } previous { grossRevenue { amount } } } }`,
            )
          ).profitReport as {
            buckets: Array<{
              start: string;
              totals: { grossRevenue: { amount: string }; finalProfit: { amount: string }; purchaseCount: number; newCustomers: number };
            }>;
            previous: { grossRevenue: { amount: string } };
          };
          return {
            months: d.buckets.map((b) => [b.start, b.totals.grossRevenue.amount, b.totals.finalProfit.amount, b.totals.purchaseCount, b.totals.newCustomers]),
            previous: d.previous.grossRevenue.amount,
          };
        },
        sql: async () => {
          const rows = await sql(
            `WITH m AS (SELECT generate_series($2::date, $3::date, interval '1 month')::date AS m),
             s AS (SELECT date_trunc('month', snapshot_date)::date AS m, sum(gross_revenue) AS g, sum(final_profit) AS f, sum(purchase_count)::int AS n
                   FROM profit_snapshots WHERE account_id = $1 AND snapshot_date BETWEEN $2::date AND $3::date GROUP BY 1),
             c AS (SELECT date_trunc('month', first_purchase_at AT TIME ZONE $4::text)::date AS m, count(*)::int AS n FROM customers
                   WHERE account_id = $1 AND first_purchase_at >= ($2::date::timestamp AT TIME ZONE $4::text) AND first_purchase_at < (($3::date + 1)::timestamp AT TIME ZONE $4::text) GROUP BY 1)
             SELECT m.m::text AS start, coalesce(s.g, 0)::numeric(14,2)::text AS g, coalesce(s.f, 0)::numeric(14,2)::text AS f, coalesce(s.n, 0) AS n, coalesce(c.n, 0) AS c,
                    (SELECT coalesce(sum(gross_revenue), 0)::numeric(14,2)::text FROM profit_snapshots WHERE account_id = $1 AND snapshot_date BETWEEN $5::date AND $6::date) AS prev
             FROM m LEFT JOIN s ON s.m = m.m LEFT JOIN c ON c.m = m.m ORDER BY m.m`,
            [ACCOUNT, months.from, months.to, TZ, yearBefore(months.from), yearBefore(months.to)],
          );
          return { months: rows.map((r) => [r.start, r.g, r.f, r.n, r.c]), previous: rows[0]?.prev };
        },
      },
      ...(['SOURCE', 'COUNTRY'] as const).map((by) => ({
        name: `${by === 'SOURCE' ? 'B' : 'C'} salesBreakdown by ${by}, 90 days`,
        graphql: async () => {
          const d = (
            await gql(
              `{ salesBreakdown(range: ${range(last90)}, by: ${by}) { rows { key orders grossRevenue { amount } customers } totals { orders customers } } }`,
            )
          ).salesBreakdown as {
            rows: Array<{ key: string; orders: number; grossRevenue: { amount: string }; customers: number }>;
            totals: { orders: number; customers: number };
          };
          return { rows: d.rows.map((r) => [r.key, r.orders, r.grossRevenue.amount, r.customers]), totals: [d.totals.orders, d.totals.customers] };
        },
        sql: async () => {
          const keyExpr = by === 'SOURCE' ? `replace(o.source::text, '-', '_')` : `coalesce(nullif(upper(c.country), ''), 'unknown')`;
          const rows = await sql(
            `SELECT ${keyExpr} AS key, count(*)::int AS orders, sum(o.total_amount)::text AS gross, count(DISTINCT o.customer_id)::int AS customers, grouping(${keyExpr}) = 1 AS total
             FROM orders o ${by === 'COUNTRY' ? 'LEFT JOIN customers c ON c.id = o.customer_id' : ''}
             WHERE o.account_id = $1 AND o.status <> 'cancelled' AND o.placed_at >= ${bounds}
             GROUP BY GROUPING SETS ((${keyExpr}), ()) ORDER BY total, sum(o.total_amount) DESC, 1`,
            [ACCOUNT, last90.from, last90.to, TZ],
          );
          const total = rows.find((r) => r.total)!;
          return {
            rows: rows
              .filter((r) => !r.total)
              .slice(0, 20)
              .map((r) => [r.key, r.orders, Number(r.gross).toFixed(2), r.customers]),
            totals: [total.orders, total.customers],
          };
        },
      })),
      {
        name: 'D orders(first: 50, filter: {range: 90 days}) + totalCount',
        graphql: async () => {
          const d = (await gql(`{ orders(first: 50, filter: { range: ${range(last90)} }) { nodes { legacyId totalAmount placedAt } totalCount } }`)).orders as {
            nodes: Array<{ legacyId: number; totalAmount: string; placedAt: string }>;
            totalCount: number;
          };
          return { ids: d.nodes.map((n) => [n.legacyId, n.totalAmount, n.placedAt]), total: d.totalCount };
        },
        sql: async () => {
          const rows = await sql(
            `SELECT o.id, o.total_amount::text AS total, o.placed_at, (SELECT count(*)::int FROM orders o WHERE o.account_id = $1 AND o.placed_at >= ${bounds}) AS n
             FROM orders o WHERE o.account_id = $1 AND o.placed_at >= ${bounds} ORDER BY o.placed_at DESC, o.id DESC LIMIT 50`,
            [ACCOUNT, last90.from, last90.to, TZ],
          );
          return { ids: rows.map((r) => [r.id, r.total, (r.placed_at as Date).toISOString()]), total: rows[0]?.n ?? 0 };
        },
      },
    ];

    console.log(`account: ${ORDERS} orders, ${CUSTOMERS} customers; ${RUNS} timed runs each after 5 warm-ups\n`);
    console.log(
      `${'query'.padEnd(58)} ${'GraphQL p50'.padStart(11)} ${'p99'.padStart(8)}   ${'SQL p50'.padStart(8)} ${'p99'.padStart(8)}   ratio p50  answers  target`,
    );
    for (const c of cases) {
      const [a, b] = [await c.graphql(), await c.sql()];
      const equal = JSON.stringify(a) === JSON.stringify(b);
      if (!equal) console.log(`  ${c.name}: answers differ\n  graphql ${JSON.stringify(a).slice(0, 400)}\n  sql     ${JSON.stringify(b).slice(0, 400)}`);
      const g = await timed(c.graphql);
      const s = await timed(c.sql);
      const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(8);
      console.log(
        `${c.name.padEnd(58)} ${ms(g.p50).padStart(11)} ${ms(g.p99)}   ${ms(s.p50)} ${ms(s.p99)}   ${(g.p50 / s.p50).toFixed(2).padStart(6)} ×   ${equal ? 'equal' : 'DIFFER'}   ${g.p50 < 50 ? 'ok' : 'MISSES'}`,
      );
    }
  } finally {
    await app?.close();
    await client.end().catch(() => {});
    if (!values.keep && !values.reuse) await scratch.drop();
  }
}

await main();
