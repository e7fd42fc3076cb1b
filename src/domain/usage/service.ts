// AI usage: a record per AI call (feature, model, tokens in and out, cost in USD, credits) and the
// self-billing view of /api/v1/usage: per-feature breakdown, a daily series and three periods
// (today, this month, last 30 days), all in the account's own calendar (its time zone).
import { addDays, localDate } from '../shared/index.ts';
import type { PrismaClient } from '../../db/client.ts';
import type { AccountsService } from '../accounts/service.ts';
import { usageRepo, type UsageBucket, type UsageRecord } from './repo.ts';

/** Days in the daily series and in the last_30_days period, today included. */
export const USAGE_DAYS = 30;

export interface UsageTotals {
  requests: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  credits: number;
}

export interface UsagePeriod extends UsageTotals {
  from: string;
  to: string;
  byFeature: Array<UsageTotals & { feature: string }>;
}

export interface UsageReport {
  accountId: string;
  timeZone: string;
  periods: { today: UsagePeriod; thisMonth: UsagePeriod; last30Days: UsagePeriod };
  daily: Array<UsageTotals & { date: string }>;
}

/** Dollars as integer micro-dollars (the column has 6 decimals), so that sums are exact. */
const micros = (text: string): number => Math.round(Number(text) * 1_000_000);

interface Acc {
  requests: number;
  tokensIn: number;
  tokensOut: number;
  micros: number;
  credits: number;
}
const empty = (): Acc => ({ requests: 0, tokensIn: 0, tokensOut: 0, micros: 0, credits: 0 });
function add(acc: Acc, b: UsageBucket): void {
  acc.requests += b.requests;
  acc.tokensIn += b.tokensIn;
  acc.tokensOut += b.tokensOut;
  acc.micros += micros(b.costUsd);
  acc.credits += b.credits;
}
const totals = (a: Acc): UsageTotals => ({
  requests: a.requests,
  tokensIn: a.tokensIn,
  tokensOut: a.tokensOut,
  costUsd: a.micros / 1_000_000,
  credits: a.credits,
});

function period(buckets: UsageBucket[], from: string, to: string): UsagePeriod {
  const all = empty();
  const features = new Map<string, Acc>();
  for (const b of buckets) {
    if (b.day < from || b.day > to) continue;
    add(all, b);
    if (!features.has(b.feature)) features.set(b.feature, empty());
    add(features.get(b.feature)!, b);
  }
  const byFeature = [...features.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([feature, acc]) => ({ feature, ...totals(acc) }));
  return { from, to, ...totals(all), byFeature };
}

export function usageService(prisma: PrismaClient, accounts: Pick<AccountsService, 'getAccount'>) {
  const repo = usageRepo(prisma);

  /** Totals of local days `from`..`to` in the account's time zone. */
  async function totalsBetween(accountId: string, timeZone: string, from: string, to: string): Promise<UsageTotals> {
    const { byFeature: _ignored, from: _f, to: _t, ...sum } = period(await repo.byDayAndFeature(accountId, timeZone, from, to), from, to);
    return sum;
  }

  return {
    /** Stores the record of one AI call. */
    record: (accountId: string, record: UsageRecord) => repo.record(accountId, record),

    async getUsage(accountId: string, now = new Date()): Promise<UsageReport> {
      const { timezone: timeZone } = await accounts.getAccount(accountId);
      const today = localDate(now, timeZone);
      const monthStart = `${today.slice(0, 7)}-01`;
      const windowStart = addDays(today, -(USAGE_DAYS - 1));
      const from = monthStart < windowStart ? monthStart : windowStart;
      const buckets = await repo.byDayAndFeature(accountId, timeZone, from, today);
      const byDay = new Map<string, ReturnType<typeof empty>>();
      for (const b of buckets) {
        if (b.day < windowStart) continue;
        const acc = byDay.get(b.day) ?? empty();
        add(acc, b);
        byDay.set(b.day, acc);
      }
      const daily: UsageReport['daily'] = [];
      for (let day = windowStart; day <= today; day = addDays(day, 1)) daily.push({ date: day, ...totals(byDay.get(day) ?? empty()) });
      return {
        accountId,
        timeZone,
        periods: { today: period(buckets, today, today), thisMonth: period(buckets, monthStart, today), last30Days: period(buckets, windowStart, today) },
        daily,
      };
    },

    /** The account's AI usage in the local calendar month of `now`, with that month (YYYY-MM). */
    async monthToDate(accountId: string, now = new Date()): Promise<UsageTotals & { month: string; timeZone: string }> {
      const { timezone: timeZone } = await accounts.getAccount(accountId);
      const today = localDate(now, timeZone);
      return { month: today.slice(0, 7), timeZone, ...(await totalsBetween(accountId, timeZone, `${today.slice(0, 7)}-01`, today)) };
    },
  };
}

export type UsageService = ReturnType<typeof usageService>;
