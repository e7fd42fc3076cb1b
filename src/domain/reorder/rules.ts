// Reorder quantities: the formulas of the smart-reorder job (docs/analytics.md).
//
// The database measures the demand (repo.ts: units per day over the last 30 days, zero-filled,
// and their standard deviation); these functions turn it into a suggestion. They are the only
// place the formulas live: the job calls them for each low or critical item.
import type { ReorderStatus } from '../shared/enums.ts';

export const REORDER_STATUSES = ['pending', 'ordered', 'dismissed'] as const satisfies readonly ReorderStatus[];
export const REORDER_PAGE = { default: 50, max: 200 };
/** pending -> ordered or dismissed; dismissed -> pending; ordered is final. */
export const REORDER_MOVES: Record<ReorderStatus, readonly ReorderStatus[]> = { pending: ['ordered', 'dismissed'], dismissed: ['pending'], ordered: [] };

export const REORDER = {
  /** Days between two orders: the suggestion covers the lead time plus this review period. */
  reviewDays: 30,
  /** z for a 95 % cycle service level (one-sided normal quantile, rounded as usual). */
  z: 1.65,
  serviceLevelPct: 95,
  /** The demand window: daily units over this many days before `now`. */
  demandWindowDays: 30,
  minConfidence: 0.3,
  maxConfidence: 0.95,
} as const;

export interface ReorderInputs {
  currentStock: number;
  leadTimeDays: number;
  /** Units sold (non-cancelled orders) in the demand window. */
  unitsSold: number;
  /** Sample standard deviation of the units sold per day over the window, empty days as 0. */
  dailyStddev: number;
}

export interface ReorderSuggestion {
  forecastDays: number;
  /** μ: mean units per day over the window. */
  dailyMean: number;
  safetyStock: number;
  qtySuggested: number;
  confidence: number;
  reason: string;
}

/** Tolerance for floating-point noise before rounding up (μ × days may land a hair above an integer). */
const EPSILON = 1e-9;

export function safetyStock(dailyStddev: number, leadTimeDays: number): number {
  return REORDER.z * dailyStddev * Math.sqrt(Math.max(leadTimeDays, 0));
}

/** clamp(1 − CV / 2, 0.3, 0.95) with CV = σ / μ, to 2 decimals; 0.3 without demand. */
export function reorderConfidence(dailyMean: number, dailyStddev: number): number {
  if (dailyMean <= 0) return REORDER.minConfidence;
  const raw = 1 - dailyStddev / dailyMean / 2;
  const clamped = Math.min(REORDER.maxConfidence, Math.max(REORDER.minConfidence, raw));
  return Math.round(clamped * 100) / 100;
}

export function reorderSuggestion(inputs: ReorderInputs): ReorderSuggestion {
  const forecastDays = Math.max(inputs.leadTimeDays, 0) + REORDER.reviewDays;
  const dailyMean = inputs.unitsSold / REORDER.demandWindowDays;
  const safety = safetyStock(inputs.dailyStddev, inputs.leadTimeDays);
  // μ × forecast_days, computed as units × days / window so that whole results stay whole.
  const demand = (inputs.unitsSold * forecastDays) / REORDER.demandWindowDays;
  const qtySuggested = Math.max(1, Math.ceil(demand + safety - inputs.currentStock - EPSILON));
  const confidence = reorderConfidence(dailyMean, inputs.dailyStddev);
  return { forecastDays, dailyMean, safetyStock: safety, qtySuggested, confidence, reason: reorderReason(inputs, dailyMean, qtySuggested, forecastDays) };
}

/** "Sells 4.2/day; 9 days of stock left against a 14-day lead time; order 180 to cover 44 days with 95% service level." */
export function reorderReason(inputs: ReorderInputs, dailyMean: number, qty: number, forecastDays: number): string {
  const lead = `a ${inputs.leadTimeDays}-day lead time`;
  if (dailyMean <= 0) {
    return `No sales in the last ${REORDER.demandWindowDays} days; ${stockLeft(inputs.currentStock, null)} against ${lead}; order ${qty} to cover ${forecastDays} days.`;
  }
  const rate = dailyMean < 0.1 ? dailyMean.toFixed(2) : dailyMean.toFixed(1);
  return `Sells ${rate}/day; ${stockLeft(inputs.currentStock, inputs.currentStock / dailyMean)} against ${lead}; order ${qty} to cover ${forecastDays} days with ${REORDER.serviceLevelPct}% service level.`;
}

function stockLeft(currentStock: number, days: number | null): string {
  if (currentStock <= 0) return 'out of stock';
  if (days === null) return `${currentStock} in stock`;
  const whole = Math.floor(days + EPSILON);
  if (whole < 1) return 'less than a day of stock left';
  return `${whole} ${whole === 1 ? 'day' : 'days'} of stock left`;
}
