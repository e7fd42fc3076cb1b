// Profit: one snapshot per day written by the profit-snapshot job. The window is counted in the
// account's own calendar (its time zone), today included, because a snapshot's date is a local day.
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { profitRepo } from './repo.ts';
import { addDays, boundedCount, localDate } from '../shared/index.ts';
import { PROFIT_WINDOW, profitTotals, recomputeFrom } from './rules.ts';
import type { Profit } from './types.ts';

const DAY_MS = 86_400_000;

export function profitService(prisma: PrismaClient) {
  const repo = profitRepo(prisma);
  return {
    /**
     * Snapshots of the last `days` local days (clamped to the maximum), today included, oldest
     * first, with their totals.
     */
    async listProfit(accountId: string, query: { days?: number }, now = new Date()): Promise<Profit> {
      const windowDays = boundedCount(query.days, PROFIT_WINDOW, 'days');
      const timeZone = await repo.accountTimeZone(accountId);
      if (timeZone === null) throw new AppError('not_found', `no account ${accountId}`);
      const today = new Date(`${localDate(now, timeZone)}T00:00:00.000Z`);
      const from = new Date(today.getTime() - (windowDays - 1) * DAY_MS);
      const items = await repo.between(accountId, from, today);
      return { items, totals: profitTotals(items), windowDays };
    },
    /**
     * The profit-snapshot job: one snapshot per local day of the account, from its first day with
     * data to today. Incremental by default (the last few days; a full back-fill when the account
     * has none yet or its snapshots have a gap); `full` recomputes every day. Idempotent; returns
     * the rows written.
     */
    async snapshotProfit(accountId: string, now = new Date(), options: { full?: boolean } = {}): Promise<number> {
      const from = options.full ? null : recomputeFrom(await repo.profitCoverage(accountId));
      return repo.upsertProfitSnapshots(accountId, now, from);
    },
    /**
     * The analytics catch-up: the snapshots of these local days (YYYY-MM-DD, however old), which a
     * write changed. When a marked day is newer than the newest snapshot, the days between are
     * written too, so the catch-up never leaves a gap; an account whose snapshots need a back-fill
     * (none yet, a gap, data older than the oldest) gets it, as the hourly job would. Returns the
     * rows written.
     */
    async snapshotDays(accountId: string, days: readonly string[], now = new Date()): Promise<number> {
      if (days.length === 0) return 0;
      const coverage = await repo.profitCoverage(accountId);
      if (recomputeFrom(coverage) === null)
        return (await repo.upsertProfitSnapshots(accountId, now, null)) + (await repo.upsertProfitDays(accountId, now, days));
      const newest = days.reduce((a, b) => (a > b ? a : b));
      const last = coverage.lastSnapshot!;
      const after = newest > last ? await repo.upsertProfitSnapshots(accountId, now, addDays(last, 1)) : 0;
      return (
        after +
        (await repo.upsertProfitDays(
          accountId,
          now,
          days.filter((day) => day <= last),
        ))
      );
    },
  };
}

export type ProfitService = ReturnType<typeof profitService>;
