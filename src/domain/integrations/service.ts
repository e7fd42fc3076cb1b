// Integration status follows the contract's rules, evaluated when read: revoked once revoked;
// never_synced while connected without a completed sync; stale after 24 hours without a sync;
// else connected. (The staleness job records the same transitions and emits their events.)
import type { PrismaClient } from '../../db/client.ts';
import { integrationsRepo } from './repo.ts';

export const STALE_AFTER_MS = 24 * 3_600_000;
export const INTEGRATION_STATUSES = ['connected', 'stale', 'revoked', 'never_synced'] as const;
export type IntegrationStatusName = (typeof INTEGRATION_STATUSES)[number];

export function integrationStatus(row: { revokedAt: Date | null; lastSyncAt: Date | null }, now: Date): IntegrationStatusName {
  if (row.revokedAt) return 'revoked';
  if (!row.lastSyncAt) return 'never_synced';
  return now.getTime() - row.lastSyncAt.getTime() > STALE_AFTER_MS ? 'stale' : 'connected';
}

export function integrationsService(prisma: PrismaClient) {
  const repo = integrationsRepo(prisma);
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
  };
}
