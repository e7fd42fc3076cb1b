// customer-metrics, incremental against from scratch: a full run on day D, then changes to the
// orders on the following days (new orders, a refund, a cancellation, an order moved to another
// customer, a deleted order, a deleted customer), an incremental run each day, and each day's
// result compared with a full recompute from zeroed metrics at the same moment.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { customersService } from '../../src/domain/customers/index.ts';
import { customerMetricsJob } from '../../src/jobs/customer-metrics.job.ts';
import { buildServices } from '../../src/services.ts';
import { testConfig } from '../helpers/app.ts';
import { makeAccount, makeCustomer, makeOrder } from '../factories/index.ts';
import { deleteCustomer, deleteOrder, makeOrders, updateAccountCustomers, updateCustomer, updateOrder } from '../factories/rows.ts';

const DAY = 86_400_000;
const D = new Date(Date.UTC(2026, 5, 15, 12, 0, 0));
const at = (days: number) => new Date(D.getTime() + days * DAY);

/** A small deterministic generator (mulberry32), so every run builds the same account. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describeEachDatabase('customer-metrics incremental runs', (target) => {
  let database: TestDatabase;
  let db: Database;
  let customers: ReturnType<typeof customersService>;

  beforeAll(async () => {
    database = await target.create();
    db = await connectDatabase(database.connectionString, database.kind, { poolSize: 3 });
    customers = customersService(db.prisma);
  });
  afterAll(async () => {
    await db.close();
    await database.close();
  });

  /** Every customer's stored metrics, by id, as plain values. */
  async function metrics(accountId: string) {
    const rows = await db.prisma.customer.findMany({ where: { accountId }, orderBy: { id: 'asc' } });
    return rows.map((c) => ({
      id: c.id,
      ordersCount: c.ordersCount,
      revenueTotal: c.revenueTotal.toFixed(2),
      aov: c.aov.toFixed(2),
      ltvEstimate: c.ltvEstimate.toFixed(2),
      churnScore: c.churnScore.toFixed(4),
      segment: c.segment,
      firstPurchaseAt: c.firstPurchaseAt?.toISOString() ?? null,
      lastPurchaseAt: c.lastPurchaseAt?.toISOString() ?? null,
    }));
  }

  /** What a full run computes at `now` from nothing: metrics zeroed first, then recomputed. */
  async function fromScratch(accountId: string, now: Date) {
    await updateAccountCustomers(db.prisma, accountId, {
      ordersCount: 0,
      revenueTotal: 0,
      aov: 0,
      ltvEstimate: 0,
      churnScore: 0,
      segment: 'new',
      firstPurchaseAt: null,
      lastPurchaseAt: null,
    });
    await customers.recomputeMetrics(accountId, now, { full: true });
    return metrics(accountId);
  }

  async function pending(accountId: string): Promise<number[]> {
    const rows = await db.prisma.customerMetricsPending.findMany({ where: { accountId }, orderBy: { customerId: 'asc' } });
    return rows.map((r) => r.customerId);
  }

  test('each incremental run gives exactly what a full recompute gives, over three days of changes', async () => {
    const account = await makeAccount(db.prisma);
    const other = await makeAccount(db.prisma);
    const rand = random(7);
    const ids: number[] = [];
    // 30 customers with 0 to 9 orders each, every status, over the 400 days before D.
    for (let i = 0; i < 30; i++) {
      const customer = await makeCustomer(db.prisma, account.id);
      ids.push(customer.id);
      const count = Math.floor(rand() * 10);
      let day = -Math.floor(rand() * 400);
      for (let k = 0; k < count && day <= 0; k++) {
        const total = 20 + Math.round(rand() * 38_000) / 100;
        const roll = rand();
        const status = roll < 0.1 ? 'cancelled' : roll < 0.15 ? 'refunded' : roll < 0.25 ? 'partially_refunded' : 'paid';
        const refunded = status === 'refunded' ? total : status === 'partially_refunded' ? Math.round(total * 30) / 100 : 0;
        await makeOrder(db.prisma, account.id, customer.id, { total, refunded, status, placedAt: new Date(at(day).getTime() - Math.floor(rand() * DAY)) });
        day += 3 + Math.floor(rand() * 60);
      }
    }
    // Another account's customer and orders are never touched by this account's runs.
    const stranger = await makeCustomer(db.prisma, other.id);
    await makeOrder(db.prisma, other.id, stranger.id, { total: 99, placedAt: at(-3) });

    expect(await customers.recomputeMetrics(account.id, D, { full: true })).toBeGreaterThan(0);
    expect(await pending(account.id)).toEqual([]);
    const dayD = await metrics(account.id);
    expect(dayD).toEqual(await fromScratch(account.id, D));
    // The account covers the rules: several segments, customers without counted orders.
    expect(new Set(dayD.map((c) => c.segment)).size).toBeGreaterThanOrEqual(4);
    expect(dayD.some((c) => c.ordersCount === 0)).toBe(true);

    // The first paid order of a customer, and the customers with two or more of them.
    const orderOf = (customerId: number) =>
      db.prisma.order.findFirstOrThrow({ where: { accountId: account.id, customerId, status: 'paid' }, orderBy: { placedAt: 'asc' } });
    const withOrders: number[] = [];
    for (const id of ids) if ((await db.prisma.order.count({ where: { customerId: id, status: 'paid' } })) >= 2) withOrders.push(id);
    const withoutOrders = dayD.filter((c) => c.ordersCount === 0).map((c) => c.id);
    expect([withOrders.length >= 11, withoutOrders.length >= 1]).toEqual([true, true]);
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const changes: Array<{ expectPending: number[]; apply: () => Promise<unknown> }> = [
      {
        // Day D+1: new orders (one by a customer who had none), one order without a customer.
        expectPending: sorted([withOrders[0]!, withOrders[1]!, withoutOrders[0]!]),
        apply: async () => {
          await makeOrder(db.prisma, account.id, withOrders[0]!, { total: 1500, placedAt: at(0.5) });
          await makeOrder(db.prisma, account.id, withOrders[1]!, { total: 35.5, placedAt: at(0.7) });
          await makeOrder(db.prisma, account.id, withoutOrders[0]!, { total: 42, placedAt: at(0.9) });
          await makeOrder(db.prisma, account.id, null, { total: 10, placedAt: at(0.9) });
        },
      },
      {
        // Day D+2: an old order refunded, another cancelled, a third moved to another customer,
        // and an unrelated column changed (no recount needed for that one).
        expectPending: sorted([withOrders[2]!, withOrders[3]!, withOrders[4]!, withOrders[5]!]),
        apply: async () => {
          const refunded = await orderOf(withOrders[2]!);
          await updateOrder(db.prisma, refunded.id, { status: 'refunded', refundedAmount: refunded.totalAmount });
          const cancelled = await orderOf(withOrders[3]!);
          await updateOrder(db.prisma, cancelled.id, { status: 'cancelled' });
          const moved = await orderOf(withOrders[4]!);
          await updateOrder(db.prisma, moved.id, { customerId: withOrders[5]! });
          const untouched = await orderOf(withOrders[6]!);
          await updateOrder(db.prisma, untouched.id, { feesAmount: 3.25 });
        },
      },
      {
        // Day D+3: an order deleted, a customer deleted (its orders lose their customer), many
        // orders in one statement.
        expectPending: sorted([withOrders[7]!, withOrders[8]!, withOrders[9]!, withOrders[10]!]),
        apply: async () => {
          await deleteOrder(db.prisma, (await orderOf(withOrders[7]!)).id);
          await deleteCustomer(db.prisma, withOrders[8]!);
          await makeOrders(
            db.prisma,
            [withOrders[9]!, withOrders[10]!, withOrders[9]!].map((customerId, n) => ({
              accountId: account.id,
              customerId,
              source: 'shopify' as const,
              externalId: `bulk-${n}`,
              subtotal: 60,
              totalAmount: 60,
              placedAt: at(2.2 + n / 10),
            })),
          );
        },
      },
    ];

    let before = dayD;
    for (const [n, change] of changes.entries()) {
      await change.apply();
      expect(await pending(account.id)).toEqual(change.expectPending);
      const now = at(n + 1);
      const written = await customers.recomputeMetrics(account.id, now);
      expect(await pending(account.id)).toEqual([]);
      const incremental = await metrics(account.id);
      const changed = incremental.filter((c) => JSON.stringify(c) !== JSON.stringify(before.find((b) => b.id === c.id)));
      expect(written).toBe(changed.length);
      // The recounted customers' counts moved, and the clock moved everyone else's churn.
      for (const id of change.expectPending.filter((i) => i !== withOrders[8])) {
        const [was, is] = [before.find((c) => c.id === id)!, incremental.find((c) => c.id === id)!];
        expect([is.ordersCount, is.revenueTotal]).not.toEqual([was.ordersCount, was.revenueTotal]);
      }
      expect(changed.length).toBeGreaterThan(change.expectPending.length);
      // Idempotent: run again at the same moment, nothing to write.
      expect(await customers.recomputeMetrics(account.id, now)).toBe(0);
      expect(await fromScratch(account.id, now)).toEqual(incremental);
      before = incremental;
    }

    const strangerNow = await db.prisma.customer.findUniqueOrThrow({ where: { id: stranger.id } });
    expect(strangerNow.ordersCount).toBe(0);
  });

  test('an order committed while a run takes the marks is counted by that run', async () => {
    const account = await makeAccount(db.prisma);
    const customer = await makeCustomer(db.prisma, account.id);
    await makeOrder(db.prisma, account.id, customer.id, { total: 40, placedAt: at(-10) });
    // The customer is marked (first order); a second order is written in a transaction that is
    // still open when the run starts, and commits a little later.
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const writer = db.prisma.$transaction(async (tx) => {
      await makeOrder(tx as unknown as typeof db.prisma, account.id, customer.id, { total: 60, placedAt: at(-1) });
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    await insertedNow;
    const run = customers.recomputeMetrics(account.id, D);
    await writer;
    await run;
    const got = await db.prisma.customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect([got.ordersCount, got.revenueTotal.toFixed(2)]).toEqual([2, '100.00']);
    expect(await pending(account.id)).toEqual([]);
  });

  test('the job recounts every customer in the daily full hour and only the marked ones otherwise', async () => {
    const account = await makeAccount(db.prisma);
    const services = buildServices(testConfig(), db);
    const run = (now: Date) => customerMetricsJob.run({ services, accountId: account.id, now, signal: new AbortController().signal });
    const customer = await makeCustomer(db.prisma, account.id);
    await makeOrder(db.prisma, account.id, customer.id, { total: 80, placedAt: at(-2) });
    expect(await run(at(0))).toEqual({ rowsWritten: 1 });
    expect(await run(at(0))).toEqual({ rowsWritten: 0 });
    // A count changed behind the triggers' back (as a restore without triggers would leave it):
    // the hourly run does not recount it, the run in the full hour (03 UTC) does.
    await updateCustomer(db.prisma, customer.id, { ordersCount: 5 });
    await run(at(0));
    expect((await db.prisma.customer.findUniqueOrThrow({ where: { id: customer.id } })).ordersCount).toBe(5);
    const fullHour = new Date(Date.UTC(2026, 5, 16, 3, 17));
    expect(await run(fullHour)).toEqual({ rowsWritten: 1 });
    expect((await db.prisma.customer.findUniqueOrThrow({ where: { id: customer.id } })).ordersCount).toBe(1);
  });
});
