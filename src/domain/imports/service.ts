// The file import use cases, for every door: receive a file (its bytes into the database, so any
// worker can run it) and queue it; run an account's queued imports (the `imports` job); import a
// local file now (the CLI); read an import's status, counts and rejected rows.
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { IngestionService, Origin } from '../ingestion/index.ts';
import type { CommerceSource } from '../shared/enums.ts';
import { importsRepo, KEPT_REJECTIONS, type Counters, type ImportRow } from './repo.ts';
import { runImport } from './run.ts';
import type { ImportFormat, ImportKind } from './records.ts';
import type { ImportJob, ImportReport, NewImport } from './types.ts';

/** Bytes per stored chunk of a received file. */
export const CHUNK_BYTES = 1024 * 1024;

export interface ImportsDeps {
  ingestion: IngestionService;
  /** Queues the account's `imports` job now (the job queue; any worker claims it). */
  enqueue: (accountId: string) => Promise<void>;
  /** The largest file accepted (IMPORT_MAX_BYTES). */
  maxBytes: number;
}

const toJob = (row: ImportRow): ImportJob => ({
  id: row.id,
  kind: row.kind as ImportKind,
  format: row.format as ImportFormat,
  source: row.source as CommerceSource,
  status: row.status,
  dialect: row.dialect,
  fileName: row.fileName,
  bytes: Number(row.bytes),
  rowsRead: row.rowsRead,
  rowsStored: row.rowsStored,
  rowsSkipped: row.rowsSkipped,
  rowsRejected: row.rowsRejected,
  error: row.error,
  createdAt: row.createdAt,
  startedAt: row.startedAt,
  finishedAt: row.finishedAt,
});

const originOf = (source: CommerceSource): Origin => ({ source, integrationId: null, via: 'import' });

export function importsService(prisma: PrismaClient, deps: ImportsDeps) {
  const repo = importsRepo(prisma);

  async function create(accountId: string, input: NewImport, status: 'receiving' | 'running') {
    if (!(await repo.accountExists(accountId))) throw new AppError('not_found', `No account ${accountId}.`);
    return repo.create(accountId, {
      kind: input.kind,
      format: input.format,
      source: input.source ?? 'shopify',
      fileName: input.fileName?.slice(0, 255) ?? null,
      status,
    });
  }

  return {
    /** The largest file a door may accept (bytes). */
    maxBytes: deps.maxBytes,
    /**
     * Stores a file's bytes as they come, then queues the import: 202 for the caller. A body that
     * fails while arriving leaves nothing (the import and its chunks are removed).
     */
    async receive(accountId: string, input: NewImport, body: AsyncIterable<Buffer>): Promise<ImportJob> {
      const row = await create(accountId, input, 'receiving');
      let bytes = 0;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const store = async () => {
        if (!pendingBytes) return;
        await repo.appendChunk(row.id, seq++, Buffer.concat(pending));
        pending = [];
        pendingBytes = 0;
      };
      try {
        for await (const piece of body) {
          bytes += piece.length;
          pending.push(piece);
          pendingBytes += piece.length;
          if (pendingBytes >= CHUNK_BYTES) await store();
        }
        await store();
        await repo.received(row.id, bytes);
      } catch (error) {
        await repo.remove(row.id).catch(() => {});
        throw error;
      }
      await deps.enqueue(accountId);
      return toJob({ ...row, status: 'queued', bytes: BigInt(bytes) });
    },

    /** Imports a file now, in this process (the CLI): the same run a worker does. */
    async importNow(accountId: string, input: NewImport, body: AsyncIterable<Buffer>, onProgress?: (counters: Counters) => void): Promise<ImportReport> {
      const row = await create(accountId, input, 'running');
      await repo.start(row.id);
      const result = await runImport(
        { ingestion: deps.ingestion, repo },
        { id: row.id, accountId, kind: input.kind, format: input.format },
        body,
        originOf(row.source as CommerceSource),
        onProgress,
      );
      await repo.finish(row.id, result.status, result.error);
      return this.getImport(accountId, row.id);
    },

    /** The `imports` job: every queued import of the account, oldest first. */
    async runQueued(accountId: string, signal?: AbortSignal): Promise<{ rowsWritten: number }> {
      let rowsWritten = 0;
      for (let row = await repo.claimNext(accountId); row && !signal?.aborted; row = await repo.claimNext(accountId)) {
        const target = { id: row.id, accountId, kind: row.kind as ImportKind, format: row.format as ImportFormat };
        const result = await runImport({ ingestion: deps.ingestion, repo }, target, repo.chunks(row.id), originOf(row.source as CommerceSource));
        await repo.finish(row.id, result.status, result.error);
        rowsWritten += result.counters.rowsStored;
      }
      return { rowsWritten };
    },

    /** An import of this account with its kept rejected rows; another account's is not_found. */
    async getImport(accountId: string, id: number): Promise<ImportReport> {
      const row = await repo.find(accountId, id);
      if (!row) throw new AppError('not_found', 'No such import.');
      return { ...toJob(row), rejections: await repo.rejections(row.id, KEPT_REJECTIONS) };
    },

    async recentImports(accountId: string, limit = 20): Promise<ImportJob[]> {
      return (await repo.recent(accountId, Math.min(Math.max(limit, 1), 100))).map(toJob);
    },
  };
}

export type ImportsService = ReturnType<typeof importsService>;
