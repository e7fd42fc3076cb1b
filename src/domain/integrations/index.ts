// The integrations module's public surface.
export { integrationsService, type IntegrationsService } from './service.ts';
export type { IntegrationRef, ConnectInput } from './repo.ts';

import type { IntegrationStatusName } from './service.ts';

/** A connected integration with its derived status. */
export interface Integration {
  id: number;
  provider: string;
  shop: string;
  scopes: string[];
  connectedAt: Date;
  revokedAt: Date | null;
  lastSyncAt: Date | null;
  status: IntegrationStatusName;
  lastSyncMinutesAgo: number | null;
}

/** The account's integrations and how many are in each status. */
export interface IntegrationList {
  items: Integration[];
  totals: Record<IntegrationStatusName, number> & { total: number };
}

export {
  syncStreamsService,
  syncProgress,
  recentErrors,
  RECENT_ERRORS,
  BACKFILL_PREFIX,
  type SyncStreamsService,
  type SyncStatus,
  type SyncPhase,
  type RecentError,
} from './sync/service.ts';
export type { SyncStreamRow, SyncStreamPatch } from './sync/repo.ts';
