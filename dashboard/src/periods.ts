// The overview's period picker: a chosen period becomes the KPI range (account-local days) and
// the chart's range for the chosen interval (at least a readable number of buckets).
import { addDays, addMonths } from './format.ts';
import type { ComparePeriod, Interval } from './__generated__/graphql.ts';

export type PeriodKey = 'today' | '7d' | '30d' | '90d' | 'mtd' | 'custom';

export const PERIODS: Array<{ key: PeriodKey; label: string }> = [
  { key: 'today', label: 'Today' },
  { key: '7d', label: '7 days' },
  { key: '30d', label: '30 days' },
  { key: '90d', label: '90 days' },
  { key: 'mtd', label: 'Month to date' },
  { key: 'custom', label: 'Custom' },
];

export interface Range {
  from: string;
  to: string;
}

export interface Choice {
  period: PeriodKey;
  custom: Range;
  compareTo: ComparePeriod;
  interval: Interval;
}

export function periodRange(choice: Choice, today: string): Range {
  switch (choice.period) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case 'mtd':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'custom':
      return choice.custom.from <= choice.custom.to ? choice.custom : { from: choice.custom.to, to: choice.custom.from };
  }
}

const daysBetween = (range: Range) => Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;

/** The chart's range: the period itself when it holds enough buckets, else the last 30 days, 12 weeks or 12 months to its end. */
export function chartRange(range: Range, interval: Interval): Range {
  const days = daysBetween(range);
  // A day chart over more than 120 days would cost too many points (and bars); it shows the last 120.
  if (interval === 'DAY')
    return days > 120 ? { from: addDays(range.to, -119), to: range.to } : days >= 14 ? range : { from: addDays(range.to, -29), to: range.to };
  if (interval === 'WEEK') return days >= 56 ? range : { from: addDays(range.to, -83), to: range.to };
  return days >= 90 ? range : { from: addMonths(range.to, -11), to: range.to };
}
