// The records a file import carries, one schema per kind: what an NDJSON line is, and what each
// CSV row (Shopify's orders export, or the generic columns of docs/imports.md) is read into.
// Money is a decimal string with at most two decimals (exact; never a float); dates are ISO 8601.
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max);
const money = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => /^-?\d{1,12}(\.\d{1,2})?$/.test(v), 'not an amount (digits with at most two decimals)');
const nonNegativeMoney = money.refine((v) => !v.startsWith('-'), 'must not be negative');
const instant = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}/.test(v), 'not a date and time (ISO 8601)')
  .transform((v) => new Date(v));
const day = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'not a date (YYYY-MM-DD)');
const count = z.coerce.number().int('not a whole number').min(0, 'must not be negative').max(1_000_000_000);
const flag = z.union([z.boolean(), z.enum(['true', 'false', 'TRUE', 'FALSE', 'yes', 'no', '']).transform((v) => v === 'true' || v === 'TRUE' || v === 'yes')]);
const country = z
  .string()
  .trim()
  .refine((v) => v === '' || /^[A-Za-z]{2}$/.test(v), 'not a two-letter country code')
  .transform((v) => v.toUpperCase());

export const FINANCIAL_STATUSES = ['paid', 'pending', 'authorized', 'partially_paid', 'partially_refunded', 'refunded', 'voided'] as const;

export const orderItemRecord = z.object({
  sku: text(128).min(1, 'required'),
  name: text(255).default(''),
  quantity: z.coerce.number().int('not a whole number').min(1, 'must be at least 1').max(1_000_000),
  unit_price: nonNegativeMoney,
});

export const customerRef = z.object({
  email: z.string().trim().toLowerCase().max(320).pipe(z.email('not an e-mail address')),
  name: text(255).default(''),
  country: country.default(''),
  city: text(128).default(''),
});

export const orderRecord = z.object({
  id: text(128).min(1, 'required'),
  name: text(128).default(''),
  placed_at: instant,
  updated_at: instant.optional(),
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/, 'not a currency code').transform((v) => v.toUpperCase()).optional(),
  financial_status: z.enum(FINANCIAL_STATUSES).default('paid'),
  cancelled_at: instant.optional(),
  test: flag.default(false),
  customer: customerRef.nullable().default(null),
  subtotal: nonNegativeMoney.optional(),
  discount: nonNegativeMoney.default('0'),
  shipping: nonNegativeMoney.default('0'),
  tax: nonNegativeMoney.default('0'),
  total: nonNegativeMoney,
  refunded: nonNegativeMoney.default('0'),
  items: z.array(orderItemRecord).max(10_000).default([]),
});

export const customerRecord = customerRef.extend({
  id: text(128).optional(),
  phone: text(64).optional(),
  updated_at: instant.optional(),
});

export const productRecord = z.object({
  sku: text(128).min(1, 'required'),
  name: text(255).min(1, 'required'),
  price: nonNegativeMoney,
  cost: nonNegativeMoney.default('0'),
  stock: z.coerce.number().int('not a whole number').min(-1_000_000).max(1_000_000_000).optional(),
  lead_time_days: z.coerce.number().int('not a whole number').min(0).max(3650).optional(),
  updated_at: instant.optional(),
});

export const AD_PLATFORMS = ['meta-ads', 'google-ads'] as const;

export const adSpendRecord = z.object({
  date: day,
  platform: z.enum(AD_PLATFORMS),
  campaign_id: text(128).min(1, 'required'),
  campaign_name: text(255).default(''),
  spend: nonNegativeMoney,
  attributed_revenue: nonNegativeMoney.default('0'),
  clicks: count.default(0),
  impressions: count.default(0),
  conversions: count.default(0),
});

export type OrderRecord = z.output<typeof orderRecord>;
export type CustomerRecord = z.output<typeof customerRecord>;
export type ProductRecord = z.output<typeof productRecord>;
export type AdSpendRecord = z.output<typeof adSpendRecord>;

export const RECORD_SCHEMAS = { orders: orderRecord, customers: customerRecord, products: productRecord, ad_spend: adSpendRecord } as const;

export type ImportKind = keyof typeof RECORD_SCHEMAS;
export type ImportRecord<K extends ImportKind = ImportKind> = z.output<(typeof RECORD_SCHEMAS)[K]>;

/** A record read from the file, or the first fault of the row(s) it came from. */
export type ReadItem =
  | { kind: 'record'; line: number; rows: number; record: ImportRecord }
  | { kind: 'rejected'; line: number; rows: number; field: string | null; reason: string };

/** Validates a value against the kind's schema: the record, or its first problem by field path. */
export function validateRecord(kind: ImportKind, value: unknown, line: number, rows: number, fieldName: (path: string) => string = (p) => p): ReadItem {
  const parsed = RECORD_SCHEMAS[kind].safeParse(value);
  if (parsed.success) return { kind: 'record', line, rows, record: parsed.data };
  const issue = parsed.error.issues[0]!;
  const path = issue.path.join('.');
  const given = issue.path.reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined), value);
  const reason = issue.code === 'invalid_type' && (given === undefined || given === null) ? 'required' : issue.message;
  return { kind: 'rejected', line, rows, field: path ? fieldName(path) : null, reason };
}
