// Customer rules: the source's spellings, page bounds, the cursor key format, contact fields, and
// the segment, churn and LTV thresholds the customer-metrics job applies in SQL (repo.ts, as
// parameters; docs/customer-metrics.md).
import type { CommerceSource, CustomerSegment } from '../shared/enums.ts';
import { AppError } from '../../errors.ts';
import type { ContactChange, CustomerSortField } from './types.ts';

/**
 * A customer's or order's source has one declared type (the data model's spelling, also
 * GraphQL's: woo_commerce) and one other spelling, its id (the v1 contract's and the database
 * column's: woo-commerce). These two functions are the only conversions.
 */
export const SOURCE_IDS = { shopify: 'shopify', woo_commerce: 'woo-commerce', mercado_libre: 'mercado-libre' } as const satisfies Record<
  CommerceSource,
  string
>;
export type SourceId = (typeof SOURCE_IDS)[CommerceSource];
const BY_ID = new Map<string, CommerceSource>(Object.entries(SOURCE_IDS).map(([source, id]) => [id, source as CommerceSource]));
/** Every source id, in the contract's order. */
export const SOURCE_ID_LIST = Object.values(SOURCE_IDS) as SourceId[];
export const sourceToId = (source: CommerceSource): SourceId => SOURCE_IDS[source];
/** The source a source id names; invalid_parameter `source` for anything else. */
export function sourceFromId(id: string): CommerceSource {
  const source = BY_ID.get(id);
  if (!source) throw new AppError('invalid_parameter', `source: one of ${SOURCE_ID_LIST.join(', ')}`, { param: 'source' });
  return source;
}

export const CUSTOMER_PAGE = { default: 25, max: 100 };
export const RECENT_ORDERS = { default: 5, max: 20 };
export const CUSTOMER_SEGMENTS = ['vip', 'loyal', 'regular', 'new', 'at_risk', 'churned'] as const satisfies readonly CustomerSegment[];

/** Segments, first that fits (docs/customer-metrics.md): thresholds of the SQL CASE. */
export const SEGMENT_RULES = {
  /** churned: no purchase for more than this many days. */
  churnedAfterDays: 180,
  /** at_risk: churn score at least this. */
  atRiskChurnScore: 0.6,
  /** vip: net revenue at least this and at least vipOrders orders. */
  vipRevenue: 1000,
  vipOrders: 5,
  /** loyal: at least this many orders. */
  loyalOrders: 4,
  /** new: first purchase at most this many days ago (or no counted order). */
  newWithinDays: 30,
} as const;

/** Churn score = days since the last purchase / (purchase interval × intervalMultiple), in [0, 1]. */
export const CHURN_RULES = {
  /** The purchase interval is at least this many days. */
  minIntervalDays: 30,
  intervalMultiple: 4,
} as const;

/** LTV = revenue + AOV × yearly order rate × horizonYears × (1 − churn score). */
export const LTV_RULES = {
  /** The tenure the yearly rate is measured over is at least this many days. */
  minTenureDays: 30,
  horizonYears: 2,
} as const;

/** What a cursor's sort key must look like for each order (it goes back into SQL as a typed value). */
const KEY_FORMAT: Record<CustomerSortField, RegExp> = {
  id: /^$/,
  revenue: /^-?\d{1,14}(\.\d{1,4})?$/,
  last_purchase: /^(-infinity|\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?)$/,
};
/** Whether a timestamp of KEY_FORMAT's shape names a real instant (a cast of 2026-02-30 or 25:00 fails in SQL). */
function realTimestamp(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[+-](\d{2}):?(\d{2})?)?/.exec(value);
  if (!m) return value === '-infinity';
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = m.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day!);
  const realDate = year! >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  return realDate && hour! < 24 && minute! < 60 && second! < 60 && offsetHours! <= 15 && offsetMinutes! < 60;
}

/** Whether `value` (null for id order) is a sort key the SQL of this order accepts. */
export const isCursorKey = (field: CustomerSortField, value: string | null): boolean =>
  KEY_FORMAT[field].test(value ?? '') && (field !== 'last_purchase' || realTimestamp(value!));

/** Whether `first` is a valid count of recent orders per customer (1 to RECENT_ORDERS.max). */
export const isRecentOrdersCount = (first: unknown): first is number =>
  Number.isInteger(first) && (first as number) >= 1 && (first as number) <= RECENT_ORDERS.max;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
const COUNTRY = /^[A-Z]{2}$/;

/** Contact fields as given, checked: e-mail, name (1-200), phone (up to 40, null clears), city (up to 200), country (two letters). */
export function parseContact(input: ContactChange): ContactChange {
  const invalid = (param: string, message: string) => new AppError('invalid_parameter', message, { param });
  const text = (value: unknown): value is string => typeof value === 'string' && !value.includes('\u0000');
  const change: ContactChange = {};
  if (input.email !== undefined) {
    if (!text(input.email) || input.email.length > 320 || !EMAIL.test(input.email)) throw invalid('email', 'email: an e-mail address');
    change.email = input.email;
  }
  if (input.name !== undefined) {
    if (!text(input.name) || !input.name.trim() || input.name.length > 200) throw invalid('name', 'name: 1 to 200 characters');
    change.name = input.name.trim();
  }
  if (input.phone !== undefined) {
    if (input.phone !== null && (!text(input.phone) || input.phone.length > 40)) throw invalid('phone', 'phone: up to 40 characters, or null');
    change.phone = input.phone;
  }
  if (input.city !== undefined) {
    if (!text(input.city) || input.city.length > 200) throw invalid('city', 'city: up to 200 characters');
    change.city = input.city;
  }
  if (input.country !== undefined) {
    if (!text(input.country) || !COUNTRY.test(input.country.toUpperCase())) throw invalid('country', 'country: a two-letter country code');
    change.country = input.country.toUpperCase();
  }
  if (!Object.keys(change).length) throw invalid('input', 'give at least one contact field');
  return change;
}
