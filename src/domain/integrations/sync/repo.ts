// The only Prisma access for integrations' sync streams (integration_sync_streams): one row per
// (integration, stream) holding a backfill's bulk operation and download position, or a
// reconciliation's cursor. Every statement is scoped by the account.
import type { PrismaClient } from '../../../db/client.ts';

export interface SyncStreamRow {
  stream: string;
  phase: string;
  cursor: Date | null;
  operationId: string | null;
  linesDone: number;
  recordsDone: number;
  bytesDone: number;
  bytesTotal: number | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  lastError: string | null;
  updatedAt: Date;
}

export type SyncStreamPatch = Partial<Omit<SyncStreamRow, 'stream' | 'updatedAt'>>;

const select = {
  stream: true,
  phase: true,
  cursor: true,
  operationId: true,
  linesDone: true,
  recordsDone: true,
  bytesDone: true,
  bytesTotal: true,
  startedAt: true,
  finishedAt: true,
  lastError: true,
  updatedAt: true,
} as const;

type Raw = Omit<SyncStreamRow, 'bytesDone' | 'bytesTotal'> & { bytesDone: bigint; bytesTotal: bigint | null };
const toRow = (r: Raw): SyncStreamRow => ({ ...r, bytesDone: Number(r.bytesDone), bytesTotal: r.bytesTotal === null ? null : Number(r.bytesTotal) });

function toData(patch: SyncStreamPatch) {
  const { bytesDone, bytesTotal, ...rest } = patch;
  return {
    ...rest,
    ...(bytesDone !== undefined ? { bytesDone: BigInt(bytesDone) } : {}),
    ...(bytesTotal !== undefined ? { bytesTotal: bytesTotal === null ? null : BigInt(bytesTotal) } : {}),
  };
}

export function syncStreamsRepo(prisma: PrismaClient) {
  return {
    async list(accountId: string, integrationId: number): Promise<SyncStreamRow[]> {
      const rows = await prisma.integrationSyncStream.findMany({ where: { accountId, integrationId }, orderBy: { stream: 'asc' }, select });
      return rows.map(toRow);
    },

    /** The streams of several of the account's integrations in one statement, by integration id (none: an empty list). */
    async listMany(accountId: string, integrationIds: readonly number[]): Promise<Map<number, SyncStreamRow[]>> {
      const rows = await prisma.integrationSyncStream.findMany({
        where: { accountId, integrationId: { in: [...integrationIds] } },
        orderBy: { stream: 'asc' },
        select: { ...select, integrationId: true },
      });
      const byIntegration = new Map<number, SyncStreamRow[]>(integrationIds.map((id) => [id, []]));
      for (const { integrationId, ...row } of rows) byIntegration.get(integrationId)?.push(toRow(row));
      return byIntegration;
    },

    async get(accountId: string, integrationId: number, stream: string): Promise<SyncStreamRow | null> {
      const row = await prisma.integrationSyncStream.findFirst({ where: { accountId, integrationId, stream }, select });
      return row ? toRow(row) : null;
    },

    /** Writes a stream's row (created on first write) when the integration is the account's. */
    async save(accountId: string, integrationId: number, stream: string, patch: SyncStreamPatch, now: Date): Promise<void> {
      const owned = await prisma.integration.count({ where: { id: integrationId, accountId } });
      if (!owned) return;
      const data = { ...toData(patch), updatedAt: now };
      await prisma.integrationSyncStream.upsert({
        where: { integrationId_stream: { integrationId, stream } },
        create: { integrationId, accountId, stream, ...data },
        update: data,
      });
    },

    /**
     * Patches a stream only while it still runs the operation `operationId`; false when it does
     * not (a re-sync deleted it, or another run started a new operation for it).
     */
    async updateIf(accountId: string, integrationId: number, stream: string, operationId: string, patch: SyncStreamPatch, now: Date): Promise<boolean> {
      const { count } = await prisma.integrationSyncStream.updateMany({
        where: { accountId, integrationId, stream, operationId },
        data: { ...toData(patch), updatedAt: now },
      });
      return count === 1;
    },

    /** Forgets the streams whose name starts with `prefix` (a re-sync starts the backfill over). */
    async reset(accountId: string, integrationId: number, prefix: string): Promise<number> {
      const { count } = await prisma.integrationSyncStream.deleteMany({ where: { accountId, integrationId, stream: { startsWith: prefix } } });
      return count;
    },

    /** The integration an id names, whatever the account (a connector's own bookkeeping, never a request's input). */
    locate(integrationId: number) {
      return prisma.integration.findUnique({
        where: { id: integrationId },
        select: { id: true, accountId: true, provider: true, shop: true, revokedAt: true },
      });
    },
  };
}
