// Time for the demo data: the timeline of the seeding day, the demand calendar (how many orders
// each day gets) and the instant of every order; also the demo's volumes and the small helpers
// that the other generators and the writer (repo.ts) share.
//
// Every timestamp is placed relative to the start of the UTC day of `now`, so seeding on the same
// day gives the same rows; the one exception is today's orders (and ad spend), of which a seed
// keeps those up to the moment it runs: the same day's orders, cut at `now`.
import { type Rng, WeightedTable } from './rng.ts';
import { localDate } from '../domain/shared/dates.ts';
import { DEMO_TIMEZONE } from './catalog.ts';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const ORDER_DAYS = 400;
const CUSTOMER_DAYS = 420;
export const CUSTOMER_COUNT = 2_400;
const ORDER_COUNT = 20_000;
export const SKU_COUNT = 150;

// ---------------------------------------------------------------------------------------------
// Time

/**
 * Every generated timestamp is relative to `asOf`, the UTC midnight of the seeding day. The
 * ORDER_DAYS order days end with today: orders are generated for the whole of today and those
 * after `now` dropped, so the store has orders up to the moment of the seed and each day has the
 * same orders whenever that day it is seeded. Everything else is at most asOf - 1h.
 */
export interface Timeline {
  asOf: number;
  /** The moment of the seed: no order is later. */
  now: number;
  /** Midnight of the first of the ORDER_DAYS days that have orders and ad spend (the last is today). */
  orderStart: number;
  /** When the demo store opened its account (first customers, credit grant). */
  accountStart: number;
  /** Latest instant any generated event other than an order or today's ad spend may have. */
  latest: number;
  /**
   * Midnight (as UTC) of the store's own date at `now`. Dated rows (ad spend) are the store's
   * local days: in the first hours of a UTC day New York is still on the day before, and a row
   * dated the UTC day would be a day that has not begun for the store.
   */
  localToday: number;
}

export function makeTimeline(now: Date): Timeline {
  const asOf = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    asOf,
    now: now.getTime(),
    orderStart: asOf - (ORDER_DAYS - 1) * DAY_MS,
    accountStart: asOf - CUSTOMER_DAYS * DAY_MS,
    latest: asOf - HOUR_MS,
    localToday: Date.parse(`${localDate(now, DEMO_TIMEZONE)}T00:00:00.000Z`),
  };
}

const storeClock = new Intl.DateTimeFormat('en-US', { timeZone: DEMO_TIMEZONE, hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * Share of the store's own day (`localToday`) elapsed at the moment of the seed, 0 to 1: where
 * the store's today began (today's ad spend paces with the orders placed since then).
 */
export function elapsedToday(timeline: Timeline): number {
  const parts = storeClock.formatToParts(timeline.now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return clamp((part('hour') * HOUR_MS + part('minute') * MINUTE_MS + part('second') * 1000) / DAY_MS, 0, 1);
}

/** Index (0..ORDER_DAYS-1) of the order day that contains t. */
export function dayIndex(timeline: Timeline, t: number): number {
  return Math.floor((t - timeline.orderStart) / DAY_MS);
}

// ---------------------------------------------------------------------------------------------
// Small helpers

/** Array access that fails loudly instead of yielding undefined. */
export function at<T>(items: readonly T[], index: number): T {
  const value = items[index];
  if (value === undefined) throw new Error(`index ${index} out of range (length ${items.length})`);
  return value;
}

/** Integer cents as a decimal string ("1234" cents -> "12.34"), for Decimal columns. */
export function money(cents: number): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  return `${rounded < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

// ---------------------------------------------------------------------------------------------
// Demand calendar: how many orders each day gets

export interface Calendar {
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

export function buildCalendar(timeline: Timeline): Calendar {
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
  const bfDay = [year, year - 1, year - 2].map((y) => dayIndex(timeline, blackFriday(y))).find((d) => d >= 0 && d + 3 < ORDER_DAYS);
  if (bfDay === undefined) throw new Error('no Black Friday in the order window');
  [3.2, 2.2, 1.9, 2.8].forEach((m, i) => (promo[bfDay + i] = m));
  // A two-day anniversary sale, about five months away from Black Friday.
  const saleDay = bfDay >= 200 ? bfDay - 150 : bfDay + 150;
  [2.5, 1.7].forEach((m, i) => (promo[saleDay + i] = m));
  return { base, promo };
}

/** Splits ORDER_COUNT over the days in proportion to demand (with daily noise), exactly. */
export function dailyOrderCounts(rng: Rng, calendar: Calendar): number[] {
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
  0.35, 0.2, 0.12, 0.08, 0.07, 0.1, 0.25, 0.5, 0.8, 1.0, 1.1, 1.2, 1.35, 1.3, 1.15, 1.1, 1.15, 1.25, 1.45, 1.7, 1.85, 1.75, 1.3, 0.75,
];
/** New York is UTC-5 in winter (summer time is ignored: only the shape of the day matters). */
const STORE_UTC_OFFSET_HOURS = -5;

/** Timestamps (ms, ascending) of all orders of the ORDER_DAYS days, today's whole day included. */
export function orderTimes(rng: Rng, timeline: Timeline, counts: readonly number[]): number[] {
  const utcHours = Array.from({ length: 24 }, (_, h) => h);
  const hourTable = new WeightedTable(
    utcHours,
    utcHours.map((h) => at(LOCAL_HOUR_WEIGHTS, (h + STORE_UTC_OFFSET_HOURS + 24) % 24)),
  );
  const times: number[] = [];
  counts.forEach((count, d) => {
    const dayStart = timeline.orderStart + d * DAY_MS;
    for (let k = 0; k < count; k++) {
      const hour = hourTable.sample(rng);
      times.push(dayStart + hour * HOUR_MS + rng.int(0, 3_599) * 1_000);
    }
  });
  return times.sort((a, b) => a - b);
}
