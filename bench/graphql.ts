// bench/graphql: a dashboard query (the first 25 customers with their 5 most recent orders, the
// credit balance and the open insights) through the service's full stack (API key auth, the
// shared rate limit set high, cost and depth checks, resolvers, DataLoaders, Prisma) against
// PostGraphile 4 serving the same tables with the equivalent query, on PostgreSQL, both as child
// processes, loaded by autocannon from this process. Before loading, both answers are checked to
// carry the same customers, orders, balance and insights. Prints requests per second, p99 latency,
// the ratio (goal: the service matches or beats PostGraphile) and each server's peak memory.
//   npm run bench:graphql -- [--seconds 10] [--connections 20] [--cpu-prof <dir>]
// --cpu-prof writes a V8 CPU profile of the service process into <dir> (open it in Chrome DevTools).
// The PostgreSQL server is TEST_DATABASE_URL's (default postgresql://postgres@127.0.0.1:5432/test);
// the benchmark creates and drops its own database there.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, testDatabaseUrls } from '../src/config.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { connectDatabase } from '../src/db/database.ts';
import { buildServices } from '../src/services.ts';
import { jobRunner } from '../src/jobs/runner.ts';
import { ALL_JOBS } from '../src/jobs/index.ts';
import { seedDemoAccount, DEMO_ACCOUNT_ID } from '../src/demo/seed.ts';
import { keysService } from '../src/domain/keys/index.ts';
import { vmHwmKb } from './lib/child.ts';
import { load, loadRow, PRODUCTION_ENV, startServer, stopServers, type Load } from './lib/load.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' }, 'cpu-prof': { type: 'string' } },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const adminUrl = testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const SERVICE_QUERY = `query Dashboard {
  customers(first: 25) {
    nodes {
      id legacyId name email segment revenueTotal lastPurchaseAt
      recentOrders(first: 5) { id legacyId status totalAmount placedAt }
    }
    pageInfo { hasNextPage endCursor }
  }
  viewer { credits { balance totalPurchased totalSpent } }
  insights(first: 10, status: open) { nodes { id legacyId severity category title } }
}`;

// The nested orders name the account too, as the service's query does: it lets PostgreSQL use
// the (account_id, customer_id, placed_at) index (without it PostGraphile ran at 0.4 of this).
const POSTGRAPHILE_QUERY = `query Dashboard($account: String!) {
  accountById(id: $account) {
    customersByAccountId(first: 25, orderBy: ID_DESC) {
      nodes {
        id name email segment revenueTotal lastPurchaseAt
        ordersByCustomerId(first: 5, orderBy: [PLACED_AT_DESC, ID_DESC], condition: { accountId: $account }) { nodes { id status totalAmount placedAt } }
      }
      pageInfo { hasNextPage endCursor }
    }
    creditBalanceByAccountId { balance totalPurchased totalSpent }
    insightsByAccountId(first: 10, condition: { status: OPEN }, orderBy: ID_DESC) { nodes { id severity category title } }
  }
}`;

interface Row {
  id: string | number;
  /** The service's integer id (its `id` is an opaque global id); PostGraphile's `id` is the integer. */
  legacyId?: number;
}
interface Summary {
  customers: string[];
  orders: string[];
  balance: number;
  insights: string[];
}

const ids = (rows: Row[]) => rows.map((r) => String(r.legacyId ?? r.id));

// Two foreign response shapes, untyped here: the comparison below checks them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- foreign JSON, checked by the comparison below
function summarizeService(body: any): Summary {
  const customers = body.data.customers.nodes as (Row & { recentOrders: Row[] })[];
  return {
    customers: ids(customers),
    orders: customers.flatMap((c) => ids(c.recentOrders)),
    balance: body.data.viewer.credits.balance,
    insights: ids(body.data.insights.nodes),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- foreign JSON, checked by the comparison below
function summarizePostGraphile(body: any): Summary {
  const account = body.data.accountById;
  const customers = account.customersByAccountId.nodes as (Row & { ordersByCustomerId: { nodes: Row[] } })[];
  return {
    customers: ids(customers),
    orders: customers.flatMap((c) => ids(c.ordersByCustomerId.nodes)),
    balance: account.creditBalanceByAccountId?.balance ?? 0,
    insights: ids(account.insightsByAccountId.nodes),
  };
}

const meanLoad = (runs: Load[]): Load => ({
  rps: Math.round(runs.reduce((sum, r) => sum + r.rps, 0) / runs.length),
  p99: Math.round(runs.reduce((sum, r) => sum + r.p99, 0) / runs.length),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
  non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
});

async function post(url: string, headers: Record<string, string>, body: string): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers, body });
  const json = (await response.json()) as { errors?: unknown };
  if (response.status !== 200 || json.errors) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json).slice(0, 2000)}`);
  return json;
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(adminUrl, 'benchgql');
  try {
    await applyMigrations({ connectionString: scratch.connectionString });
    const config = loadConfig({ env: { NODE_ENV: 'test', DATABASE_URL: scratch.connectionString, LOG_LEVEL: 'silent' }, envFile: null });
    const db = await connectDatabase(scratch.connectionString, 'server', { poolSize: 2 });
    await seedDemoAccount(db.prisma);
    // Customer segments and revenue come from the metrics job, as after `npm start`.
    const runner = jobRunner({ prisma: db.prisma, services: buildServices(config, db), jobs: ALL_JOBS });
    await runner.run('customer-metrics', DEMO_ACCOUNT_ID);
    const { key } = await keysService(db.prisma).createKey({ accountId: DEMO_ACCOUNT_ID, scopes: ['read'] });
    await db.close();

    const service = await startServer(
      [...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : []), path.join(root, 'bin/svc.js'), 'serve'],
      {
        DATABASE_URL: scratch.connectionString,
        PORT: '0',
        LOG_LEVEL: 'warn',
        JOBS_ENABLED: 'false',
        DEMO_SEED: 'false',
        RATE_LIMIT_PER_MINUTE: '100000000',
        // The cost points bucket too: the bench measures throughput, not the throttle.
        GRAPHQL_COST_BUCKET_SIZE: '1000000',
        GRAPHQL_COST_RESTORE_RATE: '1000000',
        ...PRODUCTION_ENV,
      },
      root,
    );
    const baseline = await startServer(
      [path.join(root, 'bin/run-ts.js'), path.join(root, 'bench/lib/postgraphile-server.ts'), scratch.connectionString],
      { NODE_ENV: 'production' },
      root,
    );

    const json = { 'content-type': 'application/json', accept: 'application/json' };
    const serviceHeaders = { ...json, authorization: `Bearer ${key}` };
    const serviceBody = JSON.stringify({ query: SERVICE_QUERY });
    const baselineBody = JSON.stringify({ query: POSTGRAPHILE_QUERY, variables: { account: DEMO_ACCOUNT_ID } });

    const ours = summarizeService(await post(`${service.base}/graphql`, serviceHeaders, serviceBody));
    const theirs = summarizePostGraphile(await post(`${baseline.base}/graphql`, json, baselineBody));
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
      throw new Error(`the two answers differ:\nservice      ${JSON.stringify(ours)}\npostgraphile ${JSON.stringify(theirs)}`);
    }
    const shape = `${ours.customers.length} customers, ${ours.orders.length} orders, ${ours.insights.length} open insights, balance ${ours.balance}`;

    const options = { connections, seconds, method: 'POST' as const };
    const loadService = () => load(`${service.base}/graphql`, { ...options, headers: serviceHeaders, body: serviceBody });
    const loadBaseline = () => load(`${baseline.base}/graphql`, { ...options, headers: json, body: baselineBody });
    // Both warmed up first (JIT, pools, caches); then service, PostGraphile, PostGraphile, service,
    // so that drift in the machine's load falls on both.
    await loadService();
    await loadBaseline();
    const serviceRuns = [await loadService()];
    const baselineRuns = [await loadBaseline(), await loadBaseline()];
    serviceRuns.push(await loadService());
    // The service's floor: the same stack (auth, budget, limits, Apollo, Fastify) with no SQL at all,
    // which separates the fixed cost of a request from the cost of its database reads.
    const floorBody = JSON.stringify({ query: '{ viewer { credential } }' });
    const floorLoad = await load(`${service.base}/graphql`, { ...options, headers: serviceHeaders, body: floorBody });
    const serviceLoad = meanLoad(serviceRuns);
    const baselineLoad = meanLoad(baselineRuns);
    const serviceKb = vmHwmKb(service.child.pid);
    const baselineKb = vmHwmKb(baseline.child.pid);

    console.log(
      `\nbench/graphql on PostgreSQL, ${connections} connections, after a warm-up of each, two runs of ${seconds} s each in the order service, PostGraphile, PostGraphile, service; means`,
    );
    console.log(`dashboard query, same answer from both: ${shape}\n`);
    console.log(loadRow('service      POST /graphql', serviceLoad, serviceKb));
    console.log(loadRow('postgraphile POST /graphql', baselineLoad, baselineKb));
    console.log(
      `  ratio service/postgraphile: ${(serviceLoad.rps / baselineLoad.rps).toFixed(2)} req/s, p99 ${(serviceLoad.p99 / baselineLoad.p99).toFixed(2)} (goal: req/s >= 1.00)`,
    );
    console.log(loadRow('service floor (no SQL)', floorLoad, serviceKb));
    console.log(`RESULT ${JSON.stringify({ serviceRuns, baselineRuns, floorLoad, serviceKb, baselineKb })}`);
  } finally {
    await stopServers();
    await scratch.drop();
  }
}

await main();
