// Retention (docs/jobs.md): rows past each table's window are deleted in batches, recent rows are
// kept, month partitions of track_events and webhook_attempts wholly past the window are dropped
// and the months ahead are made; the job runs from the catalogue through the runner.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { buildServices } from '../../src/services.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';
import { retentionService, PARTITION_MONTHS_AHEAD } from '../../src/domain/retention/index.ts';
import { testConfig } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeStoredSubscription } from '../factories/webhooks.ts';

const DAY = 86_400_000;
const monthName = (table: string, d: Date) => `${table}_p${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const monthStart = (now: Date, offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));

describeEachDatabase('retention', (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = await connectDatabase(database.connectionString, database.kind, { poolSize: 4 });
  });
  afterAll(async () => {
    await db.close();
    await database.close();
  });

  const partitions = async (table: string) =>
    (
      await db.prisma.$queryRawUnsafe<Array<{ name: string }>>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
         WHERE p.relname = $1 ORDER BY 1`,
        table,
      )
    ).map((r) => r.name);

  async function trackEvents(accountId: string, ageDays: number, count: number, now: Date) {
    await db.prisma.trackEvent.createMany({
      data: Array.from({ length: count }, (_, i) => ({ accountId, event: 'page.view', createdAt: new Date(now.getTime() - ageDays * DAY - i * 1000) })),
    });
  }

  async function delivered(accountId: string, subscriptionId: number, ageDays: number, now: Date, status: 'succeeded' | 'pending' = 'succeeded') {
    const at = new Date(now.getTime() - ageDays * DAY);
    const event = await db.prisma.outboxEvent.create({
      data: { eventId: `evt_${crypto.randomUUID()}`, accountId, name: 'test.event', data: {}, createdAt: at, dispatchedAt: at },
    });
    const delivery = await db.prisma.webhookDelivery.create({
      data: { deliveryId: `dlv_${crypto.randomUUID()}`, eventId: event.id, subscriptionId, status, attempts: 1, createdAt: at },
    });
    await db.prisma.webhookAttempt.create({
      data: { deliveryId: delivery.id, attemptNo: 1, startedAt: at, durationMs: 5, responseStatus: 200, success: true },
    });
    return event.id;
  }

  test('the tables are partitioned by month, with a default partition and the months ahead', async () => {
    const now = new Date();
    for (const table of ['track_events', 'webhook_attempts']) {
      const names = await partitions(table);
      expect(names).toContain(`${table}_default`);
      for (let m = 0; m <= PARTITION_MONTHS_AHEAD; m++) expect(names).toContain(monthName(table, monthStart(now, m)));
    }
  });

  test('old rows are deleted in batches, recent rows kept, old month partitions dropped and months ahead made', async () => {
    const now = new Date();
    const account = await makeAccount(db.prisma);
    const sub = await makeStoredSubscription(db.prisma, account.id, 'https://example.com/hook');

    // Track events: 250 past the 400-day window in the default partition (deleted in batches of
    // 100), 30 in a month partition wholly past the window (dropped), 40 recent (kept).
    await trackEvents(account.id, 500, 250, now);
    const oldMonth = monthStart(now, -15);
    await db.prisma.$queryRawUnsafe(`SELECT svc_ensure_month_partitions('track_events', 'created_at', $1::timestamptz, $1::timestamptz)`, oldMonth);
    await db.prisma.trackEvent.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({ accountId: account.id, event: 'old.month', createdAt: new Date(oldMonth.getTime() + DAY + i * 1000) })),
    });
    expect(await partitions('track_events')).toContain(monthName('track_events', oldMonth));
    await trackEvents(account.id, 10, 40, now);

    // Webhooks: delivered 40 days ago (gone with its delivery and attempt), delivered 5 days ago
    // (kept), and 40 days old but still pending (kept: not delivered).
    const oldDelivered = await delivered(account.id, sub.id, 40, now);
    const recentDelivered = await delivered(account.id, sub.id, 5, now);
    const oldPending = await delivered(account.id, sub.id, 40, now, 'pending');

    // Job runs (30 days) and uptime checks (90 days).
    await db.prisma.jobRun.createMany({
      data: [
        { job: 'x', accountId: account.id, status: 'succeeded', startedAt: new Date(now.getTime() - 31 * DAY) },
        { job: 'x', accountId: account.id, status: 'succeeded', startedAt: new Date(now.getTime() - 2 * DAY) },
      ],
    });
    await db.prisma.uptimeCheck.createMany({
      data: [
        { service: 'api', ok: true, latencyMs: 1, checkedAt: new Date(now.getTime() - 91 * DAY) },
        { service: 'api', ok: true, latencyMs: 1, checkedAt: new Date(now.getTime() - 89 * DAY) },
      ],
    });
    // Connector webhook deliveries (30 days, the webhooks' window): old done and failed ones go,
    // an old one still pending (being retried) and a recent done one stay.
    const inboxRow = (key: string, status: string, daysAgo: number) => ({
      provider: 'shopify',
      dedupKey: key,
      accountId: account.id,
      shop: 'retention.myshopify.com',
      topic: 'customers/data_request',
      body: '{"customer":{"email":"someone@example.com"}}',
      status,
      receivedAt: new Date(now.getTime() - daysAgo * DAY),
    });
    await db.prisma.connectorInbox.createMany({
      data: [inboxRow('old-done', 'done', 31), inboxRow('old-failed', 'failed', 31), inboxRow('old-pending', 'pending', 31), inboxRow('new-done', 'done', 2)],
    });
    // A partition ahead is missing (as if it had been dropped by hand): retention makes it again.
    await db.prisma.$executeRawUnsafe(`DROP TABLE "${monthName('webhook_attempts', monthStart(now, 2))}"`);

    const windows = { trackEventsDays: 400, webhookDays: 30, jobRunsDays: 30, uptimeChecksDays: 90, batchSize: 100 };
    const report = await retentionService(db.prisma, windows).run(now);

    expect(report.deleted.track_events).toBe(250);
    expect(report.droppedPartitions).toContain(monthName('track_events', oldMonth));
    expect(report.createdPartitions).toBeGreaterThanOrEqual(1);
    expect(await partitions('track_events')).not.toContain(monthName('track_events', oldMonth));
    expect(await partitions('webhook_attempts')).toContain(monthName('webhook_attempts', monthStart(now, 2)));
    expect(await db.prisma.trackEvent.count({ where: { accountId: account.id } })).toBe(40);

    const events = (await db.prisma.outboxEvent.findMany({ where: { accountId: account.id }, select: { id: true } })).map((e) => e.id);
    expect(events).not.toContain(oldDelivered);
    expect(events).toEqual(expect.arrayContaining([recentDelivered, oldPending]));
    // Attempts past 30 days go whatever their delivery; recent ones stay.
    const attempts = await db.prisma.webhookAttempt.findMany({ where: { delivery: { subscriptionId: sub.id } }, include: { delivery: true } });
    expect(attempts.map((a) => a.delivery.eventId)).toEqual([recentDelivered]);
    expect(await db.prisma.webhookDelivery.count({ where: { subscriptionId: sub.id } })).toBe(2);

    expect((await db.prisma.jobRun.findMany({ where: { job: 'x', accountId: account.id } })).map((r) => r.startedAt.getTime())).toEqual([
      now.getTime() - 2 * DAY,
    ]);
    expect((await db.prisma.uptimeCheck.findMany()).map((r) => r.checkedAt.getTime())).toEqual([now.getTime() - 89 * DAY]);
    expect(report.deleted.connector_inbox).toBe(2);
    expect((await db.prisma.connectorInbox.findMany({ where: { accountId: account.id }, orderBy: { dedupKey: 'asc' } })).map((r) => r.dedupKey)).toEqual([
      'new-done',
      'old-pending',
    ]);

    // A second pass finds nothing more to do.
    const again = await retentionService(db.prisma, windows).run(now);
    expect(Object.values(again.deleted).every((n) => n === 0)).toBe(true);
    expect([again.droppedPartitions, again.createdPartitions]).toEqual([[], 0]);
  });

  test('the retention job is in the catalogue and runs once for the whole database', async () => {
    const account = await makeAccount(db.prisma);
    await trackEvents(account.id, 420, 5, new Date());
    await trackEvents(account.id, 1, 3, new Date());
    const runner = jobRunner({ prisma: db.prisma, services: buildServices(testConfig(), db), jobs: ALL_JOBS });
    const results = await runner.run('retention');
    expect(results).toMatchObject([{ job: 'retention', accountId: '*', status: 'succeeded' }]);
    expect(await db.prisma.trackEvent.count({ where: { accountId: account.id } })).toBe(3);
    const [run] = await db.prisma.jobRun.findMany({ where: { job: 'retention' } });
    expect([run!.accountId, run!.status, run!.rowsWritten >= 5]).toEqual([null, 'succeeded', true]);
    await runner.stop();
  });
});
