// Factories for the inputs of the analytics jobs: stocked products, orders with line items, ad
// spend and expenses, built through the service's Prisma client. Money is given in currency
// units (numbers or decimal strings).
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../src/db/client.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Distinct external ids per test file, whatever the other factories' counters are. */
const prefix = randomBytes(3).toString('hex');
let sequence = 0;

type Money = number | string;

export async function makeStockItem(
  prisma: PrismaClient,
  accountId: string,
  values: { sku?: string; productName?: string; currentStock: number; leadTimeDays?: number; unitCost?: Money; unitPrice?: Money },
) {
  const n = ++sequence;
  return prisma.inventoryItem.create({
    data: {
      accountId,
      sku: values.sku ?? `STK-${prefix}-${n}`,
      productName: values.productName ?? `Stocked product ${n}`,
      currentStock: values.currentStock,
      leadTimeDays: values.leadTimeDays ?? 14,
      unitCost: values.unitCost ?? 10,
      unitPrice: values.unitPrice ?? 25,
    },
  });
}

export interface SaleLine {
  /** The stocked product sold; its sku is copied. Without it, a line for an unlisted sku. */
  item?: { id: number; sku: string };
  quantity: number;
  unitPrice?: Money;
  unitCost?: Money;
}

/**
 * An order with its line items. The total defaults to the sum of quantity × unit price (unit
 * price 25, unit cost 10 unless given).
 */
export async function makeSale(
  prisma: PrismaClient,
  accountId: string,
  values: {
    placedAt: Date;
    lines: SaleLine[];
    total?: Money;
    refunded?: Money;
    fees?: Money;
    shippingCost?: Money;
    status?: 'paid' | 'refunded' | 'partially_refunded' | 'cancelled';
  },
) {
  const n = ++sequence;
  const lines = values.lines.map((line) => ({
    accountId,
    inventoryItemId: line.item?.id ?? null,
    sku: line.item?.sku ?? `LOOSE-${n}`,
    quantity: line.quantity,
    unitPrice: line.unitPrice ?? 25,
    unitCost: line.unitCost ?? 10,
  }));
  const total = values.total ?? lines.reduce((sum, l) => sum + l.quantity * Number(l.unitPrice), 0).toFixed(2);
  return prisma.order.create({
    data: {
      accountId,
      source: 'shopify',
      externalId: `S-${prefix}-${n}`,
      status: values.status ?? 'paid',
      subtotal: total,
      totalAmount: total,
      refundedAmount: values.refunded ?? 0,
      feesAmount: values.fees ?? 0,
      shippingCost: values.shippingCost ?? 0,
      placedAt: values.placedAt,
      items: { create: lines },
    },
  });
}

/**
 * Sales of one product over the days before `now`: `unitsPerDay[n]` units in one order placed
 * n days and one hour before `now` (so in the n-th 24-hour day counted back from `now`); days
 * with 0 units get no order.
 */
export async function makeDailySales(prisma: PrismaClient, accountId: string, item: { id: number; sku: string }, now: Date, unitsPerDay: readonly number[]) {
  for (const [n, quantity] of unitsPerDay.entries()) {
    if (quantity > 0) await makeSale(prisma, accountId, { placedAt: new Date(now.getTime() - n * DAY_MS - HOUR_MS), lines: [{ item, quantity }] });
  }
}

/** Ad spend of one campaign on a calendar date (YYYY-MM-DD). */
export async function makeAdSpend(
  prisma: PrismaClient,
  accountId: string,
  values: { date: string; spend: Money; platform?: 'meta_ads' | 'google_ads'; campaignId?: string },
) {
  const n = ++sequence;
  return prisma.adSpend.create({
    data: {
      accountId,
      date: new Date(`${values.date}T00:00:00Z`),
      platform: values.platform ?? 'meta_ads',
      campaignId: values.campaignId ?? `cmp-${prefix}-${n}`,
      campaignName: `Campaign ${n}`,
      spend: values.spend,
    },
  });
}

/** An expense on a calendar date (YYYY-MM-DD). */
export async function makeExpense(prisma: PrismaClient, accountId: string, values: { date: string; amount: Money; category?: string }) {
  return prisma.expense.create({
    data: {
      accountId,
      date: new Date(`${values.date}T00:00:00Z`),
      category: values.category ?? 'software',
      description: 'Test expense',
      amount: values.amount,
    },
  });
}

/** Paid orders without line items, one per entry, in one statement (for long daily series). */
export async function makeOrdersBulk(prisma: PrismaClient, accountId: string, orders: ReadonlyArray<{ placedAt: Date; total: Money }>) {
  const first = sequence + 1;
  sequence += orders.length;
  return prisma.order.createMany({
    data: orders.map((o, i) => ({
      accountId,
      source: 'shopify' as const,
      externalId: `B-${prefix}-${first + i}`,
      status: 'paid' as const,
      subtotal: o.total,
      totalAmount: o.total,
      placedAt: o.placedAt,
    })),
  });
}
