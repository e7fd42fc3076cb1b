// The generated demo (generate.ts) as ingestion commands' records: the seed writes the store
// through the same write path as a connector or a file import (src/domain/ingestion).
import type {
  AdSpendRecord,
  CustomerRecord,
  ExpenseRecord,
  InventoryLevelRecord,
  OrderRecord,
  ProductRecord,
  RefundRecord,
} from '../domain/ingestion/index.ts';
import type { DemoData } from './generate.ts';
import type { OrderSeed } from './generate-orders.ts';
import { at, money } from './generate-time.ts';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

export function customerRecords(demo: DemoData): CustomerRecord[] {
  return demo.customers.map((c) => ({
    externalId: c.externalId,
    source: c.source,
    updatedAt: iso(c.createdAt),
    email: c.email,
    name: c.name,
    phone: c.phone,
    city: c.city,
    country: c.country,
    createdAt: iso(c.createdAt),
  }));
}

export function productRecords(demo: DemoData): ProductRecord[] {
  return demo.items.map((item) => ({
    sku: item.sku,
    updatedAt: iso(item.createdAt),
    productName: item.productName,
    unitCost: money(item.unitCost),
    unitPrice: money(item.unitPrice),
    leadTimeDays: item.leadTimeDays,
    createdAt: iso(item.createdAt),
  }));
}

export function stockRecords(demo: DemoData): InventoryLevelRecord[] {
  return demo.items.map((item) => ({ sku: item.sku, updatedAt: iso(item.createdAt), available: item.currentStock }));
}

/**
 * A refunded order's refund: one row, 1 to 14 days after the sale (by the order's position, so
 * the generator's random stream is untouched), never after the moment of the seed.
 */
function refundOf(order: OrderSeed, n: number, now: number): RefundRecord[] {
  if (order.refunded <= 0) return [];
  const refundedAt = Math.min(order.placedAt + (1 + (n % 14)) * DAY_MS, Math.max(now, order.placedAt));
  return [
    {
      externalId: `${order.externalId}-R1`,
      orderExternalId: order.externalId,
      updatedAt: iso(refundedAt),
      refundedAt: iso(refundedAt),
      amount: money(order.refunded),
    },
  ];
}

export function* orderRecords(demo: DemoData): Generator<OrderRecord> {
  let n = 0;
  for (const o of demo.orders) {
    const refunds = refundOf(o, n++, demo.timeline.now);
    yield {
      externalId: o.externalId,
      source: o.source,
      // The last change: the refund when there is one.
      updatedAt: refunds[0]?.updatedAt ?? iso(o.placedAt),
      placedAt: iso(o.placedAt),
      cancelledAt: o.status === 'cancelled' ? iso(o.placedAt) : null,
      currency: 'USD',
      customer: { externalId: at(demo.customers, o.customer).externalId },
      subtotal: money(o.subtotal),
      discountTotal: money(o.discount),
      shippingTotal: money(o.shipping),
      taxTotal: money(o.tax),
      total: money(o.total),
      fees: money(o.fees),
      shippingCost: money(o.shippingCost),
      // Prices and costs are copied from the product at the time of the order.
      lines: o.lines.map((line) => {
        const item = at(demo.items, line.item);
        return { sku: item.sku, quantity: line.quantity, unitPrice: money(item.unitPrice), unitCost: money(item.unitCost) };
      }),
      refunds,
    };
  }
}

export function adSpendRecords(demo: DemoData): AdSpendRecord[] {
  return demo.adSpend.map((a) => ({
    updatedAt: null,
    platform: a.platform,
    campaignId: a.campaignId,
    campaignName: a.campaignName,
    date: iso(a.date).slice(0, 10),
    spend: money(a.spend),
    attributedRevenue: money(a.revenue),
    clicks: a.clicks,
    impressions: a.impressions,
    conversions: a.conversions,
  }));
}

export function expenseRecords(demo: DemoData): ExpenseRecord[] {
  return demo.expenses.map((e, i) => ({
    externalId: `demo-expense-${i + 1}`,
    updatedAt: null,
    date: (e.date as Date).toISOString().slice(0, 10),
    category: e.category,
    description: e.description ?? '',
    amount: String(e.amount),
    createdAt: (e.createdAt as Date).toISOString(),
    ...(e.recurrence === 'monthly' ? { recurrence: 'monthly' as const, endsOn: e.endsOn ? (e.endsOn as Date).toISOString().slice(0, 10) : null } : {}),
  }));
}
