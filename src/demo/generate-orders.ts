// The demo's customers, products and orders, generated in memory (pure functions: no database
// access). Customers sign up over time and buy with Pareto-skewed frequency, products sell on a
// Zipf-like curve, and orders follow the demand calendar of generate-time.ts.
import type { CommerceSource, OrderStatus } from '../domain/shared/enums.ts';
import { PRODUCT_ADJECTIVES, PRODUCT_KINDS } from './catalog.ts';
import { at, type Calendar, clamp, dailyOrderCounts, DAY_MS, dayIndex, HOUR_MS, ORDER_DAYS, orderTimes, SKU_COUNT, type Timeline } from './generate-time.ts';
import { type Rng, WeightedTable } from './rng.ts';
import { assignBuyers, type CustomerSeed } from './generate-customers.ts';

export interface ItemSeed {
  sku: string;
  productName: string;
  unitCost: number; // cents
  unitPrice: number; // cents
  leadTimeDays: number;
  popularity: number;
  /** Order-day range in which the product is sold (launches and discontinued lines). */
  availableFrom: number;
  availableUntil: number;
  createdAt: number;
  currentStock: number;
}

function productName(rng: Rng, taken: Set<string>): { name: string; cost: readonly [number, number] } {
  for (;;) {
    const kind = rng.pick(PRODUCT_KINDS);
    const name = `${rng.pick(PRODUCT_ADJECTIVES)} ${rng.pick(kind.materials)} ${kind.product}`;
    if (taken.has(name)) continue;
    taken.add(name);
    return { name, cost: kind.cost };
  }
}

/** Retail price: cost x 1.6..3.2, ending in .99. */
function retailPrice(rng: Rng, costCents: number): number {
  const raw = (costCents * rng.float(1.6, 3.2)) / 100;
  return Math.ceil(raw) * 100 - 1;
}

export function buildItems(rng: Rng, timeline: Timeline): ItemSeed[] {
  const names = new Set<string>();
  // Popularity follows a Zipf-like curve over a random ranking: a few SKUs sell fast.
  const ranks = rng.shuffle(Array.from({ length: SKU_COUNT }, (_, i) => i));
  const items: ItemSeed[] = [];
  for (let i = 0; i < SKU_COUNT; i++) {
    const { name, cost } = productName(rng, names);
    const unitCost = clamp(Math.round(rng.float(cost[0], cost[1]) * 100), 200, 8_000);
    items.push({
      sku: `SKU-${String(i + 1).padStart(4, '0')}`,
      productName: name,
      unitCost,
      unitPrice: retailPrice(rng, unitCost),
      leadTimeDays: rng.int(5, 45),
      popularity: 1 / Math.pow(at(ranks, i) + 1, 0.75),
      availableFrom: 0,
      availableUntil: ORDER_DAYS - 1,
      createdAt: timeline.accountStart + rng.int(0, 19) * DAY_MS + rng.int(9, 17) * HOUR_MS,
      currentStock: 0,
    });
  }
  // A few recent launches (sales accelerate) and a few discontinued lines (no recent sales).
  for (const item of items.slice(-4)) {
    item.availableFrom = rng.int(ORDER_DAYS - 60, ORDER_DAYS - 25);
    item.createdAt = timeline.orderStart + (item.availableFrom - 3) * DAY_MS + 10 * HOUR_MS;
    item.popularity *= 4;
  }
  for (const item of items.slice(-7, -4)) item.availableUntil = rng.int(ORDER_DAYS - 110, ORDER_DAYS - 45);
  return items;
}

type StockClass = 'critical' | 'low' | 'ok' | 'overstocked';

/** Days of stock to hold for a class, at the item's recent sales rate. */
function stockDays(rng: Rng, cls: StockClass, leadTimeDays: number): number {
  switch (cls) {
    case 'critical':
      return rng.float(0.3, 3);
    case 'low':
      return rng.float(4, 9);
    case 'ok':
      return rng.float(Math.max(45, leadTimeDays * 1.5), 130);
    case 'overstocked':
      return rng.float(170, 420);
  }
}

/**
 * Sets current stock from each item's last-30-day sales, so the velocity job finds a mix:
 * a few critical or low items (including two best sellers), most ok, some overstocked.
 */
export function stockItems(rng: Rng, items: ItemSeed[], orders: readonly OrderSeed[], timeline: Timeline): void {
  const recentUnits = new Array<number>(items.length).fill(0);
  const since = timeline.asOf - 30 * DAY_MS;
  for (const order of orders) {
    if (order.placedAt < since) continue;
    for (const line of order.lines) recentUnits[line.item] = at(recentUnits, line.item) + line.quantity;
  }
  const byVelocity = items.map((_, i) => i).sort((a, b) => at(recentUnits, b) - at(recentUnits, a) || a - b);
  byVelocity.forEach((i, rank) => {
    const item = at(items, i);
    const perDay = at(recentUnits, i) / 30;
    if (perDay === 0) {
      item.currentStock = rng.int(8, 120);
      return;
    }
    const cls: StockClass = rank === 1 ? 'critical' : rank === 3 ? 'low' : rng.weighted<StockClass>(['critical', 'low', 'ok', 'overstocked'], [6, 9, 70, 15]);
    item.currentStock = Math.round(perDay * stockDays(rng, cls, item.leadTimeDays));
  });
}

// ---------------------------------------------------------------------------------------------
// Orders

interface OrderLine {
  item: number;
  quantity: number;
}

export interface OrderSeed {
  externalId: string;
  customer: number;
  source: CommerceSource;
  status: OrderStatus;
  placedAt: number;
  lines: OrderLine[];
  // All amounts in cents.
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  refunded: number;
  fees: number;
  shippingCost: number;
}

const TAX_RATE = 0.08;
const SHIPPING_PRICES = [499, 599, 699, 799, 999, 1_299, 1_499];

function pickLines(rng: Rng, items: readonly ItemSeed[], table: WeightedTable<number>, day: number): OrderLine[] {
  const wanted = rng.weighted([1, 2, 3, 4], [55, 28, 12, 5]);
  const lines: OrderLine[] = [];
  const chosen = new Set<number>();
  for (let tries = 0; lines.length < wanted && tries < 40; tries++) {
    const i = table.sampleIndex(rng);
    const item = at(items, i);
    if (chosen.has(i) || day < item.availableFrom || day > item.availableUntil) continue;
    chosen.add(i);
    lines.push({ item: i, quantity: rng.weighted([1, 2, 3], [72, 21, 7]) });
  }
  if (lines.length === 0) lines.push({ item: 0, quantity: 1 }); // item 0 is always on sale
  return lines;
}

function discountCents(rng: Rng, subtotal: number, promoDay: boolean): number {
  if (!rng.chance(promoDay ? 0.7 : 0.125)) return 0;
  if (promoDay) return Math.round(subtotal * rng.pick([0.2, 0.25, 0.3]));
  const code = rng.pick(['pct10', 'pct15', 'pct20', 'off5', 'off10'] as const);
  const amount = code === 'off5' ? 500 : code === 'off10' ? 1_000 : Math.round((subtotal * Number(code.slice(3))) / 100);
  return Math.min(amount, subtotal);
}

function priceOrder(rng: Rng, order: OrderSeed, items: readonly ItemSeed[], promoDay: boolean): void {
  const units = order.lines.reduce((s, l) => s + l.quantity, 0);
  order.subtotal = order.lines.reduce((s, l) => s + l.quantity * at(items, l.item).unitPrice, 0);
  order.discount = discountCents(rng, order.subtotal, promoDay);
  const freeShipping = order.subtotal >= 7_500 ? rng.chance(0.85) : rng.chance(0.3);
  order.shipping = freeShipping ? 0 : rng.pick(SHIPPING_PRICES);
  order.tax = Math.round((order.subtotal - order.discount) * TAX_RATE);
  order.total = order.subtotal - order.discount + order.shipping + order.tax;
  order.fees = Math.round(order.total * 0.029 + 30);
  order.shippingCost = clamp(Math.round((250 + units * 130) * rng.noise(0.25)), 300, 1_200);
  const r = rng.next();
  if (r < 0.04) {
    order.status = 'refunded';
    order.refunded = order.total;
  } else if (r < 0.06) {
    order.status = 'partially_refunded';
    order.refunded = clamp(Math.round(order.total * rng.float(0.15, 0.6)), 1, order.total - 1);
  }
}

export function buildOrders(rng: Rng, timeline: Timeline, calendar: Calendar, customers: readonly CustomerSeed[], items: readonly ItemSeed[]): OrderSeed[] {
  const times = orderTimes(rng.fork('times'), timeline, dailyOrderCounts(rng.fork('counts'), calendar));
  const buyers = assignBuyers(rng.fork('buyers'), customers, times);
  const table = new WeightedTable(
    items.map((_, i) => i),
    items.map((item) => item.popularity),
  );
  const lineRng = rng.fork('lines');
  return times.map((placedAt, n) => {
    const customer = at(buyers, n);
    const day = dayIndex(timeline, placedAt);
    const order: OrderSeed = {
      externalId: `SO-${100_001 + n}`,
      customer,
      source: at(customers, customer).source,
      status: 'paid',
      placedAt,
      lines: pickLines(lineRng, items, table, day),
      subtotal: 0,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 0,
      refunded: 0,
      fees: 0,
      shippingCost: 0,
    };
    priceOrder(lineRng, order, items, at(calendar.promo, day) > 1);
    return order;
  });
}
