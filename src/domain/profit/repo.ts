// The only Prisma access for profit snapshots.
import type { PrismaClient } from '../../db/client.ts';

export const profitSnapshotSelect = {
  snapshotDate: true,
  grossRevenue: true,
  refunds: true,
  adSpend: true,
  cogsEstimate: true,
  feesEstimate: true,
  shippingEstimate: true,
  extraExpenses: true,
  netRevenue: true,
  operationalProfit: true,
  finalProfit: true,
  marginPct: true,
  purchaseCount: true,
} as const;

export function profitRepo(prisma: PrismaClient) {
  return {
    /** The account's IANA time zone, or null when the account does not exist. */
    async accountTimeZone(accountId: string): Promise<string | null> {
      const account = await prisma.account.findUnique({ where: { id: accountId }, select: { timezone: true } });
      return account?.timezone ?? null;
    },
    /** Daily snapshots with `from` <= snapshot_date <= `to` (UTC-midnight dates), oldest first. */
    between(accountId: string, from: Date, to: Date) {
      return prisma.profitSnapshot.findMany({
        where: { accountId, snapshotDate: { gte: from, lte: to } },
        orderBy: { snapshotDate: 'asc' },
        select: profitSnapshotSelect,
      });
    },
  };
}
