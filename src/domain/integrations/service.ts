// Integration status follows the contract's rules, evaluated when read: revoked once revoked;
// never_synced while connected without a completed sync; stale after 24 hours without a sync;
// else connected. The transitions (connect, a completed sync, revoke, the staleness sweep of the
// integrations-staleness job) also record the status and emit their events
// (docs/analytics.md, "Integrations").
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { domainEvent } from '../events/catalog.ts';
import { integrationsRepo, type ConnectInput, type IntegrationRef } from './repo.ts';

export const STALE_AFTER_MS = 24 * 3_600_000;
export const INTEGRATION_STATUSES = ['connected', 'stale', 'revoked', 'never_synced'] as const;
export type IntegrationStatusName = (typeof INTEGRATION_STATUSES)[number];
/** Why an integration was revoked: an upstream uninstall notice, a person, or an expired token. */
export const REVOKE_REASONS = ['app_uninstalled', 'manual', 'token_expired'] as const;
export type RevokeReason = (typeof REVOKE_REASONS)[number];

export function integrationStatus(row: { revokedAt: Date | null; lastSyncAt: Date | null }, now: Date): IntegrationStatusName {
  if (row.revokedAt) return 'revoked';
  if (!row.lastSyncAt) return 'never_synced';
  return now.getTime() - row.lastSyncAt.getTime() > STALE_AFTER_MS ? 'stale' : 'connected';
}

const revokedEvents = (reason: RevokeReason) => (rows: IntegrationRef[]) =>
  rows.map((r) => domainEvent('integration.revoked', { provider: r.provider, store_id: r.id, reason }));

export function integrationsService(prisma: PrismaClient) {
  const repo = integrationsRepo(prisma);

  async function revokeWhere(accountId: string, where: { id: number } | { provider: string; shop: string }, reason: RevokeReason, now: Date) {
    const found = await repo.find(accountId, where);
    if (!found) throw new AppError('not_found', 'no such integration');
    // Already revoked: nothing changes and no second event.
    if (found.revokedAt) return { id: found.id, revoked: false };
    const rows = await repo.revoke(accountId, found.id, reason, now, revokedEvents(reason));
    return { id: found.id, revoked: rows.length === 1 };
  }

  return {
    async listIntegrations(accountId: string, now = new Date()) {
      const items = (await repo.list(accountId)).map((row) => ({
        ...row,
        status: integrationStatus(row, now),
        lastSyncMinutesAgo: row.lastSyncAt ? Math.floor((now.getTime() - row.lastSyncAt.getTime()) / 60_000) : null,
      }));
      const totals = { total: items.length, connected: 0, stale: 0, revoked: 0, never_synced: 0 };
      for (const item of items) totals[item.status]++;
      return { items, totals };
    },

    /**
     * What a successful OAuth callback calls: creates the integration (never_synced) or
     * re-connects the existing one for the provider and shop, and emits integration.connected.
     */
    async connectIntegration(accountId: string, input: ConnectInput, now = new Date()) {
      if (!input.provider || !input.shop)
        throw new AppError('invalid_field', 'provider and shop are required', { param: input.provider ? 'shop' : 'provider' });
      return repo.connect(accountId, input, now, { keepSyncAfter: new Date(now.getTime() - STALE_AFTER_MS) }, (row) => [
        domainEvent('integration.connected', { provider: row.provider, shop: row.shop }),
      ]);
    },

    /** A sync completed at `at`: the integration is connected again (no event). */
    async recordSync(accountId: string, id: number, at = new Date()): Promise<void> {
      if ((await repo.recordSync(accountId, id, at)) === 1) return;
      const found = await repo.find(accountId, { id });
      if (!found) throw new AppError('not_found', 'no such integration');
      throw new AppError('conflict', 'the integration is revoked');
    },

    // Every revoke below also deletes the integration's stored tokens, in the revoke's transaction.

    /** A manual revoke (dashboard, CLI). */
    revokeIntegration: (accountId: string, id: number, now = new Date()) => revokeWhere(accountId, { id }, 'manual', now),

    /**
     * The upstream refused the integration's token (HTTP 401/403 from its API) or refused to
     * refresh it (a revoked or expired grant): revoked, reason token_expired.
     */
    revokeForToken: (accountId: string, id: number, now = new Date()) => revokeWhere(accountId, { id }, 'token_expired', now),

    /** The platform's app-uninstall notice names the provider and the shop. */
    handleUninstall: (accountId: string, provider: string, shop: string, now = new Date()) =>
      revokeWhere(accountId, { provider, shop }, 'app_uninstalled', now),

    /**
     * The integrations-staleness job: expired tokens revoke their integration
     * (integration.revoked, reason token_expired); connected integrations without a sync for 24
     * hours turn stale (integration.disconnected). Returns the rows changed.
     */
    checkStaleness(accountId: string, now = new Date()): Promise<number> {
      return repo.sweep(accountId, now, new Date(now.getTime() - STALE_AFTER_MS), {
        expired: revokedEvents('token_expired'),
        stale: (rows) =>
          rows.map((r) =>
            domainEvent('integration.disconnected', {
              provider: r.provider,
              store_id: r.id,
              shop: r.shop,
              last_sync_at: r.lastSyncAt ? r.lastSyncAt.toISOString() : null,
              reason: 'stale',
            }),
          ),
      });
    },
  };
}

export type IntegrationsService = ReturnType<typeof integrationsService>;
