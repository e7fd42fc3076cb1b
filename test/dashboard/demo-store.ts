// The demo store for the dashboard's browser tests and bench/dashboard: the demo seed (400 days of
// history), then the jobs that turn it into what the overview shows (profit snapshots, inventory
// velocity, reorder suggestions, anomalies; customer segments and first purchases before them), as `svc start` has them after its first runs.
import { seedDemoAccount, DEMO_ACCOUNT_ID } from '../../src/demo/seed.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';
import type { PrismaClient } from '../../src/db/client.ts';
import type { Services } from '../../src/services.ts';

const JOBS = ['customer-metrics', 'profit-snapshot', 'inventory_velocity', 'smart-reorder', 'anomaly-detect'];

export async function prepareDemoStore(prisma: PrismaClient, services: Services, now = new Date()): Promise<string> {
  await seedDemoAccount(prisma, { now });
  const runner = jobRunner({ prisma, services, jobs: ALL_JOBS, retryDelayMs: () => 10 });
  for (const name of JOBS) {
    const [summary] = await runner.run(name, DEMO_ACCOUNT_ID);
    if (summary?.status !== 'succeeded') throw new Error(`demo store: job ${name} did not succeed: ${JSON.stringify(summary)}`);
  }
  return DEMO_ACCOUNT_ID;
}
