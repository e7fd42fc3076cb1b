// One worker process of bench/jobs --accounts: connects, says "ready", and on each "go" line runs
// the job queue until nothing is due (printing "done <runs>"); "exit" closes it.
import { createInterface } from 'node:readline';
import { testConfig } from '../../test/helpers/app.ts';
import { connectDatabase } from '../../src/db/database.ts';
import { buildServices } from '../../src/services.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';

const [url, jobName, concurrency] = process.argv.slice(2);
const db = await connectDatabase(url!, 'server', { poolSize: Number(concurrency) + 1 });
const jobs = ALL_JOBS.filter((j) => j.name === jobName);
let runs = 0;
const counted = jobs.map((job) => ({ ...job, run: async (ctx: never) => (runs++, (job.run as (c: never) => Promise<{ rowsWritten: number }>)(ctx)) }));
const runner = jobRunner({
  prisma: db.prisma,
  services: buildServices(testConfig(), db),
  jobs: counted,
  settings: { concurrency: Number(concurrency), heartbeatMs: 10_000 },
});
await db.prisma.$queryRaw`SELECT 1`;
process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'go') {
    runs = 0;
    await runner.drain();
    process.stdout.write(`done ${runs}\n`);
  } else if (line === 'exit') break;
}
await runner.stop();
await db.close();
process.exit(0);
