// bench/rest: the full service (auth, rate limit set high, domain service, Prisma) against a
// minimal pg handler running the same SQL, on PostgreSQL, both as child processes, loaded by
// autocannon from this process. Prints requests per second, p99 latency, their ratio and each
// server's peak memory. Targets: the service reaches at least half of the raw throughput on
// GET /api/v1/customers?limit=25; POST /api/v1/track sustains at least 3,000 events per second.
//   node bin/run-ts.js bench/rest.ts [--seconds 10] [--connections 20]
// BENCH_DATABASE_URL names the server (default postgresql://postgres@127.0.0.1:5432/test); the
// benchmark creates and drops its own database there.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { createPrisma } from '../src/db/client.ts';
import { seedDemoAccount, DEMO_ACCOUNT_ID } from '../src/demo/seed.ts';
import { keysService } from '../src/domain/keys/index.ts';
import { vmHwmKb } from './lib/child.ts';
import { load as loadWith, loadRow as row, PRODUCTION_ENV, startServer as startIn, stopServers } from './lib/load.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } } });
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const startServer = (args: string[], env: NodeJS.ProcessEnv) => startIn(args, env, root);
const load = (url: string, opts: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }) =>
  loadWith(url, { connections, seconds, ...opts });

async function main(): Promise<void> {
  const db = await createScratchDatabase(adminUrl, 'bench');
  try {
    await applyMigrations({ connectionString: db.connectionString });
    const prisma = createPrisma(db.connectionString, { poolSize: 2 });
    await seedDemoAccount(prisma);
    const { key } = await keysService(prisma).createKey({ accountId: DEMO_ACCOUNT_ID, scopes: ['read', 'write'] });
    await prisma.$disconnect();

    const service = await startServer([path.join(root, 'bin/svc.js'), 'serve'], {
      DATABASE_URL: db.connectionString,
      PORT: '0',
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      DEMO_SEED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...PRODUCTION_ENV,
    });
    const raw = await startServer([path.join(root, 'bin/run-ts.js'), path.join(root, 'bench/lib/raw-server.ts')], {
      BENCH_DATABASE_URL: db.connectionString,
      BENCH_ACCOUNT_ID: DEMO_ACCOUNT_ID,
    });
    const auth = { authorization: `Bearer ${key}` };
    const trackBody = JSON.stringify({
      event: 'page.view',
      props: { path: '/pricing', ref: 'bench' },
      visitor_id: 'v-1',
      session_id: 's-1',
      url: 'https://shop.example.com/pricing',
    });
    const json = { 'content-type': 'application/json' };

    const customersService = await load(`${service.base}/api/v1/customers?limit=25`, { headers: auth });
    const customersRaw = await load(`${raw.base}/api/v1/customers?limit=25`, {});
    const trackProbe = await fetch(`${service.base}/api/v1/track`, { method: 'POST', headers: { ...auth, ...json }, body: trackBody });
    const trackService =
      trackProbe.status === 200 ? await load(`${service.base}/api/v1/track`, { method: 'POST', headers: { ...auth, ...json }, body: trackBody }) : null;
    const trackRaw = await load(`${raw.base}/api/v1/track`, { method: 'POST', headers: json, body: trackBody });

    const serviceKb = vmHwmKb(service.child.pid);
    const rawKb = vmHwmKb(raw.child.pid);
    console.log(`\nbench/rest on PostgreSQL, ${connections} connections, ${seconds} s each (after a 2 s warm-up)\n`);
    console.log(row('service GET /customers?limit=25', customersService, serviceKb));
    console.log(row('raw pg  GET /customers?limit=25', customersRaw, rawKb));
    console.log(`  ratio service/raw: ${(customersService.rps / customersRaw.rps).toFixed(2)} (target >= 0.50)`);
    if (trackService) {
      console.log(row('service POST /track', trackService, serviceKb));
      console.log(row('raw pg  POST /track', trackRaw, rawKb));
      console.log(`  ratio service/raw: ${(trackService.rps / trackRaw.rps).toFixed(2)}; service events/s ${trackService.rps} (target >= 3000)`);
    } else {
      console.log(`service POST /track: not measured (the endpoint answered ${trackProbe.status})`);
    }
    console.log(`RESULT ${JSON.stringify({ customersService, customersRaw, trackService, trackRaw, serviceKb, rawKb })}`);
  } finally {
    await stopServers();
    await db.drop();
  }
}

await main();
