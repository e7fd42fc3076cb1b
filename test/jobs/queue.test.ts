// The job queue: a tick fans out into one row per account; runners claim disjoint rows (SKIP
// LOCKED); a claim whose heartbeat stops is retried by another runner; a run that keeps failing
// ends dead (until the next tick); missed ticks are caught up once; an account's job never runs
// twice at once, even when a tick arrives during a run.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { buildServices } from '../../src/services.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { jobsRepo } from '../../src/jobs/repo.ts';
import type { JobDefinition } from '../../src/jobs/types.ts';
import { testConfig } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job that records each run (account, runner tag) and how many of one account's runs overlapped. */
function recordingJob(name: string, options: { ms?: (accountId: string) => number; fail?: (accountId: string) => boolean } = {}) {
  const runs: string[] = [];
  const active = new Map<string, number>();
  let overlap = 0;
  const job: JobDefinition = {
    name,
    schedule: '*/5 * * * *',
    periodSeconds: 300,
    async run({ accountId }) {
      const now = (active.get(accountId) ?? 0) + 1;
      active.set(accountId, now);
      overlap = Math.max(overlap, now);
      try {
        if (options.ms) await sleep(options.ms(accountId));
        if (options.fail?.(accountId)) throw new Error(`boom for ${accountId}`);
        runs.push(accountId);
        return { rowsWritten: 1 };
      } finally {
        active.set(accountId, active.get(accountId)! - 1);
      }
    },
  };
  return { job, runs, maxOverlap: () => overlap };
}

describeEachDatabase('job queue', (target) => {
  let database: TestDatabase;
  let dbA: Database;
  let dbB: Database;

  beforeAll(async () => {
    database = await target.create();
    // Two pools: two workers as two processes would have them.
    dbA = await connectDatabase(database.connectionString, database.kind, { poolSize: 4 });
    dbB = await connectDatabase(database.connectionString, database.kind, { poolSize: 4 });
  });
  afterAll(async () => {
    await dbA.close();
    await dbB.close();
    await database.close();
  });

  const runnerOn = (db: Database, jobs: JobDefinition[], settings = {}) =>
    jobRunner({ prisma: db.prisma, services: buildServices(testConfig(), db), jobs, retryDelayMs: () => 0, settings: { heartbeatMs: 1_000, ...settings } });
  const queueRow = (job: string, accountKey: string) => dbA.prisma.jobQueue.findUniqueOrThrow({ where: { job_accountKey: { job, accountKey } } });

  test('a tick fans out into one row per account; two runners claim disjoint rows and run each once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await makeAccount(dbA.prisma)).id);
    const { job, runs } = recordingJob('fan-out', { ms: () => 20 });
    const a = runnerOn(dbA, [job]);
    const b = runnerOn(dbB, [job]);
    const tick = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    const queued = await a.tick(job.name, tick);
    expect(queued).toBeGreaterThanOrEqual(6);
    // The same tick enqueued by the other worker changes nothing.
    expect(await b.tick(job.name, tick)).toBe(0);

    // Claims from two pools at once are disjoint.
    const [claimsA, claimsB] = await Promise.all([jobsRepo(dbA.prisma).claim('a', [job.name], 3), jobsRepo(dbB.prisma).claim('b', [job.name], 3)]);
    const claimed = [...claimsA, ...claimsB].map((c) => c.accountKey);
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const c of [...claimsA, ...claimsB]) await jobsRepo(dbA.prisma).finish(c.owner, { maxAttempts: 3, retryInMs: 0, error: 'released by the test' });

    await Promise.all([a.drain(), b.drain()]);
    for (const id of ids) expect(runs.filter((r) => r === id)).toEqual([id]);
    for (const id of ids) expect((await queueRow(job.name, id)).state).toBe('idle');
    await Promise.all([a.stop(), b.stop()]);
  });

  test('a claim whose heartbeat stops is retried by another runner, and its run record is closed', async () => {
    const account = await makeAccount(dbA.prisma);
    const { job, runs } = recordingJob('crashy');
    const repo = jobsRepo(dbA.prisma);
    await repo.enqueueTick(job.name, false, new Date());
    // A worker claims every due row of the job (which opens their run records) and dies (no heartbeat, no finish).
    const [crashed] = (await repo.claim('dead-worker', [job.name], 1000)).filter((c) => c.accountKey === account.id);
    expect(crashed?.runId).toEqual(expect.any(Number));

    const survivor = runnerOn(dbB, [job]);
    // The worker died a minute ago: its last heartbeat is older than three heartbeats (stale after
    // 3 s), so the claim is released and run again. (Dated back rather than waited for: the wait
    // for a heartbeat to stop is what the next test's long run shows.) The survivor drains until it
    // has run it (the deadline only bounds a hang).
    await dbA.prisma.$executeRaw`UPDATE job_queue SET heartbeat_at = now() - interval '1 minute' WHERE owner = ${crashed!.owner}`;
    for (const deadline = Date.now() + 60_000; !runs.includes(account.id) && Date.now() < deadline;) {
      await sleep(200);
      await survivor.drain();
    }
    expect(runs).toContain(account.id);
    const row = await queueRow(job.name, account.id);
    expect([row.state, row.attempts, row.owner]).toEqual(['idle', 0, null]);
    const records = await dbA.prisma.jobRun.findMany({ where: { job: job.name, accountId: account.id }, orderBy: { id: 'asc' } });
    expect(records.map((r) => [r.status, r.attempt, r.error])).toEqual([
      ['failed', 1, 'claim expired: the worker stopped heartbeating'],
      ['succeeded', 2, null],
    ]);
    // The dead worker's late finish is refused: the claim is no longer its own.
    expect(await repo.finish(crashed!.owner, { maxAttempts: 3, retryInMs: 0 })).toBeNull();
    await survivor.stop();
  });

  test('a heartbeated long run is not taken over, and a tick during it runs it again once after', async () => {
    const account = await makeAccount(dbA.prisma);
    // Only the account's first run is long (it outlives a stale claim); the rerun after it need not be.
    let longRuns = 0;
    const { job, runs, maxOverlap } = recordingJob('long', { ms: (id) => (id === account.id && longRuns++ === 0 ? 4_500 : 0) });
    const a = runnerOn(dbA, [job]);
    const b = runnerOn(dbB, [job]);
    const first = new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 10 * MINUTE);
    await a.tick(job.name, first);
    const draining = a.drain();
    // Wait until the account's row is running, then tick again and let the other runner try.
    for (let i = 0; i < 500 && (await queueRow(job.name, account.id)).state !== 'running'; i++) await sleep(20);
    await b.tick(job.name, new Date(first.getTime() + 5 * MINUTE));
    expect((await queueRow(job.name, account.id)).rerun).toBe(true);
    // Longer than a stale claim would live without heartbeats: the other runner still cannot take it.
    await sleep(3_500);
    await b.drain();
    await draining;
    await Promise.all([a.drain(), b.drain()]);
    expect(runs.filter((r) => r === account.id)).toHaveLength(2);
    expect(maxOverlap()).toBe(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  test('a run that keeps failing is dead after the last attempt, and the next tick queues it again', async () => {
    const account = await makeAccount(dbA.prisma);
    const { job } = recordingJob('doomed', { fail: (id) => id === account.id });
    const runner = runnerOn(dbA, [job], { maxAttempts: 3 });
    const tick = new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE);
    await runner.tick(job.name, tick);
    await runner.drain();
    const dead = await queueRow(job.name, account.id);
    expect([dead.state, dead.attempts, dead.lastError]).toEqual(['dead', 3, `boom for ${account.id}`]);
    const records = await dbA.prisma.jobRun.findMany({ where: { job: job.name, accountId: account.id }, orderBy: { id: 'asc' } });
    expect(records.map((r) => [r.status, r.attempt])).toEqual([
      ['failed', 1],
      ['failed', 2],
      ['failed', 3],
    ]);
    // Draining again does not touch a dead row.
    await runner.drain();
    expect(await dbA.prisma.jobRun.count({ where: { job: job.name, accountId: account.id } })).toBe(3);
    await runner.tick(job.name, new Date(tick.getTime() + 5 * MINUTE));
    const revived = await queueRow(job.name, account.id);
    expect([revived.state, revived.attempts]).toEqual(['queued', 0]);
    await runner.stop();
  });

  test('missed ticks are caught up once, however many were missed', async () => {
    const account = await makeAccount(dbA.prisma);
    const { job, runs } = recordingJob('catch-up');
    const runner = runnerOn(dbA, [job]);
    const now = new Date();
    // Last run for a tick an hour ago: twelve ticks of */5 have been missed since.
    await runner.tick(job.name, new Date(Math.floor(now.getTime() / (5 * MINUTE)) * 5 * MINUTE - 60 * MINUTE));
    await runner.drain();
    expect(runs.filter((r) => r === account.id)).toHaveLength(1);
    expect(await runner.catchUp(now)).toBeGreaterThanOrEqual(1);
    expect(await runner.catchUp(now)).toBe(0);
    await runner.drain();
    expect(runs.filter((r) => r === account.id)).toHaveLength(2);
    await runner.stop();
  });
});
