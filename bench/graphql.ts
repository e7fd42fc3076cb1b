// bench/graphql: a dashboard query (the first 25 customers with their 5 most recent orders, the
// credit balance and the open insights) through the service's full stack (API key auth, the
// shared rate limit set high, cost and depth checks, resolvers, DataLoaders, Prisma) against
// PostGraphile 4 serving the same tables with the equivalent query, on PostgreSQL, both as child
// processes, loaded by autocannon from this process. Before loading, both answers are checked to
// carry the same customers, orders, balance and insights. Prints requests per second, p50 and p99 latency,
// the ratio (goal: the service matches or beats PostGraphile) and each server's peak memory.
//   npm run bench:graphql -- [--seconds 10] [--connections 20] [--cpu-prof <dir>] [--root <checkout>]
// The service runs as `npm run svc -- serve` runs it: `node` with the flags of package.json's `svc`
// script (--v8-pool-size=1 …), on bin/svc.js of the checkout (built). --root runs another checkout's
// service (built, the same migrations) against this one's PostGraphile, for before/after runs.
// --cpu-prof writes a V8 CPU profile of the service process into <dir> (open it in Chrome DevTools).
// Also prints the CPU time per request of each server, of its PostgreSQL backends and of the load
// generator (on a shared 2-core machine their sum decides throughput, and it is less noisy than
// requests/s), and, with --statements, the transactions (statements outside a transaction) and
// rows each server's dashboard request costs PostgreSQL (pg_stat_database, 100 sequential requests).
// --service-only loads only the service's dashboard query (with --cpu-prof: a profile of it alone).
// The PostgreSQL server is TEST_DATABASE_URL's (default postgresql://postgres@127.0.0.1:5432/test);
// the benchmark creates and drops its own database there.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
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
import { procCpuMs } from './lib/cpu.ts';
import { load, loadRow, PRODUCTION_ENV, startServer, stopServers, type Load } from './lib/load.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    'cpu-prof': { type: 'string' },
    statements: { type: 'boolean', default: false },
    'service-only': { type: 'boolean', default: false },
    root: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const adminUrl = testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const serviceRoot = path.resolve(values.root ?? root);

/** The node flags `npm run svc` gives (package.json: `… && node <flags> bin/svc.js`), so the bench runs the service as production does. */
function svcNodeFlags(checkout: string): string[] {
  const script = (JSON.parse(readFileSync(path.join(checkout, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.svc ?? '';
  const words = script.split('&&').at(-1)!.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'bin/svc.js') throw new Error(`package.json's svc script is not \`… node <flags> bin/svc.js\`: ${script}`);
  return words.slice(1, -1);
}

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
  requests: runs.reduce((sum, r) => sum + r.requests, 0),
  p50: Math.round(runs.reduce((sum, r) => sum + r.p50, 0) / runs.length),
  p99: Math.round(runs.reduce((sum, r) => sum + r.p99, 0) / runs.length),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
  non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
});

/** CPU used during measured runs, ms: the server process, its database's backends, this process (autocannon). */
interface CpuTotals {
  server: number;
  database: number;
  client: number;
  requests: number;
}
const emptyCpu = (): CpuTotals => ({ server: 0, database: 0, client: 0, requests: 0 });

/** The pids of the backends connected to the scratch database (only one server is loaded at a time). */
async function backendPids(admin: pg.Client, database: string): Promise<number[]> {
  const result = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
  return result.rows.map((r) => r.pid);
}

/** A load probe adding the CPU of `pid`, of the database's backends and of this process to `into`. */
function cpuProbe(admin: pg.Client, database: string, pid: number, into: CpuTotals) {
  return async () => {
    const pids = await backendPids(admin, database);
    const before = new Map(pids.map((p) => [p, procCpuMs(p) ?? 0]));
    const server = procCpuMs(pid) ?? 0;
    const usage = process.cpuUsage();
    return async () => {
      const used = process.cpuUsage(usage);
      into.client += (used.user + used.system) / 1000;
      into.server += (procCpuMs(pid) ?? 0) - server;
      for (const p of new Set([...before.keys(), ...(await backendPids(admin, database))])) {
        const now = procCpuMs(p);
        if (now !== null) into.database += now - (before.get(p) ?? 0);
      }
    };
  };
}

const perRequest = (c: CpuTotals) => {
  const ms = (x: number) => (x / c.requests).toFixed(2);
  return `${ms(c.server + c.database + c.client)} ms = server ${ms(c.server)} + PostgreSQL ${ms(c.database)} + load generator ${ms(c.client)}`;
};

/**
 * Transactions committed and rows returned on the database per request: `count` sequential
 * requests between two reads of pg_stat_database, each after the backends' statistics are flushed
 * (an idle backend reports within about 10 s).
 */
async function databaseWork(admin: pg.Client, database: string, count: number, request: () => Promise<unknown>) {
  const read = async () => {
    await sleep(11_000);
    const r = await admin.query<{ xact: string; returned: string; fetched: string }>(
      'SELECT xact_commit AS xact, tup_returned AS returned, tup_fetched AS fetched FROM pg_stat_database WHERE datname = $1',
      [database],
    );
    return r.rows[0]!;
  };
  const before = await read();
  for (let i = 0; i < count; i++) await request();
  const after = await read();
  const per = (k: 'xact' | 'returned' | 'fetched') => ((Number(after[k]) - Number(before[k])) / count).toFixed(1);
  return `${per('xact')} transactions, ${per('returned')} rows returned, ${per('fetched')} rows fetched per request`;
}

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

    const serviceFlags = svcNodeFlags(serviceRoot);
    const service = await startServer(
      [
        ...serviceFlags,
        ...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : []),
        path.join(serviceRoot, 'bin/svc.js'),
        'serve',
      ],
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
      serviceRoot,
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

    const database = new URL(scratch.connectionString).pathname.slice(1);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const statements = values.statements
      ? [
          `service      ${await databaseWork(admin, database, 100, () => post(`${service.base}/graphql`, serviceHeaders, serviceBody))}`,
          `postgraphile ${await databaseWork(admin, database, 100, () => post(`${baseline.base}/graphql`, json, baselineBody))}`,
        ]
      : [];

    const options = { connections, seconds, method: 'POST' as const };
    const serviceCpu = emptyCpu();
    const baselineCpu = emptyCpu();
    /** Loads one server; a measured run adds its CPU and requests to `into`. */
    const loader =
      (server: { base: string; child: { pid?: number } }, headers: Record<string, string>, body: string, into: CpuTotals) =>
      async (measure = true) => {
        const result = await load(
          `${server.base}/graphql`,
          { ...options, headers, body },
          measure ? cpuProbe(admin, database, server.child.pid!, into) : undefined,
        );
        if (measure) into.requests += result.requests;
        return result;
      };
    const loadService = loader(service, serviceHeaders, serviceBody, serviceCpu);
    const loadBaseline = loader(baseline, json, baselineBody, baselineCpu);
    // Both warmed up first (JIT, pools, caches); then service, PostGraphile, PostGraphile, service,
    // so that drift in the machine's load falls on both.
    await loadService(false);
    if (values['service-only']) {
      const only = meanLoad([await loadService(), await loadService()]);
      console.log(`\n${loadRow('service      POST /graphql', only, vmHwmKb(service.child.pid))}`);
      console.log(`CPU per request, service: ${perRequest(serviceCpu)}`);
      console.log(
        `load average ${loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
      );
      await admin.end();
      return;
    }
    await loadBaseline(false);
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

    console.log(`\nservice: node ${[...serviceFlags, path.join(serviceRoot, 'bin/svc.js')].join(' ')} serve`);
    console.log(
      `bench/graphql on PostgreSQL, ${connections} connections, after a warm-up of each, two runs of ${seconds} s each in the order service, PostGraphile, PostGraphile, service; means`,
    );
    console.log(`dashboard query, same answer from both: ${shape}\n`);
    console.log(loadRow('service      POST /graphql', serviceLoad, serviceKb));
    console.log(loadRow('postgraphile POST /graphql', baselineLoad, baselineKb));
    console.log(
      `  ratio service/postgraphile: ${(serviceLoad.rps / baselineLoad.rps).toFixed(2)} req/s, p50 ${(serviceLoad.p50 / baselineLoad.p50).toFixed(2)}, p99 ${(serviceLoad.p99 / baselineLoad.p99).toFixed(2)} (goal: req/s >= 1.00, p99 <= 1.00)`,
    );
    console.log(loadRow('service floor (no SQL)', floorLoad, serviceKb));
    console.log(`CPU per request, service:      ${perRequest(serviceCpu)}`);
    console.log(`CPU per request, postgraphile: ${perRequest(baselineCpu)}`);
    for (const line of statements) console.log(line);
    console.log(
      `load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    console.log(`RESULT ${JSON.stringify({ serviceRuns, baselineRuns, floorLoad, serviceKb, baselineKb, serviceCpu, baselineCpu })}`);
    await admin.end();
  } finally {
    await stopServers();
    await scratch.drop();
  }
}

await main();
