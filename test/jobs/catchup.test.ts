// The analytics catch-up through the real app, its job runner lanes and the live subscription:
// a write through the ingestion commands marks its local days, customers and SKUs in its own
// transaction; the catch-up lane of a
// running worker recomputes exactly those, so an order written now is counted in profitReport
// (GraphQL), /api/v1/profit and announced on the analyticsUpdated subscription within seconds; a
// refund 200 days late corrects that day's snapshot; a thousand marks of a day are one row; a
// failed run leaves its marks; two workers (two connections, two runners) never double count.
// The deadlines are generous (a loaded machine): the tests poll for a condition, never time it.
import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, testConfig, type TestApp } from '../helpers/app.ts';
import { gql } from '../graphql/helpers.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';
import { jobRunner, type JobRunner } from '../../src/jobs/runner.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { buildServices } from '../../src/services.ts';
import { catchupService } from '../../src/domain/catchup/index.ts';
import type { Origin } from '../../src/domain/ingestion/index.ts';
import { localDate } from '../../src/domain/shared/index.ts';

const TZ = 'America/New_York';
const DAY_MS = 86_400_000;
const SHOP: Origin = { source: 'shopify', integrationId: null, via: 'import' };

/** Polls `probe` until it returns a value (not undefined), for at most `ms`; the last answer is in the error. */
async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms (last error: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describeEachDatabase('analytics catch-up', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let other: { db: Database; runner: JobRunner } | null = null;
  let runner: JobRunner;
  let accountId: string;
  let key: string;
  const clients: Client[] = [];

  const runnerOn = (db: Database, services: TestApp['services']) =>
    jobRunner({ prisma: db.prisma, services, jobs: [], settings: { catchUpPollMs: 100, heartbeatMs: 2_000 }, retryDelayMs: () => 200 });

  let written = 0;
  /** An order (one line of `quantity` × 25.00) through the ingestion command, which marks its day, customer and SKU in its transaction. */
  async function writeSale(values: { placedAt: Date; quantity?: number; customer?: string; sku?: string }): Promise<string> {
    const externalId = `o-${++written}`;
    const quantity = values.quantity ?? 1;
    const total = (quantity * 25).toFixed(2);
    const result = await app.services.ingestion.upsertOrders(accountId, SHOP, [
      {
        externalId,
        updatedAt: values.placedAt.toISOString(),
        placedAt: values.placedAt.toISOString(),
        currency: 'USD',
        customer: values.customer ? { externalId: values.customer, email: `${values.customer}@example.com`, name: 'Buyer' } : null,
        subtotal: total,
        total,
        lines: [{ sku: values.sku ?? 'LOOSE', quantity, unitPrice: '25.00', unitCost: '10.00', productName: 'Mug' }],
      },
    ]);
    expect(result.counts).toEqual({ stored: 1, skipped: 0, rejected: 0 });
    return externalId;
  }

  /** A day's profitReport bucket (GraphQL), as numbers. */
  async function reportDay(day: string) {
    const answer = await gql(
      app,
      key,
      `query($from: Date!, $to: Date!) { profitReport(range: { from: $from, to: $to }, interval: DAY) {
         buckets { start totals { grossRevenue { amount } refunds { amount } purchaseCount } } } }`,
      { from: day, to: day },
    );
    const totals = answer.body.data.profitReport.buckets[0].totals;
    return { gross: Number(totals.grossRevenue.amount), refunds: Number(totals.refunds.amount), purchases: totals.purchaseCount as number };
  }

  /** Today's row of GET /api/v1/profit?days=1. */
  async function restToday() {
    const res = await fetch(`${app.url}/api/v1/profit?days=1`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await res.json()) as { data: Array<{ gross_revenue: number; purchase_count: number }> };
    return body.data[0] ?? { gross_revenue: 0, purchase_count: 0 };
  }

  beforeAll(async () => {
    database = await target.create();
    // The polls below ask many times a minute: a budget that never runs out.
    app = await startTestApp(database, { CATCHUP_DEBOUNCE_MS: '200', CATCHUP_POLL_MS: '100', LIVE_POLL_MS: '100', RATE_LIMIT_PER_MINUTE: '1000000' });
    accountId = (await makeAccount(app.db.prisma, { timezone: TZ })).id;
    key = await makeKey(app.db.prisma, accountId, ['read']);
    runner = runnerOn(app.db, app.services);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await runner.stop();
    if (other) {
      await other.runner.stop();
      await other.db.close();
    }
    await app.close();
    await database.close();
  });

  it('coalesces marks, and a failed run leaves them for the next, which recomputes exactly what they name', async () => {
    // No worker runs yet: the marks and the queued run wait.
    const placedAt = new Date(Date.now() - 60_000);
    const today = localDate(placedAt, TZ);
    for (let n = 0; n < 12; n++) await writeSale({ placedAt });
    // Twelve writes of one day and one SKU: two marks.
    expect(await app.services.catchup.pending(accountId)).toEqual([
      { kind: 'day', key: today, takenBy: null },
      { kind: 'sku', key: 'LOOSE', takenBy: null },
    ]);

    let failures = 0;
    const failing = catchupService(app.db.prisma, {
      ...app.services,
      profit: {
        snapshotDays: () => {
          failures++;
          return Promise.reject(new Error('the database went away'));
        },
      },
      debounceMs: 0,
    });
    await expect(failing.catchUp(accountId)).rejects.toThrow('the database went away');
    expect(failures).toBe(1);
    // Still there (taken by the failed run, so the next run takes it again).
    expect((await app.services.catchup.pending(accountId)).map((m) => m.key)).toEqual([today, 'LOOSE']);
    expect(await reportDay(today)).toEqual({ gross: 0, refunds: 0, purchases: 0 });

    expect(await app.services.catchup.catchUp(accountId)).toBeGreaterThan(0);
    expect(await app.services.catchup.pending(accountId)).toEqual([]);
    expect(await reportDay(today)).toEqual({ gross: 300, refunds: 0, purchases: 12 });
  });

  it('counts an order written now in profitReport, /api/v1/profit and the live subscription within seconds', async () => {
    runner.start();
    const client = createClient({
      url: `${app.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${key}` },
    });
    clients.push(client);
    const live = client.iterate({ query: 'subscription { analyticsUpdated { days customers skus eventId occurredAt } }' });
    const nextLive = live.next();
    await until(async () => (app.services.live.size() > 0 ? true : undefined), 'the subscription is open');

    const placedAt = new Date(Date.now() - 30_000);
    const today = localDate(placedAt, TZ);
    const before = await reportDay(today);
    await writeSale({ placedAt, quantity: 2, customer: 'c-live', sku: 'LIVE-1' });

    expect(await until(async () => ((await reportDay(today)).purchases === before.purchases + 1 ? reportDay(today) : undefined), 'profitReport')).toEqual({
      gross: before.gross + 50,
      refunds: 0,
      purchases: before.purchases + 1,
    });
    const rest = await until(async () => {
      const row = await restToday();
      return row.purchase_count === before.purchases + 1 ? row : undefined;
    }, '/api/v1/profit');
    expect(rest.gross_revenue).toBe(before.gross + 50);
    const event = (await nextLive).value!;
    expect(event.errors).toBeUndefined();
    expect(event.data!.analyticsUpdated).toMatchObject({ days: [today] });
    await live.return!();

    // The customer's metrics and the SKU's velocity too (the same run or the next).
    const counted = await until(async () => {
      const [c, i] = await Promise.all([
        app.db.prisma.customer.findFirst({ where: { accountId, externalId: 'c-live' } }),
        app.db.prisma.inventoryItem.findFirst({ where: { accountId, sku: 'LIVE-1' } }),
      ]);
      return c?.ordersCount === 1 && i?.unitsSold7d === 2 ? { c, i } : undefined;
    }, 'customer metrics and velocity');
    expect(Number(counted.c.revenueTotal)).toBe(50);
    expect(counted.i.status).not.toBeNull();
    await until(async () => ((await app.services.catchup.pending(accountId)).length === 0 ? true : undefined), 'marks emptied');
  });

  it("corrects a day 200 days back when its refund arrives late (the hourly run's window does not reach it)", async () => {
    const placedAt = new Date(Date.now() - 200 * DAY_MS);
    const day = localDate(placedAt, TZ);
    const order = await writeSale({ placedAt, quantity: 4 });
    await until(async () => ((await reportDay(day)).purchases === 1 ? true : undefined), 'the old order counted');
    // The hourly incremental run reads only the last days: it leaves the old day alone.
    await app.services.profit.snapshotProfit(accountId, new Date());

    const refund = await app.services.ingestion.upsertRefunds(accountId, SHOP, [
      { externalId: 'r-late', updatedAt: new Date().toISOString(), orderExternalId: order, refundedAt: new Date().toISOString(), amount: '35.50' },
    ]);
    expect(refund.counts.stored).toBe(1);
    expect(await until(async () => ((await reportDay(day)).refunds === 35.5 ? reportDay(day) : undefined), 'the late refund')).toEqual({
      gross: 100,
      refunds: 35.5,
      purchases: 1,
    });
    // The days in between were written by nothing new: a full recompute agrees with every snapshot.
    await until(async () => ((await app.services.catchup.pending(accountId)).length === 0 ? true : undefined), 'marks emptied');
    expect(await app.services.profit.snapshotProfit(accountId, new Date(), { full: true })).toBe(0);
  });

  it('two workers on two connections count every order once', async () => {
    const db = await connectDatabase(database.connectionString, database.kind, { poolSize: 3 });
    other = { db, runner: runnerOn(db, buildServices(testConfig({ CATCHUP_DEBOUNCE_MS: '200' }), db)) };
    other.runner.start();
    const now = Date.now();
    const days = [0, 1, 2].map((n) => new Date(now - n * DAY_MS - 60_000));
    const before = await Promise.all(days.map((d) => reportDay(localDate(d, TZ))));
    // 36 orders over three days, written concurrently in batches while both workers run.
    for (let batch = 0; batch < 6; batch++) {
      await Promise.all(days.flatMap((placedAt) => [writeSale({ placedAt }), writeSale({ placedAt })]));
    }
    for (const [n, placedAt] of days.entries()) {
      const day = localDate(placedAt, TZ);
      expect(await until(async () => ((await reportDay(day)).purchases === before[n]!.purchases + 12 ? reportDay(day) : undefined), `day ${day}`)).toEqual({
        gross: before[n]!.gross + 300,
        refunds: before[n]!.refunds,
        purchases: before[n]!.purchases + 12,
      });
    }
    await until(async () => ((await app.services.catchup.pending(accountId)).length === 0 ? true : undefined), 'marks emptied');
    // Nothing was counted twice: a full recompute from the orders changes no snapshot.
    expect(await app.services.profit.snapshotProfit(accountId, new Date(), { full: true })).toBe(0);
    const runs = await app.db.prisma.jobRun.findMany({ where: { job: 'analytics-catchup', accountId } });
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.filter((r) => r.status !== 'succeeded')).toEqual([]);
  });
});
