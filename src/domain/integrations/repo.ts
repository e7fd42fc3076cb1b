// The only Prisma access for integrations: the v1 list, the connect / sync / revoke transitions
// and the staleness sweep, each state change written with its events in one transaction.
import { col, isUniqueViolation, parseRows, z } from '../shared/rows.ts';
import type { PrismaClient, TransactionClient } from '../../db/client.ts';
import { appendEvents } from '../events/repo.ts';
import type { DomainEvent } from '../events/catalog.ts';

export interface IntegrationRef {
  id: number;
  provider: string;
  shop: string;
  lastSyncAt: Date | null;
}

export interface ConnectInput {
  provider: string;
  shop: string;
  scopes: string[];
  tokenType?: string | null;
  tokenLast4?: string | null;
  tokenExpiresAt?: Date | null;
}

const refSelect = { id: true, provider: true, shop: true, lastSyncAt: true } as const;

const refRow = z.object({ id: col.int, provider: col.text, shop: col.text, last_sync_at: col.date.nullable() });

export function integrationsRepo(prisma: PrismaClient) {
  function connectOnce(accountId: string, input: ConnectInput, now: Date, status: { keepSyncAfter: Date }, announce: (row: IntegrationRef) => DomainEvent[]) {
    return prisma.$transaction(async (tx) => {
      const token = { tokenType: input.tokenType ?? null, tokenLast4: input.tokenLast4 ?? null, tokenExpiresAt: input.tokenExpiresAt ?? null };
      const existing = await tx.integration.findUnique({
        where: { accountId_provider_shop: { accountId, provider: input.provider, shop: input.shop } },
        select: { ...refSelect, revokedAt: true },
      });
      const keepSync = existing && !existing.revokedAt && existing.lastSyncAt && existing.lastSyncAt > status.keepSyncAfter ? existing.lastSyncAt : null;
      // A reinstall after a revoke starts its sync over: the backfill reads everything again (the
      // data may have changed or been erased meanwhile; newer-wins keeps it idempotent) and the
      // webhook subscriptions, which the uninstall removed upstream, are registered again.
      if (existing?.revokedAt) await tx.$executeRaw`DELETE FROM integration_sync_streams WHERE integration_id = ${existing.id}`;
      const row = existing
        ? await tx.integration.update({
            where: { id: existing.id },
            data: {
              scopes: input.scopes,
              ...token,
              connectedAt: now,
              revokedAt: null,
              revokeReason: null,
              lastSyncAt: keepSync,
              status: keepSync ? 'connected' : 'never_synced',
            },
            select: refSelect,
          })
        : await tx.integration.create({
            data: { accountId, provider: input.provider, shop: input.shop, scopes: input.scopes, ...token, connectedAt: now, status: 'never_synced' },
            select: refSelect,
          });
      await appendEvents(tx, accountId, announce(row), now);
      return row;
    });
  }

  return {
    list(accountId: string) {
      return prisma.integration.findMany({
        where: { accountId },
        orderBy: { id: 'asc' },
        select: { id: true, provider: true, shop: true, scopes: true, connectedAt: true, revokedAt: true, lastSyncAt: true },
      });
    },

    find(accountId: string, where: { id: number } | { provider: string; shop: string }) {
      return prisma.integration.findFirst({ where: { accountId, ...where }, select: { ...refSelect, revokedAt: true } });
    },

    /**
     * Creates the integration, or re-connects the existing one for the same provider and shop
     * (revocation cleared, connected_at now, a last sync older than `keepSyncAfter` forgotten, the
     * sync streams of a revoked one deleted), with
     * the events `announce` builds, in one transaction.
     */
    async connect(accountId: string, input: ConnectInput, now: Date, status: { keepSyncAfter: Date }, announce: (row: IntegrationRef) => DomainEvent[]) {
      try {
        return await connectOnce(accountId, input, now, status, announce);
      } catch (error) {
        // Two callbacks of one shop at once both found no row; the one that lost re-connects the row the other made.
        if (!isUniqueViolation(error)) throw error;
        return connectOnce(accountId, input, now, status, announce);
      }
    },

    /** A completed sync: last_sync_at moves forward and the status becomes connected. */
    async recordSync(accountId: string, id: number, at: Date): Promise<number> {
      return prisma.$executeRaw`
        UPDATE integrations SET last_sync_at = greatest(last_sync_at, ${at}::timestamptz), status = 'connected', updated_at = now()
        WHERE id = ${id} AND account_id = ${accountId} AND revoked_at IS NULL`;
    },

    /**
     * Revokes one integration unless already revoked, forgetting its tokens (a revoked
     * integration is reconnected with new ones, never with these); the events of the rows
     * revoked, in the same transaction.
     */
    revoke(accountId: string, id: number, reason: string, now: Date, announce: (rows: IntegrationRef[]) => DomainEvent[]): Promise<IntegrationRef[]> {
      return prisma.$transaction(async (tx) => {
        const rows = parseRows(
          refRow,
          await tx.$queryRaw`
          UPDATE integrations SET status = 'revoked', revoked_at = ${now}::timestamptz, revoke_reason = ${reason}, updated_at = ${now}::timestamptz
          WHERE id = ${id} AND account_id = ${accountId} AND revoked_at IS NULL
          RETURNING id, provider, shop, last_sync_at`,
        );
        await forgetTokens(tx, rows);
        const refs = rows.map(toRef);
        await appendEvents(tx, accountId, announce(refs), now);
        return refs;
      });
    },

    /**
     * The sweep, in one transaction: integrations whose token expired at or before `now` are
     * revoked (reason token_expired); connected ones whose last sync is older than `staleBefore`
     * become stale; stale ones synced since become connected. Returns the rows changed.
     */
    sweep(
      accountId: string,
      now: Date,
      staleBefore: Date,
      announce: { expired: (rows: IntegrationRef[]) => DomainEvent[]; stale: (rows: IntegrationRef[]) => DomainEvent[] },
    ): Promise<number> {
      return prisma.$transaction(async (tx) => {
        const expired = parseRows(
          refRow,
          await tx.$queryRaw`
          UPDATE integrations SET status = 'revoked', revoked_at = ${now}::timestamptz, revoke_reason = 'token_expired', updated_at = ${now}::timestamptz
          WHERE account_id = ${accountId} AND revoked_at IS NULL AND token_expires_at <= ${now}::timestamptz
          RETURNING id, provider, shop, last_sync_at`,
        );
        await forgetTokens(tx, expired);
        const stale = parseRows(
          refRow,
          await tx.$queryRaw`
          UPDATE integrations SET status = 'stale', updated_at = ${now}::timestamptz
          WHERE account_id = ${accountId} AND revoked_at IS NULL AND status = 'connected' AND last_sync_at < ${staleBefore}::timestamptz
          RETURNING id, provider, shop, last_sync_at`,
        );
        const fresh = await tx.$executeRaw`
          UPDATE integrations SET status = 'connected', updated_at = ${now}::timestamptz
          WHERE account_id = ${accountId} AND revoked_at IS NULL AND status = 'stale' AND last_sync_at >= ${staleBefore}::timestamptz`;
        await appendEvents(tx, accountId, [...announce.expired(expired.map(toRef)), ...announce.stale(stale.map(toRef))], now);
        return expired.length + stale.length + fresh;
      });
    },
  };
}

/** A revoked integration's sealed tokens are deleted with the revoke, in its transaction. */
async function forgetTokens(tx: TransactionClient, rows: ReadonlyArray<{ id: number }>): Promise<void> {
  if (rows.length) await tx.$executeRaw`DELETE FROM integration_credentials WHERE integration_id = ANY(${rows.map((r) => r.id)}::int[])`;
}

const toRef = (r: { id: number; provider: string; shop: string; last_sync_at: Date | null }): IntegrationRef => ({
  id: r.id,
  provider: r.provider,
  shop: r.shop,
  lastSyncAt: r.last_sync_at,
});
