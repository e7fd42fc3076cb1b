// The only Prisma access for reading credits (the ledger's writes arrive with the credits issue).
import type { PrismaClient } from '../../db/client.ts';
import { idDescendingWindow, type PageRequest } from '../paging.ts';

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
    /** A page of the ledger in id-descending order (see domain/paging.ts), take+1 rows in fetch order. */
    transactionsPage(accountId: string, request: PageRequest<number>) {
      const { id, order, take } = idDescendingWindow(request);
      return prisma.creditTransaction.findMany({
        where: { accountId, ...(id ? { id } : {}) },
        orderBy: { id: order },
        take,
        select: { id: true, kind: true, feature: true, amount: true, balanceAfter: true, createdAt: true, meta: true },
      });
    },
  };
}
