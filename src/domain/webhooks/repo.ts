// The only Prisma access for webhook subscriptions and their delivery log. Every query is scoped
// by account (a delivery through its subscription).
import type { PrismaClient } from '../../db/client.ts';
import { deliveryLogRepo } from './log-repo.ts';
import { recordEffect, type EffectSlot } from '../idempotency/index.ts';

/** The kind of effect a subscription records on its request's Idempotency-Key. */
export const WEBHOOK_EFFECT = 'webhook_subscription';

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

const validId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_INT4;

export function webhooksRepo(prisma: PrismaClient) {
  return {
    ...deliveryLogRepo(prisma),
    /** A subscription of this account that is not revoked (active or deactivated), with its secrets. */
    findSubscription(accountId: string, id: number) {
      if (!validId(id)) return Promise.resolve(null);
      return prisma.webhookSubscription.findFirst({
        where: { id, accountId, revokedAt: null },
        select: { ...webhookSelect, secret: true, previousSecret: true, previousSecretExpiresAt: true },
      });
    },
    /**
     * Replaces the secret of a subscription (not revoked) in one statement: the current secret
     * becomes the previous one until `previousExpiresAt` (none when null). False when there is none.
     */
    async rotateSecret(accountId: string, id: number, secret: string, previousExpiresAt: Date | null): Promise<boolean> {
      if (!validId(id)) return false;
      const changed = await prisma.$executeRaw`
        UPDATE webhook_subscriptions
        SET previous_secret = CASE WHEN ${previousExpiresAt}::timestamptz IS NULL THEN NULL ELSE secret END,
            previous_secret_expires_at = ${previousExpiresAt}::timestamptz,
            secret = ${secret}
        WHERE id = ${id} AND account_id = ${accountId} AND revoked_at IS NULL`;
      return changed === 1;
    },
    /**
     * Reactivates a subscription (resetting fail_count) unless the account already has `max` active
     * ones; the account row is locked as for a create. 'not_found' for none, 'cap' at the cap.
     */
    enableWithinCap(accountId: string, id: number, max: number) {
      if (!validId(id)) return Promise.resolve('not_found' as const);
      return prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`;
          const row = await tx.webhookSubscription.findFirst({ where: { id, accountId, revokedAt: null }, select: webhookSelect });
          if (!row) return 'not_found' as const;
          if (row.active) return row;
          const active = await tx.webhookSubscription.count({ where: { accountId, active: true, revokedAt: null } });
          if (active >= max) return 'cap' as const;
          return tx.webhookSubscription.update({ where: { id }, data: { active: true, failCount: 0, deactivatedAt: null }, select: webhookSelect });
        },
        { maxWait: 15_000, timeout: 10_000 },
      );
    },
    /** One subscription of the account that is not revoked (active or deactivated); null otherwise. */
    findOne(accountId: string, id: number) {
      return prisma.webhookSubscription.findFirst({ where: { id, accountId, revokedAt: null }, select: webhookSelect });
    },
    /** Listed subscriptions: active (not deactivated by failures) and not revoked, id ascending. */
    listActive(accountId: string) {
      return prisma.webhookSubscription.findMany({ where: { accountId, active: true, revokedAt: null }, orderBy: { id: 'asc' }, select: webhookSelect });
    },
    /**
     * Inserts a subscription unless the account already has `max` active ones; returns null then.
     * The account row is locked (FOR UPDATE) for the count and the insert, so concurrent creates
     * of one account run one after the other and can never pass the cap together.
     */
    /**
     * Rewrites every secret stored before encryption (no sealed prefix) with `seal`, each row only
     * if it still holds the value read (a rotation in between wins). Returns the rows rewritten.
     */
    async sealStoredSecrets(seal: (secret: string) => string, prefix: string): Promise<number> {
      const rows = await prisma.webhookSubscription.findMany({
        where: { OR: [{ NOT: { secret: { startsWith: prefix } } }, { previousSecret: { not: null }, NOT: { previousSecret: { startsWith: prefix } } }] },
        select: { id: true, secret: true, previousSecret: true },
      });
      let sealed = 0;
      for (const row of rows) {
        const secret = row.secret.startsWith(prefix) ? row.secret : seal(row.secret);
        const previousSecret = row.previousSecret === null || row.previousSecret.startsWith(prefix) ? row.previousSecret : seal(row.previousSecret);
        const { count } = await prisma.webhookSubscription.updateMany({
          where: { id: row.id, secret: row.secret, previousSecret: row.previousSecret },
          data: { secret, previousSecret },
        });
        sealed += count;
      }
      return sealed;
    },
    /** Creates a subscription unless the account has `max` active; with a slot, its id is recorded on that Idempotency-Key claim in the same transaction. */
    createWithinCap(data: { accountId: string; url: string; events: string[]; secret: string }, max: number, slot: EffectSlot | null = null) {
      return prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${data.accountId} FOR UPDATE`;
          const active = await tx.webhookSubscription.count({ where: { accountId: data.accountId, active: true, revokedAt: null } });
          if (active >= max) return null;
          const row = await tx.webhookSubscription.create({ data, select: webhookSelect });
          if (slot) await recordEffect(tx, data.accountId, slot, String(row.id));
          return row;
        },
        // Waiting for the lock (or, on the embedded database, for another transaction) is normal
        // under concurrent creates; the transaction itself stays short.
        { maxWait: 15_000, timeout: 10_000 },
      );
    },
    /** Revokes a subscription of this account that is not revoked yet; false when there is none. */
    async revoke(accountId: string, id: number, at: Date): Promise<boolean> {
      if (!validId(id)) return false;
      const changed = await prisma.webhookSubscription.updateMany({ where: { id, accountId, revokedAt: null }, data: { active: false, revokedAt: at } });
      return changed.count === 1;
    },
  };
}
