// The analytics jobs (profit-snapshot, inventory_velocity, smart-reorder) compute what
// docs/analytics.md says: on small accounts with answers worked out by hand in the comments,
// idempotently, in the account's time zone, and plausibly on the demo account.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { buildServices } from '../../src/services.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { profitSnapshotJob } from '../../src/jobs/profit-snapshot.job.ts';
import { inventoryVelocityJob } from '../../src/jobs/inventory-velocity.job.ts';
import { smartReorderJob } from '../../src/jobs/smart-reorder.job.ts';
import { profitService } from '../../src/domain/profit/index.ts';
import { inventoryService } from '../../src/domain/inventory/index.ts';
import { reorderService, reorderSuggestion } from '../../src/domain/reorder/index.ts';
import { inventoryVelocity, profitDay } from '../factories/oracles.ts';
import { DEMO_ACCOUNT_ID, seedDemoAccount } from '../../src/demo/seed.ts';
import type { PrismaClient } from '../../src/db/client.ts';
import { testConfig } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeReorderSuggestion } from '../factories/analytics.ts';
import { makeAdSpend, makeDailySales, makeExpense, makeSale, makeStockItem } from '../factories/orders.ts';
import { updateInventoryItem, updateOrder } from '../factories/rows.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** 12:00 on 2026-06-15 in New York (EDT, UTC−4); already 01:00 on the 16th in Tokyo. */
const NOW = new Date('2026-06-15T16:00:00Z');
const at = (iso: string) => new Date(iso);
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

async function snapshots(prisma: PrismaClient, accountId: string) {
  const rows = await prisma.profitSnapshot.findMany({ where: { accountId }, orderBy: { snapshotDate: 'asc' } });
  return rows.map((r) => ({
    date: isoDate(r.snapshotDate),
    grossRevenue: Number(r.grossRevenue),
    refunds: Number(r.refunds),
    adSpend: Number(r.adSpend),
    cogsEstimate: Number(r.cogsEstimate),
    feesEstimate: Number(r.feesEstimate),
    shippingEstimate: Number(r.shippingEstimate),
    extraExpenses: Number(r.extraExpenses),
    netRevenue: Number(r.netRevenue),
    operationalProfit: Number(r.operationalProfit),
    finalProfit: Number(r.finalProfit),
    marginPct: Number(r.marginPct),
    purchaseCount: r.purchaseCount,
  }));
}

const zeroDay = (date: string) => ({
  date,
  grossRevenue: 0,
  refunds: 0,
  adSpend: 0,
  cogsEstimate: 0,
  feesEstimate: 0,
  shippingEstimate: 0,
  extraExpenses: 0,
  netRevenue: 0,
  operationalProfit: 0,
  finalProfit: 0,
  marginPct: 0,
  purchaseCount: 0,
});

describeEachDatabase('analytics jobs', (target) => {
  let database: TestDatabase;
  let db: Database;
  let prisma: PrismaClient;
  // The three jobs' service functions, as the job files call them.
  let analytics: {
    snapshotProfit: ReturnType<typeof profitService>['snapshotProfit'];
    computeInventoryVelocity: ReturnType<typeof inventoryService>['computeInventoryVelocity'];
    suggestReorders: ReturnType<typeof reorderService>['suggestReorders'];
  };

  beforeAll(async () => {
    database = await target.create();
    db = await connectDatabase(database.connectionString, database.kind, { poolSize: 5 });
    prisma = db.prisma;
    analytics = {
      snapshotProfit: profitService(prisma).snapshotProfit,
      computeInventoryVelocity: inventoryService(prisma).computeInventoryVelocity,
      suggestReorders: reorderService(prisma).suggestReorders,
    };
  });
  afterAll(async () => {
    await db.close();
    await database.close();
  });

  describe('profit-snapshot', () => {
    let accountId: string;
    let refundedOrderId: number;

    test('a day computed by hand, in the account time zone', async () => {
      const account = await makeAccount(prisma, { timezone: 'America/New_York' });
      accountId = account.id;
      const mug = await makeStockItem(prisma, accountId, { currentStock: 100, unitCost: 25 });
      const cap = await makeStockItem(prisma, accountId, { currentStock: 100, unitCost: 10 });
      // 2026-06-14 in New York runs from 04:00Z on the 14th to 04:00Z on the 15th.
      const first = await makeSale(prisma, accountId, {
        placedAt: at('2026-06-14T15:00:00Z'),
        status: 'partially_refunded',
        total: 120,
        refunded: 20,
        fees: 3.8,
        shippingCost: 6,
        lines: [
          { item: mug, quantity: 2, unitCost: 25 },
          { item: cap, quantity: 1, unitCost: 10 },
        ],
      });
      refundedOrderId = first.id;
      // 02:30 UTC on the 15th is 22:30 on the 14th in New York: it belongs to the 14th.
      await makeSale(prisma, accountId, {
        placedAt: at('2026-06-15T02:30:00Z'),
        total: 80,
        fees: 2.6,
        shippingCost: 5,
        lines: [{ item: mug, quantity: 1, unitCost: 25 }],
      });
      // Cancelled: counted nowhere.
      await makeSale(prisma, accountId, {
        placedAt: at('2026-06-14T18:00:00Z'),
        status: 'cancelled',
        total: 500,
        fees: 9,
        shippingCost: 9,
        lines: [{ item: mug, quantity: 10, unitCost: 25 }],
      });
      // 03:30 UTC on the 14th is 23:30 on the 13th in New York: the account's first day.
      await makeSale(prisma, accountId, { placedAt: at('2026-06-14T03:30:00Z'), total: 30, lines: [{ item: cap, quantity: 1, unitCost: 10 }] });
      await makeAdSpend(prisma, accountId, { date: '2026-06-14', spend: 30, platform: 'meta_ads' });
      await makeAdSpend(prisma, accountId, { date: '2026-06-14', spend: 15, platform: 'google_ads' });
      await makeExpense(prisma, accountId, { date: '2026-06-14', amount: 12.5 });

      // Days 2026-06-13 .. 2026-06-15 (today in New York): three rows.
      expect(await analytics.snapshotProfit(accountId, NOW)).toBe(3);
      const rows = await snapshots(prisma, accountId);
      expect(rows.map((r) => r.date)).toEqual(['2026-06-13', '2026-06-14', '2026-06-15']);
      // The 14th: gross 120 + 80 = 200; refunds 20; ad spend 30 + 15 = 45;
      // COGS 2 × 25 + 1 × 10 + 1 × 25 = 85; fees 3.80 + 2.60 = 6.40; shipping 6 + 5 = 11;
      // expenses 12.50; net 200 − 20 = 180; operational 180 − 85 − 6.40 − 11 = 77.60;
      // final 77.60 − 45 − 12.50 = 20.10; margin 20.10 / 180 × 100 = 11.1666… → 11.17; 2 orders.
      expect(rows[1]).toEqual({
        date: '2026-06-14',
        grossRevenue: 200,
        refunds: 20,
        adSpend: 45,
        cogsEstimate: 85,
        feesEstimate: 6.4,
        shippingEstimate: 11,
        extraExpenses: 12.5,
        netRevenue: 180,
        operationalProfit: 77.6,
        finalProfit: 20.1,
        marginPct: 11.17,
        purchaseCount: 2,
      });
      // The 13th: one order of 30 with COGS 10: net 30, profit 20, margin 66.666… → 66.67.
      expect(rows[0]).toEqual({
        ...zeroDay('2026-06-13'),
        grossRevenue: 30,
        cogsEstimate: 10,
        netRevenue: 30,
        operationalProfit: 20,
        finalProfit: 20,
        marginPct: 66.67,
        purchaseCount: 1,
      });
      // Today has no activity yet: a row of zeros.
      expect(rows[2]).toEqual(zeroDay('2026-06-15'));
      // The TypeScript statement of the formulas says the same.
      const { date: _date, ...day } = rows[1]!;
      expect(
        profitDay({
          grossRevenue: 200,
          refunds: 20,
          adSpend: 45,
          cogsEstimate: 85,
          feesEstimate: 6.4,
          shippingEstimate: 11,
          extraExpenses: 12.5,
          purchaseCount: 2,
        }),
      ).toEqual(day);
    });

    test('idempotent: a second run writes nothing and leaves the same rows, ids included', async () => {
      const before = await prisma.profitSnapshot.findMany({ where: { accountId }, orderBy: { id: 'asc' } });
      expect(await analytics.snapshotProfit(accountId, new Date(NOW.getTime() + 10 * 60_000))).toBe(0);
      expect(await analytics.snapshotProfit(accountId, new Date(NOW.getTime() + 20 * 60_000), { full: true })).toBe(0);
      expect(await prisma.profitSnapshot.findMany({ where: { accountId }, orderBy: { id: 'asc' } })).toEqual(before);

      // A later refund changes that one day, in place.
      await updateOrder(prisma, refundedOrderId, { refundedAmount: 50 });
      expect(await analytics.snapshotProfit(accountId, new Date(NOW.getTime() + 30 * 60_000))).toBe(1);
      const after = await prisma.profitSnapshot.findMany({ where: { accountId }, orderBy: { id: 'asc' } });
      expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
      // Refunds 50: net 150, final 20.10 − 30 = −9.90, margin −9.90 / 150 × 100 = −6.60.
      const changed = after.find((r) => isoDate(r.snapshotDate) === '2026-06-14')!;
      expect([Number(changed.refunds), Number(changed.netRevenue), Number(changed.finalProfit), Number(changed.marginPct)]).toEqual([50, 150, -9.9, -6.6]);
    });

    test('back-fill: days with only ad spend or expenses, or nothing, get a row', async () => {
      // Tokyo is UTC+9: at NOW it is already 2026-06-16 there.
      const account = await makeAccount(prisma, { timezone: 'Asia/Tokyo' });
      const item = await makeStockItem(prisma, account.id, { currentStock: 10 });
      await makeAdSpend(prisma, account.id, { date: '2026-06-08', spend: 5 });
      const early = await makeSale(prisma, account.id, { placedAt: at('2026-06-10T03:00:00Z'), total: 50, lines: [{ item, quantity: 2, unitCost: 10 }] });
      await makeAdSpend(prisma, account.id, { date: '2026-06-11', spend: 25 });
      await makeExpense(prisma, account.id, { date: '2026-06-12', amount: 7 });
      await makeSale(prisma, account.id, { placedAt: at('2026-06-14T03:00:00Z'), total: 25, lines: [{ item, quantity: 1, unitCost: 10 }] });

      // From the first day with any data (ad spend on the 8th) to today in Tokyo (the 16th).
      expect(await analytics.snapshotProfit(account.id, NOW)).toBe(9);
      const rows = await snapshots(prisma, account.id);
      expect(rows).toEqual([
        // Ad spend before the first order still counts, from its own day.
        { ...zeroDay('2026-06-08'), adSpend: 5, finalProfit: -5 },
        zeroDay('2026-06-09'),
        // 50 − COGS 2 × 10 = 30; margin 30 / 50 = 60 %.
        {
          ...zeroDay('2026-06-10'),
          grossRevenue: 50,
          cogsEstimate: 20,
          netRevenue: 50,
          operationalProfit: 30,
          finalProfit: 30,
          marginPct: 60,
          purchaseCount: 1,
        },
        // Ad spend only: a loss of the spend, margin 0 (no net revenue), no purchases.
        { ...zeroDay('2026-06-11'), adSpend: 25, finalProfit: -25 },
        { ...zeroDay('2026-06-12'), extraExpenses: 7, finalProfit: -7 },
        zeroDay('2026-06-13'),
        {
          ...zeroDay('2026-06-14'),
          grossRevenue: 25,
          cogsEstimate: 10,
          netRevenue: 25,
          operationalProfit: 15,
          finalProfit: 15,
          marginPct: 60,
          purchaseCount: 1,
        },
        zeroDay('2026-06-15'),
        zeroDay('2026-06-16'),
      ]);

      // An hourly run recomputes the last three days only (the 14th to today); the daily full run
      // picks up a late refund on an older day.
      await updateOrder(prisma, early.id, { refundedAmount: 10 });
      expect(await analytics.snapshotProfit(account.id, NOW)).toBe(0);
      expect(await analytics.snapshotProfit(account.id, NOW, { full: true })).toBe(1);
      expect((await snapshots(prisma, account.id))[2]).toMatchObject({ refunds: 10, netRevenue: 40, finalProfit: 20, marginPct: 50 });
    });

    test('recurring expenses: the amount of a month spread over its days, exact to the cent; one-off expenses stay on their day', async () => {
      const account = await makeAccount(prisma, { timezone: 'UTC' });
      const now = at('2026-06-15T12:00:00Z');
      // 1,000.00 a month from April (30 days), May (31) and June (30, to today); 100.00 a month
      // ended on 10 May; a one-off of 40.00 on 2 May.
      await makeExpense(prisma, account.id, { date: '2026-04-01', amount: 1000, category: 'rent', recurrence: 'monthly' });
      await makeExpense(prisma, account.id, { date: '2026-04-16', amount: 100, recurrence: 'monthly', endsOn: '2026-05-10' });
      await makeExpense(prisma, account.id, { date: '2026-05-02', amount: 40 });
      await analytics.snapshotProfit(account.id, now);
      let rows = await snapshots(prisma, account.id);
      const cents = (from: string, to: string) =>
        rows.filter((r) => r.date! >= from && r.date! <= to).reduce((sum, r) => sum + Math.round(r.extraExpenses * 100), 0);
      expect(rows[0]!.date).toBe('2026-04-01');
      expect(rows.at(-1)!.date).toBe('2026-06-15');
      // Whole months sum to the month's amount exactly: April 1,000 + 100 × 15/30 (16th to 30th),
      // May 1,000 + 100 × 10/31 (1st to 10th, 32.25 as whole cents) + the one-off 40.
      expect(cents('2026-04-01', '2026-04-30')).toBe(100_000 + 5_000);
      expect(cents('2026-05-01', '2026-05-31')).toBe(100_000 + 3_225 + 4_000);
      // Each day's share of 1,000.00 over 31 days is 32.25 or 32.26 (100,000 cents / 31 = 3,225.8).
      const may = rows.filter((r) => r.date! >= '2026-05-11' && r.date! <= '2026-05-31' && r.date !== '2026-05-02');
      expect(new Set(may.map((r) => r.extraExpenses))).toEqual(new Set([32.25, 32.26]));
      // 2 May: day 2 of 31 of both monthly expenses (⌊100,000 × 2/31⌋ − ⌊100,000/31⌋ = 3,226 and
      // ⌊10,000 × 2/31⌋ − ⌊10,000/31⌋ = 323 cents) and the one-off on its own day.
      expect(cents('2026-05-02', '2026-05-02')).toBe(3_226 + 323 + 4_000);
      // June so far: 15 of 30 days, 33.33 or 33.34 each, the first half of the month's amount.
      expect(cents('2026-06-01', '2026-06-15')).toBe(50_000);
      expect(rows.every((r) => r.finalProfit === -r.extraExpenses)).toBe(true);
      // An incremental run and a full run agree with the back-fill.
      expect(await analytics.snapshotProfit(account.id, ago(now, -HOUR))).toBe(0);
      expect(await analytics.snapshotProfit(account.id, now, { full: true })).toBe(0);
      // The next day's incremental run charges its share of June too.
      await analytics.snapshotProfit(account.id, ago(now, -DAY));
      rows = await snapshots(prisma, account.id);
      expect(cents('2026-06-01', '2026-06-16')).toBe(Math.floor((100_000 * 16) / 30));
    });
  });

  describe('inventory_velocity', () => {
    test('units, averages, days of stock, stock-out date, trend and status, computed by hand', async () => {
      // 22:00 on 2026-06-15 in New York, already the 16th in UTC: dates count from the 15th.
      const now = at('2026-06-16T02:00:00Z');
      const account = await makeAccount(prisma, { timezone: 'America/New_York' });
      const id = account.id;
      const fast = await makeStockItem(prisma, id, { currentStock: 40, leadTimeDays: 14 });
      const slowing = await makeStockItem(prisma, id, { currentStock: 5, leadTimeDays: 10 });
      const heavy = await makeStockItem(prisma, id, { currentStock: 1000, leadTimeDays: 14 });
      const empty = await makeStockItem(prisma, id, { currentStock: 0, leadTimeDays: 14 });
      const idle = await makeStockItem(prisma, id, { currentStock: 500, leadTimeDays: 14 });
      const edge = await makeStockItem(prisma, id, { currentStock: 20, leadTimeDays: 12 });

      // fast: 21 units a day ago and 39 twenty days ago: 7 days 21, 30 days 60.
      await makeSale(prisma, id, { placedAt: ago(now, DAY + HOUR), lines: [{ item: fast, quantity: 21 }, { quantity: 4 }] });
      await makeSale(prisma, id, { placedAt: ago(now, 20 * DAY + HOUR), lines: [{ item: fast, quantity: 39 }] });
      // Not counted: older than 30 days, cancelled.
      await makeSale(prisma, id, { placedAt: ago(now, 31 * DAY), lines: [{ item: fast, quantity: 100 }] });
      await makeSale(prisma, id, { placedAt: ago(now, 2 * DAY), status: 'cancelled', lines: [{ item: fast, quantity: 50 }] });
      // slowing: 30 units ten days ago, none in the last 7 days.
      await makeSale(prisma, id, { placedAt: ago(now, 10 * DAY + HOUR), lines: [{ item: slowing, quantity: 30 }] });
      // heavy: 7 units a day ago, 23 fifteen days ago: 7 days 7, 30 days 30.
      await makeSale(prisma, id, { placedAt: ago(now, DAY), lines: [{ item: heavy, quantity: 7 }] });
      await makeSale(prisma, id, { placedAt: ago(now, 15 * DAY), lines: [{ item: heavy, quantity: 23 }] });
      // edge: 14 units in 7 days, 50 in 30: exactly on two boundaries.
      await makeSale(prisma, id, { placedAt: ago(now, DAY + HOUR), lines: [{ item: edge, quantity: 14 }] });
      await makeSale(prisma, id, { placedAt: ago(now, 20 * DAY + HOUR), lines: [{ item: edge, quantity: 36 }] });

      expect(await analytics.computeInventoryVelocity(id, now)).toBe(6);
      const rows = new Map((await prisma.inventoryItem.findMany({ where: { accountId: id } })).map((r) => [r.id, r]));
      const view = (itemId: number) => {
        const r = rows.get(itemId)!;
        return {
          unitsSold7d: r.unitsSold7d,
          unitsSold30d: r.unitsSold30d,
          avgDailyUnits7d: Number(r.avgDailyUnits7d),
          avgDailyUnits30d: Number(r.avgDailyUnits30d),
          daysOfStock: r.daysOfStock === null ? null : Number(r.daysOfStock),
          estimatedStockoutAt: isoDate(r.estimatedStockoutAt),
          trend: r.trend,
          status: r.status,
        };
      };
      // fast: avg7 = 21 / 7 = 3, avg30 = 60 / 30 = 2; 3 > 2 × 1.2 = 2.4: accelerating.
      // Days of stock 40 / 2 = 20: not under the 14-day lead time, under 14 + 14 = 28: low.
      // Stock-out: 2026-06-15 (local today) + 20 days = 2026-07-05.
      expect(view(fast.id)).toEqual({
        unitsSold7d: 21,
        unitsSold30d: 60,
        avgDailyUnits7d: 3,
        avgDailyUnits30d: 2,
        daysOfStock: 20,
        estimatedStockoutAt: '2026-07-05',
        trend: 'accelerating',
        status: 'low',
      });
      // slowing: avg7 0 < 1 × 0.8: decelerating; 5 / 1 = 5 days < 10-day lead time: critical;
      // stock-out 2026-06-15 + 5 = 2026-06-20.
      expect(view(slowing.id)).toEqual({
        unitsSold7d: 0,
        unitsSold30d: 30,
        avgDailyUnits7d: 0,
        avgDailyUnits30d: 1,
        daysOfStock: 5,
        estimatedStockoutAt: '2026-06-20',
        trend: 'decelerating',
        status: 'critical',
      });
      // heavy: avg7 = avg30 = 1: stable; 1000 days > 120: overstocked; 2026-06-15 + 1000 days.
      expect(view(heavy.id)).toEqual({
        unitsSold7d: 7,
        unitsSold30d: 30,
        avgDailyUnits7d: 1,
        avgDailyUnits30d: 1,
        daysOfStock: 1000,
        estimatedStockoutAt: '2029-03-11',
        trend: 'stable',
        status: 'overstocked',
      });
      // No sales: no days of stock, no date; out of stock is critical, any stock is ok.
      expect(view(empty.id)).toEqual({
        unitsSold7d: 0,
        unitsSold30d: 0,
        avgDailyUnits7d: 0,
        avgDailyUnits30d: 0,
        daysOfStock: null,
        estimatedStockoutAt: null,
        trend: 'no_sales',
        status: 'critical',
      });
      expect(view(idle.id)).toMatchObject({ daysOfStock: null, estimatedStockoutAt: null, trend: 'no_sales', status: 'ok' });
      // edge: avg7 = 2 = avg30 (1.6667) × 1.2 exactly: not above, stable. 20 / (50 / 30) = 12
      // days, equal to the 12-day lead time: not less, so low (under 12 + 14), not critical.
      expect(view(edge.id)).toEqual({
        unitsSold7d: 14,
        unitsSold30d: 50,
        avgDailyUnits7d: 2,
        avgDailyUnits30d: 1.6667,
        daysOfStock: 12,
        estimatedStockoutAt: '2026-06-27',
        trend: 'stable',
        status: 'low',
      });
      expect([...rows.values()].every((r) => r.computedAt?.getTime() === now.getTime())).toBe(true);

      // The TypeScript statement of the rules agrees with the SQL on every item.
      for (const r of rows.values()) {
        expect(
          inventoryVelocity({
            currentStock: r.currentStock,
            leadTimeDays: r.leadTimeDays,
            unitsSold7d: r.unitsSold7d,
            unitsSold30d: r.unitsSold30d,
            today: '2026-06-15',
          }),
        ).toEqual(view(r.id));
      }

      // Idempotent: the same data and the same time give the same rows.
      const firstRun = await prisma.inventoryItem.findMany({ where: { accountId: id }, orderBy: { id: 'asc' } });
      expect(await analytics.computeInventoryVelocity(id, now)).toBe(6);
      expect(await prisma.inventoryItem.findMany({ where: { accountId: id }, orderBy: { id: 'asc' } })).toEqual(firstRun);
    });
  });

  describe('smart-reorder', () => {
    let accountId: string;
    let best: { id: number; sku: string };
    let orderedIds: number[];
    let orderedBefore: unknown;
    const pending = (itemId: number) => prisma.reorderSuggestion.findMany({ where: { accountId, inventoryItemId: itemId, status: 'pending' } });

    test('a reorder quantity computed by hand; ordered and dismissed rows untouched', async () => {
      const account = await makeAccount(prisma, { timezone: 'America/New_York' });
      accountId = account.id;
      // best: 10 in stock, 9-day lead time; sells 2 units on even days and 6 on odd days back from
      // now (days 0..29): 120 units in 30 days.
      best = await makeStockItem(prisma, accountId, { currentStock: 10, leadTimeDays: 9 });
      await makeDailySales(
        prisma,
        accountId,
        best,
        NOW,
        Array.from({ length: 30 }, (_, n) => (n % 2 === 0 ? 2 : 6)),
      );
      // gone: out of stock and no sales: critical, no demand to measure.
      const gone = await makeStockItem(prisma, accountId, { currentStock: 0, leadTimeDays: 14 });
      // reordered: critical, with an ordered and a dismissed suggestion from before.
      const reordered = await makeStockItem(prisma, accountId, { currentStock: 1, leadTimeDays: 20 });
      await makeSale(prisma, accountId, { placedAt: ago(NOW, DAY + HOUR), lines: [{ item: reordered, quantity: 30 }] });
      const ordered = await makeReorderSuggestion(prisma, accountId, reordered.id, {
        status: 'ordered',
        qtySuggested: 77,
        computedAt: at('2026-05-01T00:00:00Z'),
      });
      const dismissed = await makeReorderSuggestion(prisma, accountId, reordered.id, {
        status: 'dismissed',
        qtySuggested: 55,
        computedAt: at('2026-05-02T00:00:00Z'),
      });
      orderedIds = [ordered.id, dismissed.id];
      orderedBefore = await prisma.reorderSuggestion.findMany({ where: { id: { in: orderedIds } }, orderBy: { id: 'asc' } });
      // calm: plenty of stock (ok), with a pending suggestion from before: left as it is.
      const calm = await makeStockItem(prisma, accountId, { currentStock: 500 });
      const calmPending = await makeReorderSuggestion(prisma, accountId, calm.id, { qtySuggested: 12, computedAt: at('2026-05-03T00:00:00Z') });

      await analytics.computeInventoryVelocity(accountId, NOW);
      expect(await analytics.suggestReorders(accountId, NOW)).toBe(3);

      // best: μ = 120 / 30 = 4 a day; 10 / 4 = 2.5 days of stock < 9: critical.
      // σ (sample, 30 days): every day is 2 off the mean: sqrt(30 × 2² / 29) = 2.034191.
      // forecast = 9 + 30 = 39 days; safety = 1.65 × 2.034191 × sqrt(9) = 10.069243;
      // qty = ceil(4 × 39 + 10.069243 − 10) = ceil(156.069243) = 157.
      // confidence = 1 − (2.034191 / 4) / 2 = 0.745726 → 0.75.
      const [first] = await pending(best.id);
      expect(first).toMatchObject({
        qtySuggested: 157,
        forecastDays: 39,
        reason: 'Sells 4.0/day; 2 days of stock left against a 9-day lead time; order 157 to cover 39 days with 95% service level.',
        computedAt: NOW,
      });
      expect(Number(first!.confidence)).toBe(0.75);
      // gone: no demand: qty at least 1, confidence 0.3.
      const [none] = await pending(gone.id);
      expect(none).toMatchObject({
        qtySuggested: 1,
        forecastDays: 44,
        reason: 'No sales in the last 30 days; out of stock against a 14-day lead time; order 1 to cover 44 days.',
      });
      expect(Number(none!.confidence)).toBe(0.3);
      // reordered: μ = 1 (30 units on one day), σ = sqrt((29² + 29 × 1²) / 29) = sqrt(30) = 5.477226;
      // qty = ceil(1 × 50 + 1.65 × 5.477226 × sqrt(20) − 1) = ceil(89.4166) = 90; confidence
      // 1 − 5.477 / 2 < 0.3 → 0.3. Its ordered and dismissed rows are as they were.
      const [again] = await pending(reordered.id);
      expect(again).toMatchObject({ qtySuggested: 90, forecastDays: 50 });
      expect(Number(again!.confidence)).toBe(0.3);
      expect(await prisma.reorderSuggestion.findMany({ where: { id: { in: orderedIds } }, orderBy: { id: 'asc' } })).toEqual(orderedBefore);
      // calm is not low or critical: its pending suggestion is untouched.
      expect(await pending(calm.id)).toEqual([calmPending]);
      // The pure formula gives the same suggestion.
      expect(reorderSuggestion({ currentStock: 10, leadTimeDays: 9, unitsSold: 120, dailyStddev: Math.sqrt(120 / 29) })).toMatchObject({
        qtySuggested: 157,
        confidence: 0.75,
        forecastDays: 39,
      });
    });

    test('a second run with the same data leaves the same single pending row', async () => {
      const before = await prisma.reorderSuggestion.findMany({ where: { accountId }, orderBy: { id: 'asc' } });
      const later = new Date(NOW.getTime() + 60_000);
      await analytics.computeInventoryVelocity(accountId, later);
      expect(await analytics.suggestReorders(accountId, later)).toBe(0);
      expect(await prisma.reorderSuggestion.findMany({ where: { accountId }, orderBy: { id: 'asc' } })).toEqual(before);
    });

    test('changed demand updates the pending row in place; ordered rows stay untouched', async () => {
      const [before] = await pending(best.id);
      // 30 more units an hour ago: day 0 now has 32. 150 units: μ = 5; deviations 27 (day 0),
      // −3 (14 other even days), +1 (15 odd days): σ = sqrt((729 + 14 × 9 + 15) / 29) = sqrt(30)
      // = 5.477226. Still critical (10 / 5 = 2 days).
      // qty = ceil(5 × 39 + 1.65 × 5.477226 × 3 − 10) = ceil(212.112267) = 213;
      // confidence = 1 − (5.477226 / 5) / 2 = 0.452277 → 0.45.
      await makeSale(prisma, accountId, { placedAt: ago(NOW, HOUR), lines: [{ item: best, quantity: 30 }] });
      const later = new Date(NOW.getTime() + 2 * 60_000);
      await analytics.computeInventoryVelocity(accountId, later);
      expect(await analytics.suggestReorders(accountId, later)).toBe(1);
      const after = await pending(best.id);
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({
        id: before!.id,
        qtySuggested: 213,
        forecastDays: 39,
        computedAt: later,
        reason: 'Sells 5.0/day; 2 days of stock left against a 9-day lead time; order 213 to cover 39 days with 95% service level.',
      });
      expect(Number(after[0]!.confidence)).toBe(0.45);
      expect(await prisma.reorderSuggestion.findMany({ where: { id: { in: orderedIds } }, orderBy: { id: 'asc' } })).toEqual(orderedBefore);

      // Restocked (no longer low or critical): the pending suggestion stays as it was.
      await updateInventoryItem(prisma, best.id, { currentStock: 5000 });
      const restocked = new Date(NOW.getTime() + 3 * 60_000);
      await analytics.computeInventoryVelocity(accountId, restocked);
      expect((await prisma.inventoryItem.findUniqueOrThrow({ where: { id: best.id } })).status).toBe('overstocked');
      await analytics.suggestReorders(accountId, restocked);
      expect(await pending(best.id)).toEqual(after);
    });
  });

  test('the three jobs on the demo account give plausible figures', async () => {
    const now = new Date();
    const seedStarted = performance.now();
    await seedDemoAccount(prisma, { now });
    const seedMs = Math.round(performance.now() - seedStarted);
    const runner = jobRunner({
      prisma,
      services: buildServices(testConfig(), db),
      jobs: [profitSnapshotJob, inventoryVelocityJob, smartReorderJob],
      retryDelayMs: () => 10,
    });
    const timings: string[] = [`seed ${seedMs} ms`];
    for (const name of ['profit-snapshot', 'inventory_velocity', 'smart-reorder', 'profit-snapshot']) {
      const started = performance.now();
      const [summary] = await runner.run(name, DEMO_ACCOUNT_ID);
      timings.push(`${name} ${Math.round(performance.now() - started)} ms (${summary!.rowsWritten} rows)`);
      expect(summary).toMatchObject({ status: 'succeeded' });
    }
    console.log(`analytics jobs on the demo account [${target.name}]: ${timings.join('; ')}`);

    // Profit: one row per local day over the ~400 days of history, and every order counted once.
    const snaps = await prisma.profitSnapshot.findMany({ where: { accountId: DEMO_ACCOUNT_ID } });
    expect(snaps.length).toBeGreaterThanOrEqual(395);
    expect(snaps.length).toBeLessThanOrEqual(410);
    // No day keeps more than its net revenue. The demo's fixed costs (11,880 a month) are monthly
    // expenses spread over the days: every day carries its share (383.21 at least, in a 31-day
    // month), and a day's loss stays within its net revenue except on a day with a one-off cost,
    // and today: its share is a whole day's, its revenue only that of the hours gone (early in the
    // day: one order against 383.21 of costs, -837 %).
    expect(snaps.every((s) => Number(s.marginPct) <= 100)).toBe(true);
    const today = snaps
      .map((s) => isoDate(s.snapshotDate)!)
      .sort()
      .at(-1);
    const excused = new Set(
      (await prisma.expense.findMany({ where: { accountId: DEMO_ACCOUNT_ID, recurrence: 'none' }, select: { date: true } })).map((e) => isoDate(e.date)),
    );
    excused.add(today ?? null);
    expect(snaps.filter((s) => !excused.has(isoDate(s.snapshotDate))).every((s) => Number(s.marginPct) >= -100)).toBe(true);
    const firstFixedDay = isoDate((await prisma.expense.findFirstOrThrow({ where: { accountId: DEMO_ACCOUNT_ID, recurrence: 'monthly' } })).date)!;
    const fixedDays = snaps.filter((s) => isoDate(s.snapshotDate)! >= firstFixedDay);
    expect(fixedDays.length).toBeGreaterThan(360);
    expect(fixedDays.every((s) => Number(s.extraExpenses) >= 383.21)).toBe(true);
    expect(snaps.filter((s) => Number(s.marginPct) > 0).length).toBeGreaterThan(snaps.length * 0.8);
    const paid = await prisma.order.aggregate({
      where: { accountId: DEMO_ACCOUNT_ID, status: { not: 'cancelled' } },
      _sum: { totalAmount: true },
      _count: { _all: true },
    });
    expect(snaps.reduce((n, s) => n + s.purchaseCount, 0)).toBe(paid._count._all);
    expect(snaps.reduce((cents, s) => cents + Math.round(Number(s.grossRevenue) * 100), 0)).toBe(Math.round(Number(paid._sum.totalAmount) * 100));
    const spend = await prisma.adSpend.aggregate({ where: { accountId: DEMO_ACCOUNT_ID }, _sum: { spend: true } });
    expect(snaps.reduce((cents, s) => cents + Math.round(Number(s.adSpend) * 100), 0)).toBe(Math.round(Number(spend._sum.spend) * 100));

    // Inventory: every item computed, some critical or low.
    const items = await prisma.inventoryItem.findMany({ where: { accountId: DEMO_ACCOUNT_ID }, select: { status: true, computedAt: true } });
    expect(items.every((i) => i.status !== null && i.computedAt !== null)).toBe(true);
    const urgent = items.filter((i) => i.status === 'critical' || i.status === 'low').length;
    expect(urgent).toBeGreaterThan(0);
    // Reorder: one pending suggestion per critical or low item.
    const suggestions = await prisma.reorderSuggestion.findMany({ where: { accountId: DEMO_ACCOUNT_ID, status: 'pending' } });
    expect(suggestions.length).toBe(urgent);
    expect(suggestions.every((s) => s.qtySuggested >= 1 && Number(s.confidence) >= 0.3 && Number(s.confidence) <= 0.95)).toBe(true);
  }, 600_000);
});
