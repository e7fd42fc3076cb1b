// Pure rules of the period reports: date ranges (inclusive local days), interval buckets,
// comparison periods, and the arithmetic of totals in integer cents (exact sums, rounding half
// away from zero as the profit snapshots do). docs/graphql.md writes them out.
import { AppError } from '../../errors.ts';
import { MARGIN_PCT_LIMIT } from '../profit/index.ts';
import { addDays } from '../shared/index.ts';

export type Interval = 'DAY' | 'WEEK' | 'MONTH' | 'QUARTER' | 'YEAR';
export type ComparePeriod = 'PREVIOUS_PERIOD' | 'PREVIOUS_YEAR';

/** A range of local days, both ends included (YYYY-MM-DD). */
export interface DateRange {
  from: string;
  to: string;
}

/** The longest range a report accepts: ten years of days (3,653) rounded up. */
export const MAX_RANGE_DAYS = 3660;
/** The dates a range may name (older or later dates are refused, not clamped). */
export const EARLIEST_DATE = '1970-01-01';
export const LATEST_DATE = '2999-12-31';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string): boolean => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** Whole days from `a` to `b` (YYYY-MM-DD). */
export const daysBetween = (a: string, b: string): number => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The number of days of a range (both ends included). */
export const rangeDays = (range: DateRange): number => daysBetween(range.from, range.to) + 1;

/**
 * A range as given by a client, checked: two calendar dates between EARLIEST_DATE and
 * LATEST_DATE, `from` on or before `to`, at most MAX_RANGE_DAYS days. invalid_parameter otherwise,
 * with `param` naming the bad end (`range.from`, `range.to`) or the range.
 */
export function checkRange(range: DateRange, param = 'range'): DateRange {
  for (const end of ['from', 'to'] as const) {
    const value = range[end];
    if (typeof value !== 'string' || !isDate(value))
      throw new AppError('invalid_parameter', `${param}.${end}: a calendar date, YYYY-MM-DD`, { param: `${param}.${end}` });
    if (value < EARLIEST_DATE || value > LATEST_DATE)
      throw new AppError('invalid_parameter', `${param}.${end}: between ${EARLIEST_DATE} and ${LATEST_DATE}`, { param: `${param}.${end}` });
  }
  if (range.from > range.to) throw new AppError('invalid_parameter', `${param}: from (${range.from}) is after to (${range.to})`, { param });
  if (rangeDays(range) > MAX_RANGE_DAYS) throw new AppError('invalid_parameter', `${param}: at most ${MAX_RANGE_DAYS} days (ten years)`, { param });
  return { from: range.from, to: range.to };
}

/** The first day of the calendar interval that holds `date`: ISO weeks start on Monday. */
export function intervalStart(date: string, interval: Interval): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  switch (interval) {
    case 'DAY':
      return date;
    case 'WEEK': {
      const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
      return addDays(date, -weekday);
    }
    case 'MONTH':
      return `${date.slice(0, 7)}-01`;
    case 'QUARTER':
      return `${y}-${String(m - ((m - 1) % 3)).padStart(2, '0')}-01`;
    case 'YEAR':
      return `${y}-01-01`;
  }
}

/** The first day of the interval after the one that starts on `start`. */
function nextStart(start: string, interval: Interval): string {
  const months = { MONTH: 1, QUARTER: 3, YEAR: 12 } as const;
  if (interval === 'DAY') return addDays(start, 1);
  if (interval === 'WEEK') return addDays(start, 7);
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months[interval]);
  return d.toISOString().slice(0, 10);
}

/**
 * The buckets of a range: calendar intervals (ISO weeks, months, quarters, years) clipped to the
 * range, so the first and last may be partial; oldest first.
 */
export function buckets(range: DateRange, interval: Interval): DateRange[] {
  const out: DateRange[] = [];
  for (let start = intervalStart(range.from, interval); start <= range.to; start = nextStart(start, interval)) {
    const end = addDays(nextStart(start, interval), -1);
    out.push({ from: start < range.from ? range.from : start, to: end > range.to ? range.to : end });
  }
  return out;
}

/** How many buckets `buckets` makes, without making them (the cost check's list size). */
export function bucketCount(range: DateRange, interval: Interval): number {
  const days = rangeDays(range);
  if (interval === 'DAY') return days;
  if (interval === 'WEEK') return Math.floor(daysBetween(intervalStart(range.from, 'WEEK'), range.to) / 7) + 1;
  const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;
  const per = { MONTH: 1, QUARTER: 3, YEAR: 12 }[interval];
  return Math.floor(months(range.to) / per) - Math.floor(months(range.from) / per) + 1;
}

/** `date` moved by whole years, the 29th of February becoming the 28th in a common year. */
function shiftYears(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) + years;
  const md = date.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${String(y).padStart(4, '0')}-${md === '02-29' && !leap ? '02-28' : md}`;
}

/**
 * The period a report compares with: PREVIOUS_PERIOD is as many days ending the day before
 * `from`; PREVIOUS_YEAR is the same calendar dates a year earlier.
 */
export function previousRange(range: DateRange, compareTo: ComparePeriod): DateRange {
  if (compareTo === 'PREVIOUS_YEAR') return { from: shiftYears(range.from, -1), to: shiftYears(range.to, -1) };
  return { from: addDays(range.from, -rangeDays(range)), to: addDays(range.from, -1) };
}

/**
 * The fewest disjoint ranges that cover the given ones, oldest first: ranges that overlap or
 * touch (a PREVIOUS_PERIOD, a PREVIOUS_YEAR of a range over a year) become one, so that their
 * days are read once.
 */
export function coveringSpans(ranges: DateRange[]): DateRange[] {
  const spans: DateRange[] = [];
  for (const r of [...ranges].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))) {
    const last = spans[spans.length - 1];
    if (last && r.from <= addDays(last.to, 1)) last.to = r.to > last.to ? r.to : last.to;
    else spans.push({ from: r.from, to: r.to });
  }
  return spans;
}

/** A decimal string (or number) of a 2-decimal column as integer cents. */
export const toCents = (value: string | number): number => Math.round(Number(value) * 100);

/** `numerator / denominator` rounded half away from zero, for integers (exact). */
export function roundedQuotient(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/** Cents as an exact decimal string with two decimals ("-12.05"). */
export function centsToAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The additive figures of a period (money in cents). */
export interface PeriodSums {
  grossRevenue: number;
  refunds: number;
  adSpend: number;
  cogsEstimate: number;
  feesEstimate: number;
  shippingEstimate: number;
  extraExpenses: number;
  netRevenue: number;
  operationalProfit: number;
  finalProfit: number;
  purchaseCount: number;
  newCustomers: number;
}

export const MONEY_FIELDS = [
  'grossRevenue',
  'refunds',
  'adSpend',
  'cogsEstimate',
  'feesEstimate',
  'shippingEstimate',
  'extraExpenses',
  'netRevenue',
  'operationalProfit',
  'finalProfit',
] as const;

export const emptySums = (): PeriodSums => ({
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
  purchaseCount: 0,
  newCustomers: 0,
});

export function addSums(a: PeriodSums, b: PeriodSums): PeriodSums {
  const out = { ...a };
  for (const key of Object.keys(out) as Array<keyof PeriodSums>) out[key] += b[key];
  return out;
}

/** A period's sums with the ratios derived from them. */
export interface PeriodTotals extends PeriodSums {
  /** Gross revenue per purchase, in cents; null without purchases. */
  aov: number | null;
  /** Gross revenue / ad spend (blended, as the anomaly metric), 4 decimals; null without spend. */
  roas: number | null;
  /**
   * final profit / net revenue × 100 over the period's sums (so weighted by revenue, not a mean of
   * daily margins), 2 decimals, clamped as the snapshot column; 0 without net revenue (as v1).
   */
  marginPct: number;
}

export function totalsOf(sums: PeriodSums): PeriodTotals {
  const margin = sums.netRevenue === 0 ? 0 : roundedQuotient(sums.finalProfit * 10_000, sums.netRevenue) / 100;
  return {
    ...sums,
    aov: sums.purchaseCount === 0 ? null : roundedQuotient(sums.grossRevenue, sums.purchaseCount),
    roas: sums.adSpend === 0 ? null : roundedQuotient(sums.grossRevenue * 10_000, sums.adSpend) / 10_000,
    marginPct: Math.min(MARGIN_PCT_LIMIT, Math.max(-MARGIN_PCT_LIMIT, margin)),
  };
}

/** Relative change from `previous` to `current` in percent, 2 decimals; null when previous is 0 or either is missing. */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 10_000) / 100;
}

/** `part` as a percentage of `whole`, 2 decimals; 0 when the whole is 0. */
export const sharePct = (part: number, whole: number): number => (whole === 0 ? 0 : roundedQuotient(part * 10_000, whole) / 100);

/** Cost per acquisition: spend / conversions in cents; null without conversions. */
export const cpaCents = (spend: number, conversions: number): number | null => (conversions === 0 ? null : roundedQuotient(spend, conversions));

/** Attributed revenue / spend, 4 decimals; null without spend. */
export const ratio4 = (numerator: number, denominator: number): number | null =>
  denominator === 0 ? null : roundedQuotient(numerator * 10_000, denominator) / 10_000;
