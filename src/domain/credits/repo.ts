// The only Prisma access for reading credits (the ledger's writes arrive with the credits issue).
import type { PrismaClient } from '../../db/client.ts';

export function creditsRepo(prisma: PrismaClient) {
  return {
    balance(accountId: string) {
      return prisma.creditBalance.findUnique({ where: { accountId } });
    },
    recentTransactions(accountId: string, take: number) {
      return prisma.creditTransaction.findMany({
        where: { accountId },
        orderBy: { id: 'desc' },
        take,
        select: { kind: true, feature: true, amount: true, balanceAfter: true, createdAt: true, meta: true },
      });
    },
  };
}
