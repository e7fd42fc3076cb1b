// The demo account: a store with 400 days of believable history (customers, products, orders,
// ad spend, expenses, integrations, an AI credit ledger and alert rules), so that every screen
// and job of the service has something to show.
//
// Two promises:
// - Deterministic. All randomness comes from a fixed-seed PRNG, and every timestamp is placed
//   relative to the start of the UTC day of `now`, so seeding on the same day gives the same rows.
// - Idempotent and atomic. Everything is written in one transaction that first checks whether
//   the account exists; a second run writes nothing and a failed run leaves nothing behind.
//
// The data is generated in memory first (pure functions below), then written in a handful of
// multi-row statements. Columns that jobs compute (customer metrics, inventory velocity) are left
// at their defaults.
import type { Prisma, PrismaClient } from '../../db/client.ts';
import type { AdPlatform, CommerceSource, IntegrationStatus, OrderStatus, TransactionKind } from '../../db/__generated__/prisma/enums.ts';
import {
  CAMPAIGNS,
  COUNTRIES,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  MONTHLY_EXPENSES,
  OCCASIONAL_EXPENSES,
  PRODUCT_ADJECTIVES,
  PRODUCT_KINDS,
  type CountryInfo,
} from './catalog.ts';
import { DynamicWeights, Rng, WeightedTable } from './rng.ts';

export const DEMO_ACCOUNT_ID = 'acc_demo';

/** Changing the seed changes every generated row; bump the version suffix deliberately. */
const SEED = 'commerce-analytics-demo/v1';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const ORDER_DAYS = 400;
const CUSTOMER_DAYS = 420;
const CUSTOMER_COUNT = 2_400;
const ORDER_COUNT = 20_000;
const SKU_COUNT = 150;
/**
 * Rows per INSERT. Keeps every statement bounded; for a Prisma createMany (one bind parameter
 * per value) 2,000 rows x 16 columns also stays well under PostgreSQL's 65,535 parameters.
 */
const BATCH_ROWS = 2_000;

const TABLES = [
  'accounts',
  'customers',
  'inventoryItems',
  'orders',
  'orderItems',
  'adSpend',
  'expenses',
  'integrations',
  'creditTransactions',
  'creditBalances',
  'aiAccess',
  'aiUsage',
  'alertRules',
] as const;
type TableName = (typeof TABLES)[number];
type Counts = Record<TableName, number>;

export interface SeedResult {
  accountId: string;
  created: boolean;
  counts: Record<string, number>;
}

type Tx = Prisma.TransactionClient;

// ---------------------------------------------------------------------------------------------
// Entry point

export async function seedDemoAccount(prisma: PrismaClient, options: { now?: Date } = {}): Promise<SeedResult> {
  const timeline = makeTimeline(options.now ?? new Date());
  try {
    return await prisma.$transaction(
      async (tx) => {
        const existing = await tx.account.findUnique({ where: { id: DEMO_ACCOUNT_ID }, select: { id: true } });
        if (existing) return notCreated();
        const demo = generateDemo(timeline);
        const counts = await writeDemo(tx, demo);
        return { accountId: DEMO_ACCOUNT_ID, created: true, counts };
      },
      { timeout: 120_000, maxWait: 10_000 },
    );
  } catch (error) {
    // Two seeds racing: the loser's insert of the account fails once the winner commits. The
    // demo exists, which is what the caller wanted.
    const exists = await prisma.account.findUnique({ where: { id: DEMO_ACCOUNT_ID }, select: { id: true } }).catch(() => null);
    if (exists) return notCreated();
    throw error;
  }
}

function notCreated(): SeedResult {
  return { accountId: DEMO_ACCOUNT_ID, created: false, counts: zeroCounts() };
}

function zeroCounts(): Counts {
  return Object.fromEntries(TABLES.map((table) => [table, 0])) as Counts;
}

// ---------------------------------------------------------------------------------------------
// Time

/**
 * Every generated timestamp is relative to `asOf`, the UTC midnight of the seeding day; none is
 * later than asOf - 1h, so none is in the future whatever the time of day.
 */
interface Timeline {
  asOf: number;
  /** Midnight of the first of the ORDER_DAYS days that have orders and ad spend. */
  orderStart: number;
  /** When the demo store opened its account (first customers, credit grant). */
  accountStart: number;
  /** Latest instant any generated event may have. */
  latest: number;
}

function makeTimeline(now: Date): Timeline {
  const asOf = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    asOf,
    orderStart: asOf - ORDER_DAYS * DAY_MS,
    accountStart: asOf - CUSTOMER_DAYS * DAY_MS,
    latest: asOf - HOUR_MS,
  };
}

/** Index (0..ORDER_DAYS-1) of the order day that contains t. */
function dayIndex(timeline: Timeline, t: number): number {
  return Math.floor((t - timeline.orderStart) / DAY_MS);
}

// ---------------------------------------------------------------------------------------------
// Small helpers

/** Array access that fails loudly instead of yielding undefined. */
function at<T>(items: readonly T[], index: number): T {
  const value = items[index];
  if (value === undefined) throw new Error(`index ${index} out of range (length ${items.length})`);
  return value;
}

/** Integer cents as a decimal string ("1234" cents -> "12.34"), for Decimal columns. */
function money(cents: number): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  return `${rounded < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function chunks<T>(rows: readonly T[], size = BATCH_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Plain ASCII for email local parts: "José O'Brien" -> "jose", "obrien". */
function emailPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

// ---------------------------------------------------------------------------------------------
// Demand calendar: how many orders each day gets

interface Calendar {
  /** Smooth demand per day: growth (+60% over the window) and weekends (+25%). */
  base: number[];
  /** Promotion multiplier per day (1 on ordinary days). */
  promo: number[];
}

/** The Friday after the fourth Thursday of November (UTC midnight). */
function blackFriday(year: number): number {
  const nov1Weekday = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const firstThursday = 1 + ((4 - nov1Weekday + 7) % 7);
  return Date.UTC(year, 10, firstThursday + 22);
}

function buildCalendar(timeline: Timeline): Calendar {
  const base: number[] = [];
  const promo: number[] = new Array<number>(ORDER_DAYS).fill(1);
  for (let d = 0; d < ORDER_DAYS; d++) {
    const weekday = new Date(timeline.orderStart + d * DAY_MS).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 1.25 : 1;
    base.push((1 + (0.6 * d) / (ORDER_DAYS - 1)) * weekend);
  }
  // Black Friday weekend through Cyber Monday: the latest one whose four days are in the window
  // (a 400-day window always holds one).
  const year = new Date(timeline.asOf).getUTCFullYear();
  const bfDay = [year, year - 1, year - 2]
    .map((y) => dayIndex(timeline, blackFriday(y)))
    .find((d) => d >= 0 && d + 3 < ORDER_DAYS);
  if (bfDay === undefined) throw new Error('no Black Friday in the order window');
  [3.2, 2.2, 1.9, 2.8].forEach((m, i) => (promo[bfDay + i] = m));
  // A two-day anniversary sale, about five months away from Black Friday.
  const saleDay = bfDay >= 200 ? bfDay - 150 : bfDay + 150;
  [2.5, 1.7].forEach((m, i) => (promo[saleDay + i] = m));
  return { base, promo };
}

/** Splits ORDER_COUNT over the days in proportion to demand (with daily noise), exactly. */
function dailyOrderCounts(rng: Rng, calendar: Calendar): number[] {
  const weights = calendar.base.map((b, d) => b * at(calendar.promo, d) * rng.noise(0.12));
  const total = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (w / total) * ORDER_COUNT);
  const counts = exact.map(Math.floor);
  // Largest remainders get the orders that flooring left over.
  const leftover = ORDER_COUNT - counts.reduce((s, c) => s + c, 0);
  const byRemainder = exact.map((x, d) => ({ d, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.d - b.d);
  for (let i = 0; i < leftover; i++) {
    const d = at(byRemainder, i).d;
    counts[d] = at(counts, d) + 1;
  }
  return counts;
}

/** Orders per hour of the day in the store's time zone (New York): quiet nights, busy evenings. */
const LOCAL_HOUR_WEIGHTS = [
  0.35, 0.2, 0.12, 0.08, 0.07, 0.1, 0.25, 0.5, 0.8, 1.0, 1.1, 1.2,
  1.35, 1.3, 1.15, 1.1, 1.15, 1.25, 1.45, 1.7, 1.85, 1.75, 1.3, 0.75,
];
/** New York is UTC-5 in winter (summer time is ignored: only the shape of the day matters). */
const STORE_UTC_OFFSET_HOURS = -5;

/** Timestamps (ms, ascending) of all orders. */
function orderTimes(rng: Rng, timeline: Timeline, counts: readonly number[]): number[] {
  const utcHours = Array.from({ length: 24 }, (_, h) => h);
  const hourTable = new WeightedTable(
    utcHours,
    utcHours.map((h) => at(LOCAL_HOUR_WEIGHTS, (h + STORE_UTC_OFFSET_HOURS + 24) % 24)),
  );
  const times: number[] = [];
  counts.forEach((count, d) => {
    const dayStart = timeline.orderStart + d * DAY_MS;
    for (let k = 0; k < count; k++) {
      let hour = hourTable.sample(rng);
      // On the last day, keep the whole hour before timeline.latest (redraw the late hours).
      while (dayStart + (hour + 1) * HOUR_MS > timeline.latest) hour = hourTable.sample(rng);
      times.push(dayStart + hour * HOUR_MS + rng.int(0, 3_599) * 1_000);
    }
  });
  return times.sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------
// Customers

const SOURCES: ReadonlyArray<{ source: CommerceSource; db: string; store: string; weight: number; countries: ReadonlyArray<readonly [string, number]> }> = [
  { source: 'shopify', db: 'shopify', store: 'demo-store', weight: 55, countries: [['US', 72], ['CA', 12], ['GB', 9], ['AU', 4], ['DE', 3]] },
  { source: 'woo_commerce', db: 'woo-commerce', store: 'demo-woo', weight: 30, countries: [['US', 58], ['GB', 14], ['CA', 10], ['ES', 10], ['DE', 8]] },
  { source: 'mercado_libre', db: 'mercado-libre', store: 'demo-meli', weight: 15, countries: [['MX', 32], ['AR', 24], ['BR', 24], ['CL', 12], ['CO', 8]] },
];

/** CommerceSource values as the database spells them (raw inserts bypass Prisma's enum mapping). */
const SOURCE_DB: Record<CommerceSource, string> = Object.fromEntries(SOURCES.map((s) => [s.source, s.db])) as Record<CommerceSource, string>;

interface CustomerSeed {
  email: string;
  name: string;
  phone: string | null;
  source: CommerceSource;
  externalId: string;
  city: string;
  country: string;
  createdAt: number;
  /** Relative purchase frequency once the customer has bought (Pareto: a few buy a lot). */
  weight: number;
  /** Some people sign up and never buy. */
  willBuy: boolean;
  /** When the customer stops buying (Infinity for those who stay). */
  churnAt: number;
}

/** Sign-up instant: spread over CUSTOMER_DAYS, a little denser recently (the store grows). */
function signupTime(rng: Rng, timeline: Timeline): number {
  // Inverse of the CDF of a linear density 1 + g*x on [0, 1].
  const g = 0.5;
  const x = (-1 + Math.sqrt(1 + 2 * g * rng.next() * (1 + g / 2))) / g;
  const span = timeline.latest - HOUR_MS - timeline.accountStart;
  return timeline.accountStart + Math.floor(x * span / 1_000) * 1_000;
}

function uniqueEmail(rng: Rng, first: string, last: string, taken: Set<string>): string {
  const f = emailPart(first);
  const l = emailPart(last);
  const domain = rng.weighted(EMAIL_DOMAINS.map(([d]) => d), EMAIL_DOMAINS.map(([, w]) => w));
  const styles = [`${f}.${l}`, `${f}${l}`, `${f.charAt(0)}${l}`, `${f}_${l}${rng.int(70, 99)}`, `${f}${l.charAt(0)}${rng.int(1, 999)}`];
  let local = rng.pick(styles);
  for (let n = 2; taken.has(`${local}@${domain}`); n++) local = `${rng.pick(styles)}${n}`;
  const email = `${local}@${domain}`;
  taken.add(email);
  return email;
}

function phoneFor(rng: Rng, country: string): string | null {
  if (!rng.chance(0.6)) return null;
  // 555-01xx numbers are reserved for fiction in North America; other countries get none.
  if (country !== 'US' && country !== 'CA') return null;
  return `+1-${rng.int(201, 989)}-555-01${String(rng.int(0, 99)).padStart(2, '0')}`;
}

function buildCustomers(rng: Rng, timeline: Timeline): CustomerSeed[] {
  const taken = new Set<string>();
  const customers: CustomerSeed[] = [];
  for (let i = 0; i < CUSTOMER_COUNT; i++) {
    const src = rng.weighted(SOURCES, SOURCES.map((s) => s.weight));
    const countryCode = rng.weighted(src.countries.map(([c]) => c), src.countries.map(([, w]) => w));
    const country: CountryInfo = COUNTRIES[countryCode] ?? at(Object.values(COUNTRIES), 0);
    const region = rng.weighted(country.names.map(([r]) => r), country.names.map(([, w]) => w));
    const first = rng.pick(FIRST_NAMES[region]);
    const last = rng.pick(LAST_NAMES[region]);
    const email = uniqueEmail(rng, first, last, taken);
    const createdAt = signupTime(rng, timeline);
    customers.push({
      email,
      name: `${first} ${last}`,
      phone: phoneFor(rng, country.code),
      source: src.source,
      externalId: `${src.db}:${src.store}:${email}`,
      city: rng.pick(country.cities),
      country: country.code,
      createdAt,
      weight: Math.min(1_200, Math.round(rng.pareto(1.4) * 100)),
      willBuy: rng.chance(0.92),
      churnAt: rng.chance(0.4) ? createdAt + 20 * DAY_MS + Math.round(rng.exponential(110 * DAY_MS)) : Infinity,
    });
  }
  // Index order = sign-up order, which assignBuyers relies on.
  return customers.sort((a, b) => a.createdAt - b.createdAt || (a.email < b.email ? -1 : 1));
}

/** Share of orders that go to a waiting new customer (their first purchase) when there is one. */
const FIRST_PURCHASE_SHARE = 0.5;

/**
 * Picks the customer of each order (times ascending). New sign-ups make their first purchase
 * soon after signing up; afterwards they join the pool of repeat buyers, drawn by their Pareto
 * weight until they churn. Nobody orders before signing up.
 */
function assignBuyers(rng: Rng, customers: readonly CustomerSeed[], times: readonly number[]): number[] {
  const active = new DynamicWeights(customers.length);
  const churnOrder = customers
    .map((c, i) => ({ i, t: c.churnAt }))
    .filter((c) => Number.isFinite(c.t))
    .sort((a, b) => a.t - b.t || a.i - b.i);
  const churned = new Uint8Array(customers.length);
  const waiting: number[] = [];
  let waitingHead = 0;
  let signedUp = 0;
  let churnPos = 0;
  const buyers: number[] = [];
  for (const t of times) {
    for (; signedUp < customers.length && at(customers, signedUp).createdAt <= t; signedUp++) {
      if (at(customers, signedUp).willBuy) waiting.push(signedUp);
    }
    for (; churnPos < churnOrder.length && at(churnOrder, churnPos).t <= t; churnPos++) {
      const i = at(churnOrder, churnPos).i;
      churned[i] = 1;
      active.set(i, 0);
    }
    let buyer: number;
    if (waitingHead < waiting.length && (active.total === 0 || rng.chance(FIRST_PURCHASE_SHARE))) {
      buyer = at(waiting, waitingHead++);
      if (!churned[buyer]) active.set(buyer, Math.max(1, at(customers, buyer).weight));
    } else if (active.total > 0) {
      buyer = active.sampleIndex(rng);
    } else {
      // Nobody can buy yet (cannot happen with 20 days of sign-ups before the first order).
      buyer = rng.int(0, Math.max(0, signedUp - 1));
    }
    buyers.push(buyer);
  }
  return buyers;
}

// ---------------------------------------------------------------------------------------------
// Products

interface ItemSeed {
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

function buildItems(rng: Rng, timeline: Timeline): ItemSeed[] {
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
function stockItems(rng: Rng, items: ItemSeed[], orders: readonly OrderSeed[], timeline: Timeline): void {
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
    const cls: StockClass =
      rank === 1 ? 'critical' : rank === 3 ? 'low' : rng.weighted<StockClass>(['critical', 'low', 'ok', 'overstocked'], [6, 9, 70, 15]);
    item.currentStock = Math.round(perDay * stockDays(rng, cls, item.leadTimeDays));
  });
}

// ---------------------------------------------------------------------------------------------
// Orders

interface OrderLine {
  item: number;
  quantity: number;
}

interface OrderSeed {
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
  const amount = code === 'off5' ? 500 : code === 'off10' ? 1_000 : Math.round(subtotal * Number(code.slice(3)) / 100);
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

function buildOrders(
  rng: Rng,
  timeline: Timeline,
  calendar: Calendar,
  customers: readonly CustomerSeed[],
  items: readonly ItemSeed[],
): OrderSeed[] {
  const times = orderTimes(rng.fork('times'), timeline, dailyOrderCounts(rng.fork('counts'), calendar));
  const buyers = assignBuyers(rng.fork('buyers'), customers, times);
  const table = new WeightedTable(items.map((_, i) => i), items.map((item) => item.popularity));
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

// ---------------------------------------------------------------------------------------------
// Ad spend and expenses

/** Revenue per conversion the ad platforms report; sets cost per click so that CTR and conversion rates stay consistent. */
const AD_ORDER_VALUE = 150;

/** AdPlatform values as the database spells them (raw inserts bypass Prisma's enum mapping). */
const PLATFORM_DB: Record<AdPlatform, string> = { meta_ads: 'meta-ads', google_ads: 'google-ads' };

interface AdSpendSeed {
  date: number;
  platform: AdPlatform;
  campaignId: string;
  campaignName: string;
  spend: number; // cents
  revenue: number; // cents
  clicks: number;
  impressions: number;
  conversions: number;
}

function buildAdSpend(rng: Rng, timeline: Timeline, calendar: Calendar): AdSpendSeed[] {
  const rows: AdSpendSeed[] = [];
  for (let d = 0; d < ORDER_DAYS; d++) {
    const promo = at(calendar.promo, d);
    // Budgets are raised on promotion days, and those days convert a little better.
    const budgetBoost = 1 + (promo - 1) * 0.6;
    for (const c of CAMPAIGNS) {
      const spend = clamp(c.baseSpend * at(calendar.base, d) * budgetBoost * rng.noise(0.15), 20, 400);
      const roas = c.roas * rng.noise(0.2) * (promo > 1 ? 1.15 : 1);
      const revenue = spend * roas;
      const costPerClick = ((AD_ORDER_VALUE * c.conversionRate) / c.roas) * rng.noise(0.1);
      const clicks = Math.max(1, Math.round(spend / costPerClick));
      rows.push({
        date: timeline.orderStart + d * DAY_MS,
        platform: c.platform,
        campaignId: c.campaignId,
        campaignName: c.campaignName,
        spend: Math.round(spend * 100),
        revenue: Math.round(revenue * 100),
        clicks,
        impressions: Math.round(clicks / (c.ctr * rng.noise(0.1))),
        conversions: Math.max(1, Math.round(revenue / (AD_ORDER_VALUE * rng.noise(0.15)))),
      });
    }
  }
  return rows;
}

function buildExpenses(rng: Rng, timeline: Timeline): Prisma.ExpenseCreateManyInput[] {
  const rows: Prisma.ExpenseCreateManyInput[] = [];
  // Fixed costs on the 1st of each month inside the order window.
  const start = new Date(timeline.orderStart);
  for (let m = 0; ; m++) {
    const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1);
    if (first >= timeline.asOf) break;
    if (first < timeline.orderStart) continue;
    for (const e of MONTHLY_EXPENSES) {
      rows.push({ accountId: DEMO_ACCOUNT_ID, date: new Date(first), category: e.category, description: e.description, amount: money(e.amount * 100), createdAt: new Date(first + 9 * HOUR_MS) });
    }
  }
  // About forty one-off costs on random days.
  const count = rng.int(38, 42);
  const weights = OCCASIONAL_EXPENSES.map((e) => e.weight);
  for (let i = 0; i < count; i++) {
    const e = rng.weighted(OCCASIONAL_EXPENSES, weights);
    const date = timeline.orderStart + rng.int(0, ORDER_DAYS - 1) * DAY_MS;
    rows.push({
      accountId: DEMO_ACCOUNT_ID,
      date: new Date(date),
      category: e.category,
      description: rng.pick(e.descriptions),
      amount: money(rng.int(e.amount[0] * 100, e.amount[1] * 100)),
      createdAt: new Date(date + rng.int(8, 20) * HOUR_MS),
    });
  }
  return rows.sort((a, b) => (a.date as Date).getTime() - (b.date as Date).getTime());
}

// ---------------------------------------------------------------------------------------------
// Integrations

function buildIntegrations(rng: Rng, timeline: Timeline): Prisma.IntegrationCreateManyInput[] {
  const { asOf, accountStart } = timeline;
  const specs: Array<{
    provider: string;
    shop: string;
    scopes: string[];
    status: IntegrationStatus;
    connectedAt: number;
    lastSyncAt: number | null;
    revokedAt?: number;
    revokeReason?: string;
  }> = [
    { provider: 'shopify', shop: 'demo-store.myshopify.com', scopes: ['read_orders', 'read_customers', 'read_products', 'read_inventory'], status: 'connected', connectedAt: accountStart + HOUR_MS, lastSyncAt: asOf - 12 * MINUTE_MS },
    { provider: 'woo-commerce', shop: 'shop.demo-woo.com', scopes: ['read'], status: 'stale', connectedAt: accountStart + 3 * DAY_MS, lastSyncAt: asOf - 3 * DAY_MS },
    { provider: 'mercado-libre', shop: 'demo-meli', scopes: ['read', 'offline_access'], status: 'connected', connectedAt: accountStart + 9 * DAY_MS, lastSyncAt: asOf - 40 * MINUTE_MS },
    { provider: 'meta-ads', shop: 'act_1029384756', scopes: ['ads_read', 'read_insights'], status: 'never_synced', connectedAt: asOf - 2 * HOUR_MS, lastSyncAt: null },
    {
      provider: 'google-ads',
      shop: '123-456-7890',
      scopes: ['https://www.googleapis.com/auth/adwords'],
      status: 'revoked',
      connectedAt: accountStart + 14 * DAY_MS,
      lastSyncAt: asOf - 5 * DAY_MS - 2 * HOUR_MS,
      revokedAt: asOf - 5 * DAY_MS,
      revokeReason: 'app_uninstalled',
    },
    { provider: 'stripe', shop: 'acct_demo', scopes: ['read_only'], status: 'connected', connectedAt: accountStart + DAY_MS, lastSyncAt: asOf - 5 * MINUTE_MS },
  ];
  return specs.map((s) => ({
    accountId: DEMO_ACCOUNT_ID,
    provider: s.provider,
    shop: s.shop,
    scopes: s.scopes,
    status: s.status,
    tokenType: 'oauth',
    tokenLast4: rng.token(4),
    connectedAt: new Date(s.connectedAt),
    lastSyncAt: s.lastSyncAt === null ? null : new Date(s.lastSyncAt),
    revokedAt: s.revokedAt === undefined ? null : new Date(s.revokedAt),
    revokeReason: s.revokeReason ?? null,
    createdAt: new Date(s.connectedAt),
    updatedAt: new Date(Math.max(s.connectedAt, s.lastSyncAt ?? 0, s.revokedAt ?? 0)),
  }));
}

// ---------------------------------------------------------------------------------------------
// AI credits: an append-only ledger, its balance, and the AI calls that consumed credits

const AUTO_TOPUP = { enabled: true, threshold: 100, amount: 500 };

const AI_FEATURES: ReadonlyArray<{ feature: string; credits: number; weight: number; tokensIn: readonly [number, number]; tokensOut: readonly [number, number] }> = [
  { feature: 'ai_insight', credits: 5, weight: 40, tokensIn: [800, 1_800], tokensOut: [200, 500] },
  { feature: 'daily_brief', credits: 10, weight: 30, tokensIn: [1_500, 3_000], tokensOut: [300, 700] },
  { feature: 'forecast', credits: 20, weight: 20, tokensIn: [2_000, 4_000], tokensOut: [400, 900] },
  { feature: 'creative_analysis', credits: 50, weight: 10, tokensIn: [4_000, 8_000], tokensOut: [800, 1_500] },
];

interface LedgerEntry {
  kind: TransactionKind;
  feature: string;
  amount: number;
  balanceAfter: number;
  meta: Prisma.InputJsonObject;
  at: number;
  /** For a refund: the consume it gives back. */
  refundOf?: LedgerEntry;
}

interface CreditPlan {
  entries: LedgerEntry[];
  usage: Prisma.AiUsageCreateManyInput[];
  balance: Prisma.CreditBalanceCreateManyInput;
}

function consumeEntries(rng: Rng, timeline: Timeline): LedgerEntry[] {
  const count = rng.int(20, 30);
  const entries: LedgerEntry[] = [];
  for (let i = 0; i < count; i++) {
    const f = rng.weighted(AI_FEATURES, AI_FEATURES.map((x) => x.weight));
    // Within the last 150 days, at whole seconds.
    const t = timeline.latest - Math.floor(rng.float(0, 150 * DAY_MS) / 1_000) * 1_000;
    const meta: Prisma.InputJsonObject = f.feature === 'creative_analysis' ? { campaign_id: rng.pick(CAMPAIGNS.filter((c) => c.platform === 'meta_ads')).campaignId } : {};
    entries.push({ kind: 'consume', feature: f.feature, amount: -f.credits, balanceAfter: 0, meta, at: t });
  }
  return entries.sort((a, b) => a.at - b.at);
}

/** Orders the entries by time (unique instants), adds automatic top-ups, and computes running balances. */
function settleLedger(entries: LedgerEntry[]): LedgerEntry[] {
  entries.sort((a, b) => a.at - b.at);
  for (let i = 1; i < entries.length; i++) {
    const prev = at(entries, i - 1);
    const cur = at(entries, i);
    if (cur.at <= prev.at) cur.at = prev.at + 1_000;
  }
  const settled: LedgerEntry[] = [];
  let balance = 0;
  for (const entry of entries) {
    balance += entry.amount;
    entry.balanceAfter = balance;
    settled.push(entry);
    if (entry.kind === 'consume' && AUTO_TOPUP.enabled && balance < AUTO_TOPUP.threshold) {
      balance += AUTO_TOPUP.amount;
      settled.push({ kind: 'auto_topup', feature: '', amount: AUTO_TOPUP.amount, balanceAfter: balance, meta: { trigger: 'threshold' }, at: entry.at + 500 });
    }
  }
  return settled;
}

function aiUsageFor(rng: Rng, entry: LedgerEntry): Prisma.AiUsageCreateManyInput {
  const f = AI_FEATURES.find((x) => x.feature === entry.feature) ?? at(AI_FEATURES, 0);
  const tokensIn = rng.int(f.tokensIn[0], f.tokensIn[1]);
  const tokensOut = rng.int(f.tokensOut[0], f.tokensOut[1]);
  return {
    accountId: DEMO_ACCOUNT_ID,
    feature: entry.feature,
    model: 'local-deterministic',
    tokensIn,
    tokensOut,
    costUsd: (tokensIn * 0.000_000_5 + tokensOut * 0.000_001_5).toFixed(6),
    credits: -entry.amount,
    createdAt: new Date(entry.at),
  };
}

function buildCredits(rng: Rng, timeline: Timeline): CreditPlan {
  const consumes = consumeEntries(rng, timeline);
  // One failed creative analysis gets its credits back; make sure there is one to refund.
  const refunded = consumes.find((e) => e.feature === 'creative_analysis') ?? at(consumes, Math.floor(consumes.length / 2));
  const purchaseAt = timeline.asOf - 96 * DAY_MS + rng.int(10, 18) * HOUR_MS;
  const entries = settleLedger([
    { kind: 'grant', feature: '', amount: 1_000, balanceAfter: 0, meta: { reason: 'welcome_grant' }, at: timeline.accountStart + 10 * MINUTE_MS },
    { kind: 'purchase', feature: '', amount: 500, balanceAfter: 0, meta: { checkout_session: `cs_demo_${rng.token(24)}` }, at: purchaseAt },
    ...consumes,
    { kind: 'refund', feature: refunded.feature, amount: -refunded.amount, balanceAfter: 0, meta: {}, at: refunded.at + 4 * MINUTE_MS, refundOf: refunded },
  ]);
  const last = at(entries, entries.length - 1);
  const sum = (kinds: TransactionKind[]) => entries.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + e.amount, 0);
  const topups = entries.filter((e) => e.kind === 'auto_topup');
  return {
    entries,
    usage: entries.filter((e) => e.kind === 'consume').map((e) => aiUsageFor(rng, e)),
    balance: {
      accountId: DEMO_ACCOUNT_ID,
      balance: last.balanceAfter,
      totalPurchased: sum(['grant', 'purchase', 'auto_topup']),
      totalSpent: -sum(['consume', 'refund']),
      autoTopupEnabled: AUTO_TOPUP.enabled,
      autoTopupThreshold: AUTO_TOPUP.threshold,
      autoTopupAmount: AUTO_TOPUP.amount,
      autoTopupLastChargedAt: topups.length ? new Date(at(topups, topups.length - 1).at) : null,
      updatedAt: new Date(last.at),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Alert rules

function buildAlertRules(timeline: Timeline): Prisma.AlertRuleCreateManyInput[] {
  const createdAt = new Date(timeline.asOf - 45 * DAY_MS);
  const rule = (name: string, metric: string, comparator: 'gt' | 'lt', threshold: number, severity: 'medium' | 'high') => ({
    accountId: DEMO_ACCOUNT_ID,
    name,
    metric,
    comparator,
    threshold: String(threshold),
    windowHours: 24,
    severity,
    createdAt,
  });
  return [
    rule('ROAS below 1.5', 'roas', 'lt', 1.5, 'high'),
    rule('Refunds above 500', 'refunds', 'gt', 500, 'medium'),
    rule('Daily revenue drop', 'revenue', 'lt', 1000, 'high'),
  ];
}

// ---------------------------------------------------------------------------------------------
// The whole demo, in memory

interface DemoData {
  timeline: Timeline;
  customers: CustomerSeed[];
  items: ItemSeed[];
  orders: OrderSeed[];
  adSpend: AdSpendSeed[];
  expenses: Prisma.ExpenseCreateManyInput[];
  integrations: Prisma.IntegrationCreateManyInput[];
  credits: CreditPlan;
  alertRules: Prisma.AlertRuleCreateManyInput[];
}

function generateDemo(timeline: Timeline): DemoData {
  const rng = new Rng(SEED);
  const calendar = buildCalendar(timeline);
  const customers = buildCustomers(rng.fork('customers'), timeline);
  const items = buildItems(rng.fork('items'), timeline);
  const orders = buildOrders(rng.fork('orders'), timeline, calendar, customers, items);
  stockItems(rng.fork('stock'), items, orders, timeline);
  return {
    timeline,
    customers,
    items,
    orders,
    adSpend: buildAdSpend(rng.fork('ads'), timeline, calendar),
    expenses: buildExpenses(rng.fork('expenses'), timeline),
    integrations: buildIntegrations(rng.fork('integrations'), timeline),
    credits: buildCredits(rng.fork('credits'), timeline),
    alertRules: buildAlertRules(timeline),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing
//
// Small tables go through Prisma's createMany. The four large ones (customers, orders, order
// items, ad spend: ~58,000 rows) go through one INSERT ... SELECT FROM unnest(<one array per
// column>) per batch: Prisma 7 compiles every createMany row in its query compiler, measured at
// about 0.7 ms per row on either database, which alone would take ~40 s here; the unnest form
// takes about 0.08 ms per row and binds one parameter per column instead of one per value.

async function writeDemo(tx: Tx, demo: DemoData): Promise<Counts> {
  const counts = zeroCounts();
  const { timeline } = demo;
  await tx.account.create({
    data: {
      id: DEMO_ACCOUNT_ID,
      name: 'Demo Store',
      plan: 'growth',
      currency: 'USD',
      timezone: 'America/New_York',
      isDemo: true,
      createdAt: new Date(timeline.accountStart),
      updatedAt: new Date(timeline.accountStart),
    },
  });
  counts.accounts = 1;
  const customerIds = await bulkInsertReturningIds(tx, 'customers', CUSTOMER_COLUMNS, demo.customers, (c) => c.externalId);
  counts.customers = customerIds.length;
  const itemIds = await insertItems(tx, demo.items);
  counts.inventoryItems = itemIds.length;
  const orderIds = await bulkInsertReturningIds(tx, 'orders', orderColumns(customerIds), demo.orders, (o) => o.externalId);
  counts.orders = orderIds.length;
  counts.orderItems = await bulkInsert(tx, 'order_items', ORDER_ITEM_COLUMNS, lineRows(demo, orderIds, itemIds));
  counts.adSpend = await bulkInsert(tx, 'ad_spend', AD_SPEND_COLUMNS, demo.adSpend);
  counts.expenses = (await tx.expense.createMany({ data: demo.expenses })).count;
  counts.integrations = (await tx.integration.createMany({ data: demo.integrations })).count;
  counts.creditTransactions = await insertLedger(tx, demo.credits.entries);
  await tx.creditBalance.create({ data: demo.credits.balance });
  counts.creditBalances = 1;
  counts.aiUsage = (await tx.aiUsage.createMany({ data: demo.credits.usage })).count;
  await tx.aiAccess.create({
    data: { accountId: DEMO_ACCOUNT_ID, state: 'enabled', autoPause: true, updatedAt: new Date(timeline.accountStart) },
  });
  counts.aiAccess = 1;
  counts.alertRules = (await tx.alertRule.createMany({ data: demo.alertRules })).count;
  return counts;
}

/**
 * One column of a bulk insert: its database name, the element type of its array parameter,
 * an optional cast to the column's own type (enums), and how to read the value from a row.
 */
interface BulkColumn<T> {
  column: string;
  type: 'text' | 'int4' | 'numeric' | 'timestamptz' | 'date';
  cast?: string;
  value: (row: T) => string | number | null;
}

/** Table and column names come only from the constants below; every value is a bind parameter. */
function bulkInsertSql<T>(table: string, columns: readonly BulkColumn<T>[], returning = ''): string {
  const names = columns.map((c) => `"${c.column}"`).join(', ');
  const values = columns.map((c, i) => `u.c${i}${c.cast ? `::${c.cast}` : ''}`).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  return `INSERT INTO "${table}" (${names}) SELECT ${values} FROM unnest(${arrays}) AS u(${aliases})${returning}`;
}

function columnArrays<T>(columns: readonly BulkColumn<T>[], rows: readonly T[]): Array<Array<string | number | null>> {
  return columns.map((c) => rows.map(c.value));
}

async function bulkInsert<T>(tx: Tx, table: string, columns: readonly BulkColumn<T>[], rows: readonly T[]): Promise<number> {
  const sql = bulkInsertSql(table, columns);
  let count = 0;
  for (const batch of chunks(rows)) count += await tx.$executeRawUnsafe(sql, ...columnArrays(columns, batch));
  return count;
}

/** Inserts and returns the new ids in the order of `rows`, matched through a unique external id. */
async function bulkInsertReturningIds<T>(
  tx: Tx,
  table: string,
  columns: readonly BulkColumn<T>[],
  rows: readonly T[],
  keyOf: (row: T) => string,
): Promise<number[]> {
  const sql = bulkInsertSql(table, columns, ' RETURNING "id", "external_id" AS "key"');
  const ids = new Map<string, number>();
  for (const batch of chunks(rows)) {
    const created = await tx.$queryRawUnsafe<Array<{ id: number; key: string }>>(sql, ...columnArrays(columns, batch));
    for (const { id, key } of created) ids.set(key, Number(id));
  }
  return rows.map((row) => {
    const id = ids.get(keyOf(row));
    if (id === undefined) throw new Error(`${table}: no id returned for ${keyOf(row)}`);
    return id;
  });
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => iso(ms).slice(0, 10);
const demoAccount = (): string => DEMO_ACCOUNT_ID;

const CUSTOMER_COLUMNS: ReadonlyArray<BulkColumn<CustomerSeed>> = [
  { column: 'account_id', type: 'text', value: demoAccount },
  { column: 'email', type: 'text', value: (c) => c.email },
  { column: 'name', type: 'text', value: (c) => c.name },
  { column: 'phone', type: 'text', value: (c) => c.phone },
  { column: 'source', type: 'text', cast: '"CommerceSource"', value: (c) => SOURCE_DB[c.source] },
  { column: 'external_id', type: 'text', value: (c) => c.externalId },
  { column: 'city', type: 'text', value: (c) => c.city },
  { column: 'country', type: 'text', value: (c) => c.country },
  { column: 'created_at', type: 'timestamptz', value: (c) => iso(c.createdAt) },
  { column: 'updated_at', type: 'timestamptz', value: (c) => iso(c.createdAt) },
];

function orderColumns(customerIds: readonly number[]): ReadonlyArray<BulkColumn<OrderSeed>> {
  return [
    { column: 'account_id', type: 'text', value: demoAccount },
    { column: 'customer_id', type: 'int4', value: (o) => at(customerIds, o.customer) },
    { column: 'source', type: 'text', cast: '"CommerceSource"', value: (o) => SOURCE_DB[o.source] },
    { column: 'external_id', type: 'text', value: (o) => o.externalId },
    { column: 'status', type: 'text', cast: '"OrderStatus"', value: (o) => o.status },
    { column: 'currency', type: 'text', value: () => 'USD' },
    { column: 'subtotal', type: 'numeric', value: (o) => money(o.subtotal) },
    { column: 'discount_amount', type: 'numeric', value: (o) => money(o.discount) },
    { column: 'shipping_amount', type: 'numeric', value: (o) => money(o.shipping) },
    { column: 'tax_amount', type: 'numeric', value: (o) => money(o.tax) },
    { column: 'total_amount', type: 'numeric', value: (o) => money(o.total) },
    { column: 'refunded_amount', type: 'numeric', value: (o) => money(o.refunded) },
    { column: 'fees_amount', type: 'numeric', value: (o) => money(o.fees) },
    { column: 'shipping_cost', type: 'numeric', value: (o) => money(o.shippingCost) },
    { column: 'placed_at', type: 'timestamptz', value: (o) => iso(o.placedAt) },
    { column: 'created_at', type: 'timestamptz', value: (o) => iso(o.placedAt) },
  ];
}

interface LineRow {
  orderId: number;
  item: ItemSeed;
  itemId: number;
  quantity: number;
}

/** Order lines with the database ids of their order and product. */
function lineRows(demo: DemoData, orderIds: readonly number[], itemIds: readonly number[]): LineRow[] {
  return demo.orders.flatMap((order, n) =>
    order.lines.map((line) => ({ orderId: at(orderIds, n), item: at(demo.items, line.item), itemId: at(itemIds, line.item), quantity: line.quantity })),
  );
}

const ORDER_ITEM_COLUMNS: ReadonlyArray<BulkColumn<LineRow>> = [
  { column: 'account_id', type: 'text', value: demoAccount },
  { column: 'order_id', type: 'int4', value: (l) => l.orderId },
  { column: 'inventory_item_id', type: 'int4', value: (l) => l.itemId },
  { column: 'sku', type: 'text', value: (l) => l.item.sku },
  { column: 'quantity', type: 'int4', value: (l) => l.quantity },
  // Prices are copied from the product at the time of the order.
  { column: 'unit_price', type: 'numeric', value: (l) => money(l.item.unitPrice) },
  { column: 'unit_cost', type: 'numeric', value: (l) => money(l.item.unitCost) },
];

const AD_SPEND_COLUMNS: ReadonlyArray<BulkColumn<AdSpendSeed>> = [
  { column: 'account_id', type: 'text', value: demoAccount },
  { column: 'date', type: 'date', value: (a) => isoDate(a.date) },
  { column: 'platform', type: 'text', cast: '"AdPlatform"', value: (a) => PLATFORM_DB[a.platform] },
  { column: 'campaign_id', type: 'text', value: (a) => a.campaignId },
  { column: 'campaign_name', type: 'text', value: (a) => a.campaignName },
  { column: 'spend', type: 'numeric', value: (a) => money(a.spend) },
  { column: 'attributed_revenue', type: 'numeric', value: (a) => money(a.revenue) },
  { column: 'clicks', type: 'int4', value: (a) => a.clicks },
  { column: 'impressions', type: 'int4', value: (a) => a.impressions },
  { column: 'conversions', type: 'int4', value: (a) => a.conversions },
];

async function insertItems(tx: Tx, items: readonly ItemSeed[]): Promise<number[]> {
  const created = await tx.inventoryItem.createManyAndReturn({
    data: items.map((item) => ({
      accountId: DEMO_ACCOUNT_ID,
      sku: item.sku,
      productName: item.productName,
      currentStock: item.currentStock,
      leadTimeDays: item.leadTimeDays,
      unitCost: money(item.unitCost),
      unitPrice: money(item.unitPrice),
      createdAt: new Date(item.createdAt),
      updatedAt: new Date(item.createdAt),
    })),
    select: { id: true, sku: true },
  });
  const bySku = new Map(created.map((r) => [r.sku, r.id]));
  return items.map((item) => {
    const id = bySku.get(item.sku);
    if (id === undefined) throw new Error(`inventory_items: no id returned for ${item.sku}`);
    return id;
  });
}

/**
 * The ledger is append-only, so rows go in final: a refund names its consume's id, which is only
 * known once that consume is written. Rows are written in runs that stop before such a refund.
 */
async function insertLedger(tx: Tx, entries: readonly LedgerEntry[]): Promise<number> {
  const ids = new Map<LedgerEntry, number>();
  const needsUnwrittenTarget = (e: LedgerEntry) => e.refundOf !== undefined && !ids.has(e.refundOf);
  let start = 0;
  while (start < entries.length) {
    let end = start + 1;
    while (end < entries.length && !needsUnwrittenTarget(at(entries, end))) end++;
    const run = entries.slice(start, end);
    const data: Prisma.CreditTransactionCreateManyInput[] = run.map((e) => {
      const refundOfId = e.refundOf ? (ids.get(e.refundOf) ?? null) : null;
      return {
        accountId: DEMO_ACCOUNT_ID,
        kind: e.kind,
        feature: e.feature,
        amount: e.amount,
        balanceAfter: e.balanceAfter,
        meta: refundOfId === null ? e.meta : { ...e.meta, refund_of: refundOfId },
        refundOfId,
        createdAt: new Date(e.at),
      };
    });
    const created = await tx.creditTransaction.createManyAndReturn({ data, select: { id: true, createdAt: true } });
    // Instants are unique in the ledger (settleLedger makes them so): match rows by time.
    const byTime = new Map(created.map((r) => [r.createdAt.getTime(), r.id]));
    for (const e of run) {
      const id = byTime.get(e.at);
      if (id === undefined) throw new Error('credit_transactions: id not returned');
      ids.set(e, id);
    }
    start = end;
  }
  return ids.size;
}
