// Anomaly detection: the rules of the anomaly-detect job (docs/analytics.md, "Anomaly detection").
//
// Univariate: for each metric and each evaluated local day, the values of the 84 days before it
// are freed of their day-of-week pattern (each weekday's median minus the overall median), and the
// day's own de-seasonalized value is scored with the modified z-score of Iglewicz and Hoaglin,
// 0.6745 × (x − median) / MAD. Correlated: on a day with at least one univariate anomaly, the
// scores of all metrics that day are matched against a short list of known patterns, each naming
// a cause; the confidence grows with how strongly the scores fit the pattern.
//
// Everything here is pure (series in, findings out), so it is tested on series in memory; the
// daily series come from SQL (repo.ts) and the findings are written there too.
import type { AnomalyMetric, Severity } from '../shared/enums.ts';

export const DETECTION = {
  /** Days of history before an evaluated day (twelve of each weekday). */
  historyDays: 84,
  /** Fewer non-empty history days than this: the day is not scored. */
  minHistoryDays: 28,
  /** |modified z| from which a day is an anomaly (Iglewicz and Hoaglin's 3.5). */
  threshold: 3.5,
  /** Severity by |modified z|: low from 3.5, medium from 5, high from 7, critical from 10. */
  severityFrom: { medium: 5, high: 7, critical: 10 },
  /** The score is clamped to this (a flat history makes any change infinitely unlikely). */
  maxScore: 99,
  /** A metric counts as "flat" in a pattern below this |modified z|, and as moving from it. */
  flatBelow: 2,
  /** The last N complete local days are evaluated on each (incremental) run. */
  recentDays: 7,
} as const;

/** Iglewicz and Hoaglin's constant: 0.6745 ≈ Φ⁻¹(0.75), so that MAD / 0.6745 estimates σ. */
const MAD_TO_Z = 0.6745;
/** When MAD is 0, the mean absolute deviation × 1.253314 (≈ √(π/2)) estimates σ instead. */
const MEAN_AD_TO_SIGMA = 1.253314;

export interface Score {
  observed: number;
  expected: number;
  z: number;
}

export interface Finding extends Score {
  metric: AnomalyMetric;
  day: string;
  direction: 'up' | 'down';
  severity: Severity;
  confidence: number;
}

export interface CorrelatedFinding extends Finding {
  cause: string;
  correlated: Array<{ metric: AnomalyMetric; modz: number; direction: 'up' | 'down' }>;
}

export function median(values: readonly number[]): number {
  return sortedMedian([...values].sort((a, b) => a - b));
}

/** The median of an array sorted ascending. */
function sortedMedian(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median of a sorted array without its element at `skip`, without copying it. */
function medianWithout(sorted: readonly number[], skip: number): number {
  const at = (i: number): number => sorted[i < skip ? i : i + 1]!;
  const n = sorted.length - 1;
  const mid = n >> 1;
  return n % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

/**
 * The modified z-score of `value` (weekday `weekday`, 0–6) against `history` (values with their
 * weekdays; nulls are days without a value). Null when there is too little history.
 */
export function scoreDay(history: ReadonlyArray<{ weekday: number; value: number | null }>, value: number, weekday: number): Score | null {
  const known = history.filter((h): h is { weekday: number; value: number } => h.value !== null && Number.isFinite(h.value));
  if (known.length < DETECTION.minHistoryDays) return null;
  const overall = median(known.map((h) => h.value));
  // Each weekday's values, sorted once.
  const byWeekday = Array.from({ length: 7 }, (_, w) =>
    known
      .filter((h) => h.weekday === w)
      .map((h) => h.value)
      .sort((a, b) => a - b),
  );
  // Additive day-of-week effect: the weekday's median minus the overall median (0 for a weekday
  // with fewer than two values, which cannot be told from noise).
  const effectOf = (sorted: readonly number[]): number => (sorted.length >= 2 ? sortedMedian(sorted) - overall : 0);
  // Each history value is freed of an effect estimated WITHOUT it (leave one out), as the scored
  // value is: in-sample residuals would be pulled toward their own medians, understate the
  // spread and inflate the scores.
  const residuals = known.map((h) => {
    const sorted = byWeekday[h.weekday]!;
    return h.value - (sorted.length >= 3 ? medianWithout(sorted, sorted.indexOf(h.value)) - overall : 0);
  });
  const effect = effectOf(byWeekday[weekday]!);
  const center = median(residuals);
  const deviations = residuals.map((r) => Math.abs(r - center));
  const mad = median(deviations);
  const expected = center + effect;
  const diff = value - effect - center;
  let z: number;
  if (mad > 0) z = (MAD_TO_Z * diff) / mad;
  else {
    const meanAd = deviations.reduce((s, d) => s + d, 0) / deviations.length;
    if (meanAd > 0) z = diff / (MEAN_AD_TO_SIGMA * meanAd);
    else z = diff === 0 ? 0 : Math.sign(diff) * DETECTION.maxScore;
  }
  z = Math.max(-DETECTION.maxScore, Math.min(DETECTION.maxScore, z));
  return { observed: round4(value), expected: round4(expected), z: round4(z) };
}

export function severityOf(z: number): Severity | null {
  const a = Math.abs(z);
  const { threshold, severityFrom } = DETECTION;
  if (a < threshold) return null;
  if (a >= severityFrom.critical) return 'critical';
  if (a >= severityFrom.high) return 'high';
  if (a >= severityFrom.medium) return 'medium';
  return 'low';
}

/** 0.5 at the threshold, rising linearly to 1 at the critical score. */
export function univariateConfidence(z: number): number {
  const { threshold, severityFrom } = DETECTION;
  return round4(0.5 + 0.5 * Math.min(1, Math.max(0, (Math.abs(z) - threshold) / (severityFrom.critical - threshold))));
}

/** A daily series: local dates (YYYY-MM-DD, consecutive) and one value per date (null: none). */
export interface DailySeries {
  days: readonly string[];
  values: readonly (number | null)[];
}

const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * Scores of one metric's series on the days at index `from` and after (each against the
 * `historyDays` before it).
 */
export function scoreSeries(series: DailySeries, from: number): Array<{ day: string; score: Score }> {
  const out: Array<{ day: string; score: Score }> = [];
  const weekdays = series.days.map(weekdayOf);
  for (let i = Math.max(from, 0); i < series.days.length; i++) {
    const value = series.values[i];
    if (value === null || value === undefined) continue;
    const start = Math.max(0, i - DETECTION.historyDays);
    const history = [];
    for (let j = start; j < i; j++) history.push({ weekday: weekdays[j]!, value: series.values[j] ?? null });
    const score = scoreDay(history, value, weekdays[i]!);
    if (score) out.push({ day: series.days[i]!, score });
  }
  return out;
}

/** The univariate finding a score makes, or null below the threshold. */
export function findingOf(metric: AnomalyMetric, day: string, score: Score): Finding | null {
  const severity = severityOf(score.z);
  if (!severity) return null;
  return { ...score, metric, day, direction: score.z > 0 ? 'up' : 'down', severity, confidence: univariateConfidence(score.z) };
}

type Want = 'up' | 'down' | 'flat';
interface Pattern {
  primary: AnomalyMetric;
  want: Partial<Record<AnomalyMetric, Want>>;
  cause: string;
}

/**
 * The known patterns, most specific first; the first that fits a day wins. The primary metric
 * must itself be a univariate anomaly in the wanted direction; the others must move (|z| ≥ 2)
 * in the wanted direction, or stay flat (|z| < 2).
 */
export const PATTERNS: readonly Pattern[] = [
  {
    primary: 'roas',
    want: { roas: 'down', ad_spend: 'flat', conversion_rate: 'down' },
    cause: 'ROAS fell while ad spend held steady and the conversion rate dropped: visitors arrive but buy less (site, checkout, pricing or stock problem).',
  },
  {
    primary: 'roas',
    want: { roas: 'down', ad_spend: 'up', revenue: 'flat' },
    cause: 'Ad spend rose without matching revenue: the extra budget is not converting (audience saturation or an overspending campaign).',
  },
  {
    primary: 'roas',
    want: { roas: 'down', ad_spend: 'flat', revenue: 'down' },
    cause: 'Revenue fell while ad spend held steady: demand or conversion dropped, not the ad budget.',
  },
  { primary: 'cpa', want: { cpa: 'up', ad_spend: 'up', orders: 'flat' }, cause: 'Acquisition cost rose: more ad spend brought no more orders.' },
  { primary: 'revenue', want: { revenue: 'down', orders: 'down', aov: 'flat' }, cause: 'Fewer orders at the usual basket size: a traffic or conversion drop.' },
  { primary: 'revenue', want: { revenue: 'up', orders: 'up', ad_spend: 'up' }, cause: 'Revenue and orders rose with ad spend: campaign-driven growth.' },
  {
    primary: 'revenue',
    want: { revenue: 'up', orders: 'up', aov: 'flat' },
    cause: 'More orders at the usual basket size: a traffic surge (promotion, press or seasonality).',
  },
  { primary: 'aov', want: { aov: 'down', orders: 'flat' }, cause: 'Basket size changed while order count held: discounts, pricing or product mix.' },
  { primary: 'aov', want: { aov: 'up', orders: 'flat' }, cause: 'Basket size changed while order count held: discounts, pricing or product mix.' },
  { primary: 'margin_pct', want: { margin_pct: 'down', refunds: 'up' }, cause: 'Refunds rose and ate into the margin.' },
  { primary: 'margin_pct', want: { margin_pct: 'down', ad_spend: 'up' }, cause: 'Ad spend rose faster than revenue and squeezed the margin.' },
] as const;

/** How well a score fits a wanted movement: 0 (does not) to 1. */
function fit(z: number, want: Want): number {
  const { flatBelow } = DETECTION;
  if (want === 'flat') return Math.abs(z) < flatBelow ? 1 - Math.abs(z) / flatBelow / 2 : 0;
  const signed = want === 'up' ? z : -z;
  return signed >= flatBelow ? Math.min(1, signed / DETECTION.severityFrom.high) : 0;
}

/**
 * Correlated anomalies of one day from every metric's score that day. `scores` holds the
 * metrics that could be scored; a pattern naming a metric without a score does not fit.
 */
export function correlate(day: string, scores: ReadonlyMap<AnomalyMetric, Score>): CorrelatedFinding[] {
  for (const pattern of PATTERNS) {
    const primary = scores.get(pattern.primary);
    if (!primary) continue;
    const severity = severityOf(primary.z);
    const wantPrimary = pattern.want[pattern.primary]!;
    if (!severity || (wantPrimary === 'up') !== primary.z > 0) continue;
    const parts = Object.entries(pattern.want) as Array<[AnomalyMetric, Want]>;
    const fits = parts.map(([metric, want]) => {
      const s = scores.get(metric);
      return s ? fit(s.z, want) : 0;
    });
    if (fits.some((f) => f === 0)) continue;
    const confidence = round4(fits.reduce((a, b) => a + b, 0) / fits.length);
    const correlated = parts
      .filter(([metric]) => metric !== pattern.primary)
      .map(([metric]) => ({ metric, modz: scores.get(metric)!.z, direction: scores.get(metric)!.z >= 0 ? ('up' as const) : ('down' as const) }));
    return [{ ...primary, metric: pattern.primary, day, direction: primary.z > 0 ? 'up' : 'down', severity, confidence, cause: pattern.cause, correlated }];
  }
  return [];
}

/** Which findings announce themselves with anomaly.detected: medium and above. */
export const announces = (severity: Severity): boolean => severity !== 'low';

/** A correlated anomaly's companion metric, as stored in correlated_metrics (JSON). */
export interface CorrelatedMetric {
  metric: string;
  modz: number;
  direction: 'up' | 'down';
}

/**
 * correlated_metrics decoded, once for every door: items keep the contract's keys, numbers as
 * numbers; an item that is not an object or whose direction is neither up nor down (the only
 * values the detector writes and both doors' schemas allow) is dropped.
 */
export function decodeCorrelated(value: unknown): CorrelatedMetric[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { metric, modz, direction } = item as Record<string, unknown>;
    return direction === 'up' || direction === 'down' ? [{ metric: String(metric), modz: Number(modz), direction }] : [];
  });
}
