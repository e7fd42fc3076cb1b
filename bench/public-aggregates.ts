// bench/public-aggregates: what one computation of the public cross-store aggregates costs
// (/benchmarks and /predictions scan every store's orders of the last 30 or 28 days) against a
// baseline in the same run: one page of 25 customers, the API's hot path. Each is timed as the
// median of 7 runs after a warm-up, on the demo store (20,000 orders), on PostgreSQL. The
// aggregates are computed at most once per 5 minutes per process (AGGREGATE_TTL_MS).
//   node bin/run-ts.js bench/public-aggregates.ts
// BENCH_DATABASE_URL names the server (default postgresql://postgres@127.0.0.1:5432/test).
import { V1_PAGE } from '../src/domain/shared/index.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { createPrisma } from '../src/db/client.ts';
import { seedDemoAccount, DEMO_ACCOUNT_ID } from '../src/demo/seed.ts';
import { benchmarksService } from '../src/domain/benchmarks/index.ts';
import { customersService } from '../src/domain/customers/index.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[3]!;
}

const db = await createScratchDatabase(adminUrl, 'bench');
try {
  await applyMigrations({ connectionString: db.connectionString });
  const prisma = createPrisma(db.connectionString, { poolSize: 2 });
  await seedDemoAccount(prisma);
  const aggregates = benchmarksService(prisma);
  const customers = customersService(prisma);
  const baseline = await median(() => customers.customersPage(DEMO_ACCOUNT_ID, { first: 25 }, V1_PAGE));
  const bench = await median(() => aggregates.benchmarks());
  const predictions = await median(() => aggregates.predictions());
  const shared = await median(() => aggregates.sharedBenchmarks());
  const row = (name: string, ms: number) => `${name.padEnd(36)} ${ms.toFixed(2).padStart(8)} ms   ${(ms / baseline).toFixed(2).padStart(7)} × baseline`;
  console.log(row('customers page (baseline)', baseline));
  console.log(row('benchmarks, computed', bench));
  console.log(row('predictions, computed', predictions));
  console.log(row('benchmarks, shared (within TTL)', shared));
  await prisma.$disconnect();
} finally {
  await db.drop();
}
