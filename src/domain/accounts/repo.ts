// The only Prisma access for accounts.
import type { PrismaClient } from '../../db/client.ts';
import type { Plan } from '../../db/__generated__/prisma/enums.ts';

const accountSelect = { id: true, name: true, plan: true, currency: true, timezone: true, refundAttribution: true, isDemo: true, createdAt: true } as const;

export function accountsRepo(prisma: PrismaClient) {
  return {
    /** An account with its credit balance and AI access rows, in one transaction. */
    create(data: { id: string; name: string; plan: Plan; currency: string; timezone: string }) {
      return prisma.$transaction(async (tx) => {
        const account = await tx.account.create({ data, select: accountSelect });
        await tx.creditBalance.create({ data: { accountId: account.id } });
        await tx.aiAccess.create({ data: { accountId: account.id } });
        return account;
      });
    },
    getById(id: string) {
      return prisma.account.findUnique({ where: { id }, select: accountSelect });
    },
    count() {
      return prisma.account.count();
    },
  };
}
