// Profit: one snapshot per day written by the profit-snapshot job. The window is counted in the
// account's own calendar (its time zone), today included, because a snapshot's date is a local day.
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { profitRepo } from './repo.ts';
import { boundedCount } from '../bounds.ts';

const DAY_MS = 86_400_000;
export const PROFIT_WINDOW = { default: 30, max: 365 };

type DecimalLike = { toString(): string };

/** The calendar date (YYYY-MM-DD) that `now` falls on in `timeZone`. */
export function localDate(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

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

export function profitTotals(rows: ReadonlyArray<{ grossRevenue: DecimalLike; adSpend: DecimalLike; finalProfit: DecimalLike; marginPct: DecimalLike; purchaseCount: number }>): ProfitTotals {
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

export function profitService(prisma: PrismaClient) {
  const repo = profitRepo(prisma);
  return {
    /**
     * Snapshots of the last `days` local days (clamped to the maximum), today included, oldest
     * first, with their totals.
     */
    async listProfit(accountId: string, query: { days?: number }, now = new Date()) {
      const windowDays = boundedCount(query.days, PROFIT_WINDOW, 'days');
      const timeZone = await repo.accountTimeZone(accountId);
      if (timeZone === null) throw new AppError('not_found', `no account ${accountId}`);
      const today = new Date(`${localDate(now, timeZone)}T00:00:00.000Z`);
      const from = new Date(today.getTime() - (windowDays - 1) * DAY_MS);
      const items = await repo.between(accountId, from, today);
      return { items, totals: profitTotals(items), windowDays };
    },
  };
}

export type ProfitService = ReturnType<typeof profitService>;
