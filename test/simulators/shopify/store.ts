// The Shopify simulator's data: one shop's customers, products (variants with cost and stock) and
// orders (lines, transactions with fees, refunds weeks later, cancellations, test orders, a
// presentment currency other than the shop's), generated from a seed, in the Admin GraphQL API's
// shapes. Money is kept in cents and rendered as Shopify's Decimal strings.
import { seeded } from '../../factories/random.ts';

export interface SimMoney {
  /** Cents in the shop's currency. */
  shop: number;
  /** Cents in the presentment currency. */
  presentment: number;
}

export interface SimLine {
  id: number;
  /** '' for a line without a SKU (Shopify's null). */
  sku: string;
  /** The variant sold; null for a custom line. */
  variantId?: number | null;
  name: string;
  quantity: number;
  unitPrice: SimMoney;
}

export interface SimTransaction {
  id: number;
  kind: 'SALE' | 'REFUND';
  status: 'SUCCESS';
  amount: SimMoney;
  fee: number;
  processedAt: Date;
}

export interface SimRefundLine {
  id: number;
  lineId: number;
  quantity: number;
  subtotal: SimMoney;
  tax: SimMoney;
  restock: boolean;
}

export interface SimRefund {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  amount: SimMoney;
  lines?: SimRefundLine[];
}

export interface SimOrder {
  id: number;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  processedAt: Date;
  cancelledAt: Date | null;
  test: boolean;
  presentmentCurrency: string;
  customerId: number | null;
  lines: SimLine[];
  shipping: SimMoney;
  tax: SimMoney;
  discount: SimMoney;
  transactions: SimTransaction[];
  refunds: SimRefund[];
}

export interface SimCustomer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  city: string;
  country: string;
  createdAt: Date;
  updatedAt: Date;
}

/** An inventory item's stock at one location (the item's id is its variant's here). */
export interface SimLevel {
  locationId: number;
  available: number;
  updatedAt: Date;
}

export interface SimVariant {
  id: number;
  productId: number;
  productTitle: string;
  title: string;
  sku: string;
  price: number;
  cost: number;
  /** The stock over all locations (inventoryQuantity): the sum of `levels`. */
  inventory: number;
  levels: SimLevel[];
  updatedAt: Date;
}

/** The shop's two locations: a warehouse and a store. */
export const LOCATIONS = [7001, 7002] as const;

/** A webhook subscription made through webhookSubscriptionCreate. */
export interface SimSubscription {
  id: string;
  topic: string;
  callbackUrl: string;
  format: string;
}

export interface SimStore {
  shop: string;
  subscriptions?: SimSubscription[];
  /** The next this many webhookSubscriptionCreate calls fail with a user error (Shopify's transient "try again"). */
  failWebhookCreates?: number;
  /**
   * Bulk results write the children of the Nth top-level record after record N + this many (0 or
   * absent: directly after their parent), as Shopify may: it promises only "after the parent".
   */
  bulkChildLag?: number;
  currency: string;
  customers: SimCustomer[];
  variants: SimVariant[];
  orders: SimOrder[];
  /** The next id of any object (Shopify ids are global per type; one counter is enough here). */
  nextId: number;
}

const DAY_MS = 86_400_000;
const RATE_EUR = 0.92;

export interface GenerateOptions {
  seed: number;
  orders: number;
  customers?: number;
  products?: number;
  /** The newest order's time (default now); orders spread over `days` before it. */
  now?: Date;
  days?: number;
}

export function generateStore(shop: string, options: GenerateOptions): SimStore {
  const rand = seeded(options.seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const now = options.now ?? new Date();
  const days = options.days ?? 365;
  const store: SimStore = { shop, currency: 'USD', customers: [], variants: [], orders: [], nextId: 1000 };
  const id = () => store.nextId++;
  const start = now.getTime() - days * DAY_MS;
  for (let i = 0; i < (options.customers ?? Math.max(5, Math.ceil(options.orders / 4))); i++) {
    const at = new Date(start + int(0, 10) * DAY_MS);
    store.customers.push({
      id: id(),
      email: `buyer${i}@example.com`,
      firstName: `Buyer`,
      lastName: `No${i}`,
      phone: i % 3 === 0 ? `+4930${100000 + i}` : null,
      city: ['Berlin', 'Lyon', 'Austin'][i % 3]!,
      country: ['DE', 'FR', 'US'][i % 3]!,
      createdAt: at,
      updatedAt: at,
    });
  }
  for (let p = 0; p < (options.products ?? 6); p++) {
    const productId = id();
    for (const size of ['S', 'L']) {
      const price = int(10, 80) * 100 + int(0, 1) * 50;
      const cost = Math.round(price * (0.3 + rand() * 0.3));
      const inventory = int(0, 400);
      // Two thirds in the warehouse, the rest in the store.
      const warehouse = Math.floor((inventory * 2) / 3);
      store.variants.push({
        id: id(),
        productId,
        productTitle: `Product ${p}`,
        title: size,
        sku: `SKU-${p}-${size}`,
        price,
        cost,
        inventory,
        levels: [
          { locationId: LOCATIONS[0], available: warehouse, updatedAt: new Date(start) },
          { locationId: LOCATIONS[1], available: inventory - warehouse, updatedAt: new Date(start) },
        ],
        updatedAt: new Date(start),
      });
    }
  }
  for (let i = 0; i < options.orders; i++) {
    const placed = new Date(start + Math.floor(((i + rand()) / options.orders) * days * DAY_MS));
    const eur = i % 7 === 3;
    const present = (cents: number): SimMoney => ({ shop: cents, presentment: eur ? Math.round(cents * RATE_EUR) : cents });
    const lines: SimLine[] = [];
    for (let l = 0; l < int(1, 3); l++) {
      const v = store.variants[int(0, store.variants.length - 1)]!;
      lines.push({ id: id(), sku: v.sku, variantId: v.id, name: `${v.productTitle} - ${v.title}`, quantity: int(1, 3), unitPrice: present(v.price) });
    }
    const subtotal = lines.reduce((s, l) => s + l.quantity * l.unitPrice.shop, 0);
    const discount = i % 5 === 0 ? Math.round(subtotal * 0.1) : 0;
    const shipping = int(0, 2) * 250;
    const tax = Math.round((subtotal - discount) * 0.07);
    const total = subtotal - discount + shipping + tax;
    const order: SimOrder = {
      id: id(),
      name: `#${1001 + i}`,
      createdAt: placed,
      updatedAt: placed,
      processedAt: placed,
      cancelledAt: null,
      test: i % 41 === 7,
      presentmentCurrency: eur ? 'EUR' : 'USD',
      customerId: i % 9 === 4 ? null : store.customers[int(0, store.customers.length - 1)]!.id,
      lines,
      shipping: present(shipping),
      tax: present(tax),
      discount: present(discount),
      transactions: [{ id: id(), kind: 'SALE', status: 'SUCCESS', amount: present(total), fee: Math.round(total * 0.029) + 30, processedAt: placed }],
      refunds: [],
    };
    if (i % 11 === 5 && placed.getTime() + 3 * DAY_MS < now.getTime()) {
      order.cancelledAt = new Date(placed.getTime() + DAY_MS);
      order.updatedAt = order.cancelledAt;
    } else if (i % 6 === 1) {
      // A refund some weeks later (never after now).
      const at = new Date(Math.min(now.getTime() - 60_000, placed.getTime() + int(1, 40) * DAY_MS));
      if (at > placed) addRefund(store, order, i % 12 === 1 ? total : Math.round(total * 0.3), at);
    }
    store.orders.push(order);
  }
  return store;
}

/** One location's stock of a variant changes upstream (what inventory_levels/update reports). */
export function setLevel(v: SimVariant, locationId: number, available: number, at: Date): SimLevel {
  let level = v.levels.find((l) => l.locationId === locationId);
  if (!level) v.levels.push((level = { locationId, available, updatedAt: at }));
  level.available = available;
  level.updatedAt = at;
  v.inventory = v.levels.reduce((s, l) => s + l.available, 0);
  return level;
}

/** A refund of `cents` (shop currency) at `at`: the order's updatedAt moves, as Shopify's does. */
export function addRefund(store: SimStore, order: SimOrder, cents: number, at: Date, lines?: Omit<SimRefundLine, 'id'>[]): SimRefund {
  const eur = order.presentmentCurrency === 'EUR';
  const amount = { shop: cents, presentment: eur ? Math.round(cents * RATE_EUR) : cents };
  const refund: SimRefund = { id: store.nextId++, createdAt: at, updatedAt: at, amount };
  if (lines) refund.lines = lines.map((l) => ({ id: store.nextId++, ...l }));
  order.refunds.push(refund);
  order.transactions.push({ id: store.nextId++, kind: 'REFUND', status: 'SUCCESS', amount, fee: 0, processedAt: at });
  order.updatedAt = at;
  return refund;
}

export const orderTotals = (o: SimOrder) => {
  const subtotal = o.lines.reduce((s, l) => s + l.quantity * l.unitPrice.shop, 0);
  const total = subtotal - o.discount.shop + o.shipping.shop + o.tax.shop;
  const refunded = o.refunds.reduce((s, r) => s + r.amount.shop, 0);
  const presentmentTotal =
    o.lines.reduce((s, l) => s + l.quantity * l.unitPrice.presentment, 0) - o.discount.presentment + o.shipping.presentment + o.tax.presentment;
  return { subtotal, total, refunded, presentmentTotal };
};

/** Cents as Shopify's Decimal string ("12.5", "3.0"). */
export const decimal = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const frac = abs % 100;
  return `${sign}${Math.floor(abs / 100)}.${frac % 10 === 0 ? String(frac / 10) : String(frac).padStart(2, '0')}`;
};

export const gid = (type: string, n: number) => `gid://shopify/${type}/${n}`;
