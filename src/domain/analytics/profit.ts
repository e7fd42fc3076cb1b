// Profit per local day: the formulas of the profit-snapshot job (docs/analytics.md).
//
// The job computes these in SQL (repo.ts), over every day at once. This module is the same
// arithmetic written once more in TypeScript, in integer cents, so that the rules can be read
// and tested on their own; the tests hold the SQL to it.

/** margin_pct is a numeric(9,2) column: a day with a tiny net revenue is clamped to this bound. */
export const MARGIN_PCT_LIMIT = 9_999_999.99;

/**
 * Days recomputed by an incremental run, today included, counted back from the newest snapshot
 * the account already has. Older days are recomputed when they have no snapshot yet (a gap, or
 * history imported before the first run) and by a full run.
 */
export const RECENT_DAYS = 3;

/** A local day's sums, in currency units, as the SQL aggregates them. */
export interface ProfitDayInputs {
  /** sum(total_amount) of the day's non-cancelled orders. */
  grossRevenue: number;
  /** sum(refunded_amount) of the same orders. */
  refunds: number;
  /** sum(ad_spend.spend) dated that day. */
  adSpend: number;
  /** sum(quantity × unit_cost) of the same orders' items. */
  cogsEstimate: number;
  /** sum(fees_amount) of the same orders. */
  feesEstimate: number;
  /** sum(shipping_cost) of the same orders. */
  shippingEstimate: number;
  /** sum(expenses.amount) dated that day. */
  extraExpenses: number;
  /** Number of the day's non-cancelled orders. */
  purchaseCount: number;
}

export interface ProfitDay extends ProfitDayInputs {
  netRevenue: number;
  operationalProfit: number;
  finalProfit: number;
  /** final_profit / net_revenue × 100, rounded half away from zero to 2 decimals; 0 without net revenue. */
  marginPct: number;
}

const toCents = (amount: number): number => Math.round(amount * 100);

/** `numerator / denominator` rounded half away from zero, for integers (exact). */
function roundedQuotient(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

export function profitDay(inputs: ProfitDayInputs): ProfitDay {
  const net = toCents(inputs.grossRevenue) - toCents(inputs.refunds);
  const operational = net - toCents(inputs.cogsEstimate) - toCents(inputs.feesEstimate) - toCents(inputs.shippingEstimate);
  const final = operational - toCents(inputs.adSpend) - toCents(inputs.extraExpenses);
  // Margin in hundredths of a percent: final / net × 100 × 100.
  const margin = net === 0 ? 0 : roundedQuotient(final * 10_000, net) / 100;
  return {
    ...inputs,
    netRevenue: net / 100,
    operationalProfit: operational / 100,
    finalProfit: final / 100,
    marginPct: Math.min(MARGIN_PCT_LIMIT, Math.max(-MARGIN_PCT_LIMIT, margin)),
  };
}

/** YYYY-MM-DD `days` after (or before, when negative) the date `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** What an account's snapshots cover (repo.ts reads it). */
export interface ProfitCoverage {
  /** The account's first local day with an order, ad spend or an expense (YYYY-MM-DD). */
  firstDataDay: string | null;
  /** Oldest and newest snapshot dates, and how many snapshots there are. */
  firstSnapshot: string | null;
  lastSnapshot: string | null;
  snapshots: number;
}

/** Whole days from `a` to `b` (YYYY-MM-DD). */
const daysBetween = (a: string, b: string): number => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * The first local day an incremental run recomputes: the last RECENT_DAYS days up to the newest
 * snapshot (and every day after it, to today). Null means a full back-fill from the first data
 * day: when the account has no snapshot yet, has data older than its oldest snapshot, or has a
 * gap between its oldest and newest snapshots.
 */
export function recomputeFrom(coverage: ProfitCoverage): string | null {
  const { firstDataDay, firstSnapshot, lastSnapshot, snapshots } = coverage;
  if (firstSnapshot === null || lastSnapshot === null || firstDataDay === null) return null;
  if (firstDataDay < firstSnapshot) return null;
  if (snapshots < daysBetween(firstSnapshot, lastSnapshot) + 1) return null;
  return addDays(lastSnapshot, -(RECENT_DAYS - 1));
}

/**
 * The hourly job's run in this UTC hour is a full recompute, once a day: a refund or a cost
 * recorded days after its order changes a day the incremental runs no longer look at.
 */
export const FULL_RECOMPUTE_UTC_HOUR = 3;
/** Whether a run at `now` is the daily full recompute (the jobs' other runs are incremental). */
export const isFullRecompute = (now: Date): boolean => now.getUTCHours() === FULL_RECOMPUTE_UTC_HOUR;
