// An integration's sync streams and the progress they add up to (docs/connectors/shopify-sync.md):
// a backfill is a list of streams done one after the other (each a bulk operation, then its
// download); progress is records stored, a percent over the streams (the download of the current
// one by bytes) and an ETA from the elapsed time; reconciliation streams keep a cursor.
import type { PrismaClient } from '../../../db/client.ts';
import { syncStreamsRepo, type SyncStreamPatch, type SyncStreamRow } from './repo.ts';
import type { InboxError } from '../../connections/index.ts';

export type SyncPhase = 'idle' | 'backfill' | 'synced' | 'failed';

export interface SyncStatus {
  phase: SyncPhase;
  /** Backfill progress: records stored so far, percent done (null before a download starts), ETA in seconds. */
  progress: { records: number; percent: number | null; etaSeconds: number | null };
  lastError: string | null;
  streams: SyncStreamRow[];
}

/** The backfill streams' name prefix. */
export const BACKFILL_PREFIX = 'backfill:';

export function syncProgress(streams: readonly SyncStreamRow[], backfillStreams: readonly string[], now: Date): SyncStatus {
  const rows = new Map(streams.map((s) => [s.stream, s]));
  const backfill = backfillStreams.map((name) => rows.get(BACKFILL_PREFIX + name) ?? null);
  const records = backfill.reduce((sum, s) => sum + (s?.recordsDone ?? 0), 0);
  const failed = streams.find((s) => s.phase === 'failed') ?? null;
  const lastError = failed?.lastError ?? streams.map((s) => s.lastError).find(Boolean) ?? null;
  const done = backfill.filter((s) => s?.phase === 'completed').length;
  if (backfill.every((s) => s === null))
    return { phase: failed ? 'failed' : 'idle', progress: { records, percent: null, etaSeconds: null }, lastError, streams: [...streams] };
  if (done === backfill.length)
    return { phase: failed ? 'failed' : 'synced', progress: { records, percent: 100, etaSeconds: 0 }, lastError, streams: [...streams] };
  const current = backfill.find((s) => s && s.phase !== 'completed') ?? null;
  const fraction = current?.bytesTotal ? Math.min(1, current.bytesDone / current.bytesTotal) : 0;
  const percent = Math.round(((done + fraction) / backfill.length) * 1000) / 10;
  const started = backfill.map((s) => s?.startedAt?.getTime()).filter((t): t is number => typeof t === 'number');
  const elapsed = started.length ? (now.getTime() - Math.min(...started)) / 1000 : 0;
  const etaSeconds = percent > 0 ? Math.round((elapsed / percent) * (100 - percent)) : null;
  return {
    phase: failed ? 'failed' : 'backfill',
    progress: { records, percent: done || fraction ? percent : null, etaSeconds },
    lastError,
    streams: [...streams],
  };
}

/** How many errors an integration's recent errors list (GraphQL IntegrationSyncStatus.recentErrors). */
export const RECENT_ERRORS = 10;

/** An error of an integration as its recent errors list it: a sync stream's or a webhook delivery's. */
export interface RecentError {
  /** A stream's last update (when its error was recorded, or since); a delivery's failed attempt. */
  at: Date;
  source: 'sync' | 'webhook';
  /** The delivery's topic (null for a stream). */
  topic: string | null;
  message: string;
  /** The delivery's attempts (null for a stream). */
  attempts: number | null;
  /** A failed stream is run again by the next sync run (rejected records of a running or done one are not); a delivery until its last attempt. */
  willRetry: boolean;
  nextAttemptAt: Date | null;
}

/**
 * An integration's recent errors: its streams' last errors and its failed or retrying webhook
 * deliveries (connections' inboxErrors), newest first, at most RECENT_ERRORS.
 */
export function recentErrors(streams: readonly SyncStreamRow[], deliveries: readonly InboxError[]): RecentError[] {
  const fromStreams = streams.flatMap((s): RecentError[] =>
    s.lastError
      ? [{ at: s.updatedAt, source: 'sync', topic: null, message: s.lastError, attempts: null, willRetry: s.phase === 'failed', nextAttemptAt: null }]
      : [],
  );
  const fromDeliveries = deliveries.map((d): RecentError => ({ ...d, source: 'webhook' }));
  return [...fromStreams, ...fromDeliveries].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, RECENT_ERRORS);
}

export function syncStreamsService(prisma: PrismaClient) {
  const repo = syncStreamsRepo(prisma);
  return {
    listStreams: repo.list,
    getStream: repo.get,
    saveStream: (accountId: string, integrationId: number, stream: string, patch: SyncStreamPatch, now = new Date()) =>
      repo.save(accountId, integrationId, stream, patch, now),
    /** Patches a stream only while it still runs `operationId` (false: reset or taken over meanwhile). */
    updateStream: (accountId: string, integrationId: number, stream: string, operationId: string, patch: SyncStreamPatch, now = new Date()) =>
      repo.updateIf(accountId, integrationId, stream, operationId, patch, now),
    resetBackfill: (accountId: string, integrationId: number) => repo.reset(accountId, integrationId, BACKFILL_PREFIX),
    locateIntegration: repo.locate,
    async syncStatus(accountId: string, integrationId: number, backfillStreams: readonly string[], now = new Date()): Promise<SyncStatus> {
      return syncProgress(await repo.list(accountId, integrationId), backfillStreams, now);
    },
    /** syncStatus of several of the account's integrations, in their order, from one read (a per-request DataLoader's batch). */
    async syncStatuses(accountId: string, integrationIds: readonly number[], backfillStreams: readonly string[], now = new Date()): Promise<SyncStatus[]> {
      const streams = await repo.listMany(accountId, integrationIds);
      return integrationIds.map((id) => syncProgress(streams.get(id) ?? [], backfillStreams, now));
    },
  };
}

export type SyncStreamsService = ReturnType<typeof syncStreamsService>;
export type { SyncStreamRow, SyncStreamPatch };
