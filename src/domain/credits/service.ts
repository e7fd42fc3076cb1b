// Credits as the account sees them: balance, totals, auto top-up and the latest transactions.
import type { PrismaClient } from '../../db/client.ts';
import { creditsRepo } from './repo.ts';
import { pageOf, pageRequest, type PageArgs } from '../paging.ts';

export const TRANSACTION_PAGE = { default: 25, max: 100 };

export const RECENT_TRANSACTIONS = 5;

export function creditsService(prisma: PrismaClient) {
  const repo = creditsRepo(prisma);
  return {
    async getCreditSummary(accountId: string) {
      const [balance, recent] = await Promise.all([repo.balance(accountId), repo.recentTransactions(accountId, RECENT_TRANSACTIONS)]);
      // Every account gets a balance row when it is created; an account without one has none yet.
      const row = balance ?? {
        balance: 0,
        totalPurchased: 0,
        totalSpent: 0,
        autoTopupEnabled: false,
        autoTopupThreshold: 100,
        autoTopupAmount: 500,
        autoTopupLastChargedAt: null,
        updatedAt: new Date(0),
      };
      return { accountId, ...row, recent };
    },
    /** A page of the ledger, newest first (first/after or last/before; at most 100). */
    async transactionsPage(accountId: string, args: PageArgs<number>) {
      const request = pageRequest(args, TRANSACTION_PAGE);
      return pageOf(await repo.transactionsPage(accountId, request), request);
    },
  };
}

export type CreditSummary = Awaited<ReturnType<ReturnType<typeof creditsService>['getCreditSummary']>>;
