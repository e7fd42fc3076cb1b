// The job runner: records every run, retries failures, never runs one job for one account twice
// at once, and the customer-metrics job computes what the rules say.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { buildServices } from '../../src/services.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { customerMetricsJob } from '../../src/jobs/customer-metrics.job.ts';
import type { JobDefinition } from '../../src/jobs/types.ts';
import { testConfig } from '../helpers/app.ts';
import { makeAccount, makeCustomer, makeOrder } from '../factories/index.ts';
import { updateOrder } from '../factories/rows.ts';

const DAY = 86_400_000;

/**
 * A job that runs until the test releases it, and records how many of its runs overlapped at
 * most. (It used to sleep 300 ms: on a loaded machine the second run could start after the first
 * had finished and run too.)
 */
function slowJob(name: string): { job: JobDefinition; maxActive: () => number; release: () => void } {
  let active = 0;
  let most = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const job: JobDefinition = {
    name,
    schedule: '* * * * *',
    periodSeconds: 60,
    async run() {
      active++;
      most = Math.max(most, active);
      await released;
      active--;
      return { rowsWritten: 1 };
    },
  };
  return { job, maxActive: () => most, release };
}

/** Starts both runs; the one refused by the lock ends first (the other holds until released). */
async function bothWhileHeld<T>(release: () => void, a: Promise<T>, b: Promise<T>): Promise<[T, T]> {
  await Promise.race([a, b]);
  release();
  return Promise.all([a, b]);
}

describeEachDatabase('job runner', (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = await connectDatabase(database.connectionString, database.kind, { poolSize: 5 });
  });
  afterAll(async () => {
    await db.close();
    await database.close();
  });

  // clock: a run computes for the time it is given; runs that must agree (idempotence) are given one time.
  const runnerWith = (jobs: JobDefinition[], clock?: () => Date) =>
    jobRunner({ prisma: db.prisma, services: buildServices(testConfig(), db), jobs, retryDelayMs: () => 10, ...(clock ? { clock } : {}) });

  test('a failing job is retried and every attempt is recorded', async () => {
    const account = await makeAccount(db.prisma);
    let calls = 0;
    const flaky: JobDefinition = {
      name: 'flaky',
      schedule: '* * * * *',
      periodSeconds: 60,
      async run() {
        calls++;
        if (calls < 3) throw new Error(`boom ${calls}`);
        return { rowsWritten: 7 };
      },
    };
    const [summary] = await runnerWith([flaky]).run('flaky', account.id);
    expect(summary).toMatchObject({ status: 'succeeded', attempts: 3, rowsWritten: 7 });
    const runs = await db.prisma.jobRun.findMany({ where: { job: 'flaky', accountId: account.id }, orderBy: { id: 'asc' } });
    expect(runs.map((r) => [r.status, r.attempt, r.error])).toEqual([
      ['failed', 1, 'boom 1'],
      ['failed', 2, 'boom 2'],
      ['succeeded', 3, null],
    ]);
    expect(runs[2]!.rowsWritten).toBe(7);
    expect(runs.every((r) => r.finishedAt && r.finishedAt >= r.startedAt)).toBe(true);
    expect(await db.prisma.jobLock.count()).toBe(0);
  });

  test('two concurrent runs of one job for one account: one runs, the other is refused by the lock', async () => {
    const account = await makeAccount(db.prisma);
    const { job: slow, maxActive, release } = slowJob('slow');
    const [a, b] = await bothWhileHeld(release, runnerWith([slow]).run('slow', account.id), runnerWith([slow]).run('slow', account.id));
    const statuses = [a![0]!.status, b![0]!.status].sort();
    expect(statuses).toEqual(['skipped_locked', 'succeeded']);
    expect(maxActive()).toBe(1);
  });

  test('one runner never runs one job for one account twice at once (the lease is not re-entrant)', async () => {
    const account = await makeAccount(db.prisma);
    const { job: slow, maxActive, release } = slowJob('slow-same-runner');
    const runner = runnerWith([slow]);
    const [a, b] = await bothWhileHeld(release, runner.run(slow.name, account.id), runner.run(slow.name, account.id));
    expect([a![0]!.status, b![0]!.status].sort()).toEqual(['skipped_locked', 'succeeded']);
    expect(maxActive()).toBe(1);
  });

  test('unknown job names and unknown accounts are refused clearly', async () => {
    await expect(runnerWith([customerMetricsJob]).run('nope')).rejects.toThrow(/unknown job nope/);
    await expect(runnerWith([customerMetricsJob]).run('customer-metrics', 'acc_missing')).rejects.toThrow(/no account/);
  });

  test('customer-metrics computes counts, revenue, AOV, dates, churn and segment from orders', async () => {
    const account = await makeAccount(db.prisma);
    const now = new Date();
    const regular = await makeCustomer(db.prisma, account.id);
    const lapsed = await makeCustomer(db.prisma, account.id);
    const none = await makeCustomer(db.prisma, account.id);
    await makeOrder(db.prisma, account.id, regular.id, { total: 100, placedAt: new Date(now.getTime() - 60 * DAY) });
    await makeOrder(db.prisma, account.id, regular.id, { total: 50, refunded: 10, placedAt: new Date(now.getTime() - 40 * DAY), status: 'partially_refunded' });
    await makeOrder(db.prisma, account.id, regular.id, { total: 70, placedAt: new Date(now.getTime() - 20 * DAY) });
    await makeOrder(db.prisma, account.id, regular.id, { total: 999, placedAt: new Date(now.getTime() - 10 * DAY), status: 'cancelled' });
    await makeOrder(db.prisma, account.id, lapsed.id, { total: 80, placedAt: new Date(now.getTime() - 300 * DAY) });

    const [summary] = await runnerWith([customerMetricsJob], () => now).run('customer-metrics', account.id);
    expect(summary).toMatchObject({ status: 'succeeded', rowsWritten: 2 });

    const got = await db.prisma.customer.findUniqueOrThrow({ where: { id: regular.id } });
    expect(got.ordersCount).toBe(3);
    expect(Number(got.revenueTotal)).toBe(210);
    expect(Number(got.aov)).toBe(70);
    expect(got.firstPurchaseAt!.getTime()).toBeCloseTo(now.getTime() - 60 * DAY, -4);
    expect(got.lastPurchaseAt!.getTime()).toBeCloseTo(now.getTime() - 20 * DAY, -4);
    // Purchases 20 days apart, but the interval has a floor of 30 days; 20 days since the last:
    // churn = 20 / (30 * 4) = 0.1667.
    expect(Number(got.churnScore)).toBeCloseTo(0.1667, 3);
    expect(got.segment).toBe('regular');

    const gone = await db.prisma.customer.findUniqueOrThrow({ where: { id: lapsed.id } });
    expect(gone.segment).toBe('churned');
    expect(Number(gone.churnScore)).toBe(1);

    const untouched = await db.prisma.customer.findUniqueOrThrow({ where: { id: none.id } });
    expect(untouched.ordersCount).toBe(0);

    // A customer whose only order is cancelled later goes back to zero metrics.
    const single = await makeCustomer(db.prisma, account.id);
    const order = await makeOrder(db.prisma, account.id, single.id, { total: 45, placedAt: new Date(now.getTime() - 5 * DAY) });
    await runnerWith([customerMetricsJob], () => now).run('customer-metrics', account.id);
    expect((await db.prisma.customer.findUniqueOrThrow({ where: { id: single.id } })).ordersCount).toBe(1);
    await updateOrder(db.prisma, order.id, { status: 'cancelled' });
    await runnerWith([customerMetricsJob], () => now).run('customer-metrics', account.id);
    const reset = await db.prisma.customer.findUniqueOrThrow({ where: { id: single.id } });
    expect([reset.ordersCount, Number(reset.revenueTotal), reset.lastPurchaseAt, reset.segment]).toEqual([0, 0, null, 'new']);

    // Idempotent: a second run gives the same rows.
    await runnerWith([customerMetricsJob], () => now).run('customer-metrics', account.id);
    const again = await db.prisma.customer.findUniqueOrThrow({ where: { id: regular.id } });
    expect({ ...again, updatedAt: null, churnScore: Number(again.churnScore) }).toEqual({ ...got, updatedAt: null, churnScore: Number(got.churnScore) });
  });
});
