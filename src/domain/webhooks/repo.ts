// The only Prisma access for webhook subscriptions. Every query is scoped by account.
import type { PrismaClient } from '../../db/client.ts';

export const webhookSelect = {
  id: true,
  url: true,
  events: true,
  active: true,
  lastFiredAt: true,
  lastStatus: true,
  failCount: true,
  totalFired: true,
  totalFailed: true,
  createdAt: true,
} as const;

const MAX_INT4 = 2_147_483_647;

export function webhooksRepo(prisma: PrismaClient) {
  return {
    /** Listed subscriptions: active (not deactivated by failures) and not revoked, id ascending. */
    listActive(accountId: string) {
      return prisma.webhookSubscription.findMany({ where: { accountId, active: true, revokedAt: null }, orderBy: { id: 'asc' }, select: webhookSelect });
    },
    /**
     * Inserts a subscription unless the account already has `max` active ones; returns null then.
     * The account row is locked (FOR UPDATE) for the count and the insert, so concurrent creates
     * of one account run one after the other and can never pass the cap together.
     */
    createWithinCap(data: { accountId: string; url: string; events: string[]; secret: string }, max: number) {
      return prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${data.accountId} FOR UPDATE`;
          const active = await tx.webhookSubscription.count({ where: { accountId: data.accountId, active: true, revokedAt: null } });
          if (active >= max) return null;
          return tx.webhookSubscription.create({ data, select: webhookSelect });
        },
        // Waiting for the lock (or, on the embedded database, for another transaction) is normal
        // under concurrent creates; the transaction itself stays short.
        { maxWait: 15_000, timeout: 10_000 },
      );
    },
    /** Revokes a subscription of this account that is not revoked yet; false when there is none. */
    async revoke(accountId: string, id: number, at: Date): Promise<boolean> {
      if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT4) return false;
      const changed = await prisma.webhookSubscription.updateMany({ where: { id, accountId, revokedAt: null }, data: { active: false, revokedAt: at } });
      return changed.count === 1;
    },
  };
}
