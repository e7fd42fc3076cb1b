// Profit rules (docs/analytics.md): the bounds and recompute window of the profit-snapshot job,
// whose per-day arithmetic is SQL (repo.ts, over every day at once; the tests hold it to an
// integer-cents oracle in test/factories/oracles.ts), and the totals of a window of snapshots.
import { addDays, daysBetween } from '../shared/dates.ts';
import type { DecimalLike } from '../shared/types.ts';

/** margin_pct is a numeric(9,2) column: a day with a tiny net revenue is clamped to this bound. */
export const MARGIN_PCT_LIMIT = 9_999_999.99;

/**
 * Days recomputed by an incremental run, today included, counted back from the newest snapshot
 * the account already has. Older days are recomputed when they have no snapshot yet (a gap, or
 * history imported before the first run) and by a full run.
 */
export const RECENT_DAYS = 3;

/** What an account's snapshots cover (repo.ts reads it). */
export interface ProfitCoverage {
  /** The account's first local day with an order, ad spend or an expense (YYYY-MM-DD). */
  firstDataDay: string | null;
  /** Oldest and newest snapshot dates, and how many snapshots there are. */
  firstSnapshot: string | null;
  lastSnapshot: string | null;
  snapshots: number;
}

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

export const PROFIT_WINDOW = { default: 30, max: 365 };

/** A 2-decimal column as integer cents, so that sums are exact. */
const cents = (value: DecimalLike): number => Math.round(Number(value.toString()) * 100);

/** `numerator / denominator` rounded half away from zero, in integers (exact). */
function roundedQuotient(numerator: number, denominator: number): number {
  const q = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator < 0 ? -q : q;
}

export interface ProfitTotals {
  daysReturned: number;
  grossRevenue: number;
  adSpend: number;
  finalProfit: number;
  purchaseCount: number;
  /** Mean of the returned days' margin_pct, rounded to 2 decimals; 0 when no day is returned. */
  avgMarginPct: number;
}

export function profitTotals(
  rows: ReadonlyArray<{ grossRevenue: DecimalLike; adSpend: DecimalLike; finalProfit: DecimalLike; marginPct: DecimalLike; purchaseCount: number }>,
): ProfitTotals {
  let gross = 0;
  let ads = 0;
  let profit = 0;
  let margin = 0;
  let purchases = 0;
  for (const row of rows) {
    gross += cents(row.grossRevenue);
    ads += cents(row.adSpend);
    profit += cents(row.finalProfit);
    margin += cents(row.marginPct);
    purchases += row.purchaseCount;
  }
  return {
    daysReturned: rows.length,
    grossRevenue: gross / 100,
    adSpend: ads / 100,
    finalProfit: profit / 100,
    purchaseCount: purchases,
    avgMarginPct: rows.length ? roundedQuotient(margin, rows.length) / 100 : 0,
  };
}
