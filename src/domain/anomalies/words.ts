// Anomaly metrics and days in words, for the text people read (insight titles and bodies, the
// inferred cause of a univariate anomaly): "Margin", "Tue 3 Nov 2026", never `margin_pct` or an
// ISO date. English, and the same whatever the server's locale.
import type { AnomalyMetric } from '../shared/enums.ts';

const METRIC_WORDS: Record<AnomalyMetric, string> = {
  revenue: 'Revenue',
  orders: 'Orders',
  aov: 'Average order value',
  ad_spend: 'Ad spend',
  roas: 'Return on ad spend',
  cpa: 'Cost per acquisition',
  refunds: 'Refunds',
  new_customers: 'New customers',
  conversion_rate: 'Conversion rate',
  margin_pct: 'Margin',
};

/** Metrics measured in percent (their numbers are shown with a % sign). */
const PERCENT: ReadonlySet<string> = new Set(['margin_pct', 'conversion_rate']);
export const isPercentMetric = (metric: string): boolean => PERCENT.has(metric);

/** The metric's name in words, capitalized ("Average order value"); an unknown name with spaces. */
export function metricWords(metric: string): string {
  const known = (METRIC_WORDS as Record<string, string | undefined>)[metric];
  if (known) return known;
  const spaced = metric.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar day (YYYY-MM-DD, a local day of the account) in words: "Tue 3 Nov 2026". */
export function dayWords(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** The weekday of a calendar day in full ("Tuesday"). */
export const weekdayWords = (day: string): string => WEEKDAY_NAMES[new Date(`${day.slice(0, 10)}T00:00:00Z`).getUTCDay()] ?? day;

/** A metric's value as people read it: 2 decimals at most, a % sign for a percentage. */
export function valueWords(metric: string, value: number): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(2);
  return isPercentMetric(metric) ? `${text}%` : text;
}
