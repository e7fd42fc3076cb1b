// Each command's records checked and normalized before anything is written: a record with a bad
// field throws RecordError(field, reason) and is rejected alone; money becomes exact decimal
// strings, instants Dates.
import type {
  AdSpendRecord,
  CustomerRecord,
  ExpenseRecord,
  InventoryLevelRecord,
  OrderLineRecord,
  OrderRecord,
  ProductRecord,
  RefundLineRecord,
  RefundRecord,
  TransactionRecord,
} from './types.ts';
import {
  RecordError,
  amount,
  amountOr,
  cents,
  centsOr,
  contentHash,
  country,
  currency,
  decimal,
  instant,
  integer,
  key,
  list,
  localDay,
  optionalInstant,
  text,
} from './rules.ts';

const MAX_LINES = 1_000;
const MAX_QUANTITY = 1_000_000;

export interface Stamped {
  /** The ledger's source: the storefront (orders, refunds, customers, products, expenses) or "ads". */
  source: string;
  externalId: string;
  updatedAt: Date | null;
  hash: string;
}

const SOURCES: ReadonlySet<string> = new Set(['shopify', 'woo_commerce', 'mercado_libre']);

/** A record's own storefront (a multi-channel call), else the origin's. */
function ownSource(value: unknown, fallback: string): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !SOURCES.has(value)) throw new RecordError('source', 'must be shopify, woo_commerce or mercado_libre');
  return value;
}

export interface RefundRow extends Stamped {
  orderExternalId: string;
  refundedAt: Date;
  amount: string;
  presentmentAmount: string | null;
  lines: Array<{ sku: string; quantity: number; amount: string; restock: boolean }>;
}

export interface LineRow {
  sku: string;
  quantity: number;
  unitPrice: string;
  unitCost: string | null;
  productName: string;
}

export interface OrderRow extends Stamped {
  test: boolean;
  placedAt: Date;
  cancelled: boolean;
  presentmentCurrency: string | null;
  presentmentTotal: string | null;
  customer: { externalId: string; email: string; name: string; country: string } | null;
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  total: string;
  fees: string;
  shippingCost: string;
  lines: LineRow[];
  refunds: RefundRow[];
}

function object(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new RecordError('record', 'must be an object');
  return value as Record<string, unknown>;
}

function stamp(record: Record<string, unknown>, source: string): Stamped {
  return { source, externalId: key(record.externalId, 'externalId'), updatedAt: optionalInstant(record.updatedAt, 'updatedAt'), hash: contentHash(record) };
}

/** Runs a check of a part of a record (a line): its errors name the part (`lines[2].sku`). */
function within<T>(prefix: () => string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw error instanceof RecordError ? new RecordError(`${prefix()}${error.field}`, error.reason) : error;
  }
}

function line(value: OrderLineRecord, index: number): LineRow {
  const l = object(value) as Partial<OrderLineRecord>;
  return within(
    () => `lines[${index}].`,
    () => ({
      sku: key(l.sku, 'sku'),
      quantity: integer(l.quantity, 'quantity', { min: 1, max: MAX_QUANTITY }),
      unitPrice: amount(l.unitPrice, 'unitPrice'),
      unitCost: l.unitCost === undefined || l.unitCost === null ? null : amount(l.unitCost, 'unitCost'),
      productName: text(l.productName, 'productName'),
    }),
  );
}

function refundLine(value: RefundLineRecord, field: string) {
  const l = object(value) as Partial<RefundLineRecord>;
  return {
    sku: key(l.sku, `${field}.sku`),
    quantity: integer(l.quantity, `${field}.quantity`, { min: 0, max: MAX_QUANTITY }),
    amount: decimal(cents(l.amount, `${field}.amount`, { min: 0n })),
    restock: l.restock === true,
  };
}

export function refundRow(value: RefundRecord, source: string, prefix = ''): RefundRow {
  const r = object(value) as Partial<RefundRecord>;
  const s = stamp(r as Record<string, unknown>, source);
  return {
    source: s.source,
    externalId: key(r.externalId, `${prefix}externalId`),
    updatedAt: s.updatedAt,
    hash: s.hash,
    orderExternalId: key(r.orderExternalId, `${prefix}orderExternalId`),
    refundedAt: instant(r.refundedAt, `${prefix}refundedAt`),
    amount: decimal(cents(r.amount, `${prefix}amount`, { min: 0n })),
    presentmentAmount: r.presentmentAmount == null ? null : decimal(cents(r.presentmentAmount, `${prefix}presentmentAmount`, { min: 0n })),
    lines: list<RefundLineRecord>(r.lines, `${prefix}lines`, MAX_LINES).map((l, i) => refundLine(l, `${prefix}lines[${i}]`)),
  };
}

/** Fees: the given total, else the successful transactions' fees. */
function fees(o: Partial<OrderRecord>): string {
  if (o.fees !== undefined && o.fees !== null) return amount(o.fees, 'fees');
  const transactions = list<TransactionRecord>(o.transactions, 'transactions', MAX_LINES);
  let sum = 0n;
  transactions.forEach((t, i) => {
    const tx = object(t) as Partial<TransactionRecord>;
    key(tx.externalId, `transactions[${i}].externalId`);
    cents(tx.amount, `transactions[${i}].amount`);
    instant(tx.processedAt, `transactions[${i}].processedAt`);
    if (tx.status === 'success') sum += centsOr(tx.fee, `transactions[${i}].fee`, 0n, { min: 0n });
  });
  return decimal(sum);
}

export function orderRow(value: OrderRecord, accountCurrency: string, defaultSource: string): OrderRow {
  const o = object(value) as Partial<OrderRecord>;
  const s = stamp(o as Record<string, unknown>, ownSource(o.source, defaultSource));
  if (currency(o.currency, 'currency') !== accountCurrency) {
    throw new RecordError('currency', `is ${o.currency}, the account's currency is ${accountCurrency}`);
  }
  const customer = o.customer == null ? null : object(o.customer);
  const presentment = o.presentment == null ? null : object(o.presentment);
  const total = amount(o.total, 'total');
  const refunds = list<RefundRecord>(o.refunds, 'refunds', MAX_LINES).map((r, i) => refundRow(r, s.source, `refunds[${i}].`));
  refunds.forEach((r, i) => {
    if (r.orderExternalId !== s.externalId) throw new RecordError(`refunds[${i}].orderExternalId`, "must be the order's externalId");
  });
  // The stamp's fields spelled out: an object literal of one fixed shape, not a spread's copy (the bulk path builds one per order).
  return {
    source: s.source,
    externalId: s.externalId,
    updatedAt: s.updatedAt,
    hash: s.hash,
    test: o.test === true,
    placedAt: instant(o.placedAt, 'placedAt'),
    cancelled: optionalInstant(o.cancelledAt, 'cancelledAt') !== null,
    presentmentCurrency: presentment ? currency(presentment.currency, 'presentment.currency') : null,
    presentmentTotal: presentment ? amount(presentment.total, 'presentment.total') : null,
    customer: customer
      ? {
          externalId: key(customer.externalId, 'customer.externalId'),
          email: text(customer.email, 'customer.email'),
          name: text(customer.name, 'customer.name'),
          country: country(customer.country, 'customer.country'),
        }
      : null,
    subtotal: amount(o.subtotal, 'subtotal'),
    discount: amountOr(o.discountTotal, 'discountTotal'),
    shipping: amountOr(o.shippingTotal, 'shippingTotal'),
    tax: amountOr(o.taxTotal, 'taxTotal'),
    total,
    fees: fees(o),
    shippingCost: amountOr(o.shippingCost, 'shippingCost'),
    lines: list<OrderLineRecord>(o.lines, 'lines', MAX_LINES).map(line),
    refunds,
  };
}

export interface CustomerRow extends Stamped {
  email: string;
  name: string;
  phone: string | null;
  city: string;
  country: string;
  createdAt: Date | null;
}

export function customerRow(value: CustomerRecord, defaultSource: string): CustomerRow {
  const c = object(value) as Partial<CustomerRecord>;
  return {
    ...stamp(c as Record<string, unknown>, ownSource(c.source, defaultSource)),
    email: text(c.email, 'email', { max: 320 }),
    name: text(c.name, 'name'),
    phone: c.phone == null ? null : text(c.phone, 'phone', { max: 64 }),
    city: text(c.city, 'city'),
    country: country(c.country, 'country'),
    createdAt: optionalInstant(c.createdAt, 'createdAt'),
  };
}

export interface ProductRow extends Stamped {
  sku: string;
  productName: string;
  unitCost: string | null;
  unitPrice: string | null;
  leadTimeDays: number | null;
  createdAt: Date | null;
}

export function productRow(value: ProductRecord, source: string): ProductRow {
  const p = object(value) as Partial<ProductRecord>;
  const sku = key(p.sku, 'sku');
  return {
    source,
    externalId: p.externalId === undefined ? sku : key(p.externalId, 'externalId'),
    updatedAt: optionalInstant(p.updatedAt, 'updatedAt'),
    hash: contentHash(p),
    sku,
    productName: text(p.productName, 'productName', { required: true }),
    unitCost: p.unitCost === undefined ? null : decimal(cents(p.unitCost, 'unitCost', { min: 0n })),
    unitPrice: p.unitPrice === undefined ? null : decimal(cents(p.unitPrice, 'unitPrice', { min: 0n })),
    leadTimeDays: p.leadTimeDays === undefined ? null : integer(p.leadTimeDays, 'leadTimeDays', { min: 0, max: 3650 }),
    createdAt: optionalInstant(p.createdAt, 'createdAt'),
  };
}

export interface LevelRow extends Stamped {
  available: number;
}

export function levelRow(value: InventoryLevelRecord, source: string): LevelRow {
  const l = object(value) as Partial<InventoryLevelRecord>;
  const sku = key(l.sku, 'sku');
  return {
    source,
    externalId: sku,
    updatedAt: optionalInstant(l.updatedAt, 'updatedAt'),
    hash: contentHash(l),
    available: integer(l.available, 'available', { min: -1_000_000_000, max: 1_000_000_000 }),
  };
}

export interface AdSpendRow extends Stamped {
  platform: 'meta_ads' | 'google_ads';
  campaignId: string;
  campaignName: string;
  date: string;
  spend: string;
  attributedRevenue: string;
  clicks: number;
  impressions: number;
  conversions: number;
}

const COUNT = { min: 0, max: 2_000_000_000 };

export function adSpendRow(value: AdSpendRecord, source: string): AdSpendRow {
  const a = object(value) as Partial<AdSpendRecord>;
  if (a.platform !== 'meta_ads' && a.platform !== 'google_ads') throw new RecordError('platform', 'must be meta_ads or google_ads');
  const campaignId = key(a.campaignId, 'campaignId');
  const date = localDay(a.date, 'date');
  return {
    source,
    externalId: `${a.platform}:${campaignId}:${date}`,
    updatedAt: optionalInstant(a.updatedAt, 'updatedAt'),
    hash: contentHash(a),
    platform: a.platform,
    campaignId,
    campaignName: text(a.campaignName, 'campaignName', { required: true }),
    date,
    spend: decimal(cents(a.spend, 'spend', { min: 0n })),
    attributedRevenue: decimal(centsOr(a.attributedRevenue, 'attributedRevenue', 0n, { min: 0n })),
    clicks: a.clicks === undefined ? 0 : integer(a.clicks, 'clicks', COUNT),
    impressions: a.impressions === undefined ? 0 : integer(a.impressions, 'impressions', COUNT),
    conversions: a.conversions === undefined ? 0 : integer(a.conversions, 'conversions', COUNT),
  };
}

export interface ExpenseRow extends Stamped {
  date: string;
  createdAt: Date | null;
  category: string;
  description: string;
  amount: string;
  recurrence: 'none' | 'monthly';
  endsOn: string | null;
}

function recurrence(value: unknown): 'none' | 'monthly' {
  if (value === undefined || value === null || value === 'none') return 'none';
  if (value === 'monthly') return 'monthly';
  throw new RecordError('recurrence', 'must be none or monthly');
}

/**
 * The days an expense may be on or end on. A monthly expense marks every day it is charged on
 * (chargedDays): unbounded, one row from 0001-01-01 to 9999-12-31 was 3.6 million days, minutes
 * and gigabytes of one write. Within these, a span is at most 47,482 days.
 */
export const EXPENSE_DAYS = { first: '1970-01-01', last: '2099-12-31' } as const;

function expenseDay(value: unknown, field: string): string {
  const day = localDay(value, field);
  if (day < EXPENSE_DAYS.first || day > EXPENSE_DAYS.last) throw new RecordError(field, `must be from ${EXPENSE_DAYS.first} to ${EXPENSE_DAYS.last}`);
  return day;
}

export function expenseRow(value: ExpenseRecord, source: string): ExpenseRow {
  const e = object(value) as Partial<ExpenseRecord>;
  return {
    ...stamp(e as Record<string, unknown>, source),
    date: expenseDay(e.date, 'date'),
    createdAt: optionalInstant(e.createdAt, 'createdAt'),
    category: text(e.category, 'category', { required: true, max: 100 }),
    description: text(e.description, 'description'),
    amount: decimal(cents(e.amount, 'amount', { min: 0n })),
    ...expenseSpan(e),
  };
}

/** A monthly expense may end (on or after its first day); a one-off has no end. */
function expenseSpan(e: Partial<ExpenseRecord>): Pick<ExpenseRow, 'recurrence' | 'endsOn'> {
  const kind = recurrence(e.recurrence);
  if (e.endsOn === undefined || e.endsOn === null) return { recurrence: kind, endsOn: null };
  if (kind === 'none') throw new RecordError('endsOn', 'only a monthly expense ends');
  const endsOn = expenseDay(e.endsOn, 'endsOn');
  if (endsOn < expenseDay(e.date, 'date')) throw new RecordError('endsOn', 'must not be before date');
  return { recurrence: kind, endsOn };
}
