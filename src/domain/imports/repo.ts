// The only Prisma access for file imports: the import rows (status and counters), the file's
// bytes in chunks (so any worker can read it), and the rejected rows kept for the report. Every
// read is scoped by account.
import type { PrismaClient } from '../../db/client.ts';
import type { CommerceSource } from '../shared/enums.ts';
import type { ImportFormat, ImportKind } from './records.ts';

export type ImportStatus = 'receiving' | 'queued' | 'running' | 'succeeded' | 'failed';

/** The first rejected rows kept per import (all are counted). */
export const KEPT_REJECTIONS = 1000;

const MAX_INT4 = 2_147_483_647;
const validId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_INT4;

export const importSelect = {
  id: true,
  accountId: true,
  kind: true,
  format: true,
  source: true,
  status: true,
  dialect: true,
  fileName: true,
  bytes: true,
  rowsRead: true,
  rowsStored: true,
  rowsSkipped: true,
  rowsRejected: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
} as const;

export interface Counters {
  rowsRead: number;
  rowsStored: number;
  rowsSkipped: number;
  rowsRejected: number;
}

export interface Rejection {
  line: number;
  field: string | null;
  reason: string;
}

export function importsRepo(prisma: PrismaClient) {
  return {
    async accountExists(accountId: string): Promise<boolean> {
      return (await prisma.account.count({ where: { id: accountId } })) > 0;
    },
    create(accountId: string, input: { kind: ImportKind; format: ImportFormat; source: CommerceSource; fileName: string | null; status: ImportStatus }) {
      return prisma.import.create({ data: { accountId, ...input }, select: importSelect });
    },
    async appendChunk(importId: number, seq: number, data: Buffer): Promise<void> {
      await prisma.importChunk.create({ data: { importId, seq, data: Uint8Array.from(data) } });
    },
    /** The file's chunks in order, one query per chunk (never the whole file at once). */
    async *chunks(importId: number): AsyncGenerator<Buffer> {
      for (let seq = 0; ; seq += 1) {
        const chunk = await prisma.importChunk.findUnique({ where: { importId_seq: { importId, seq } }, select: { data: true } });
        if (!chunk) return;
        yield Buffer.from(chunk.data);
      }
    },
    async received(importId: number, bytes: number): Promise<void> {
      await prisma.import.update({ where: { id: importId }, data: { status: 'queued', bytes } });
    },
    async remove(importId: number): Promise<void> {
      await prisma.import.deleteMany({ where: { id: importId } });
    },
    find(accountId: string, id: number) {
      if (!validId(id)) return Promise.resolve(null);
      return prisma.import.findFirst({ where: { id, accountId }, select: importSelect });
    },
    recent(accountId: string, limit: number) {
      return prisma.import.findMany({ where: { accountId }, orderBy: { id: 'desc' }, take: limit, select: importSelect });
    },
    rejections(importId: number, limit = KEPT_REJECTIONS): Promise<Rejection[]> {
      return prisma.importRejection.findMany({ where: { importId }, orderBy: { seq: 'asc' }, take: limit, select: { line: true, field: true, reason: true } });
    },
    /**
     * The account's next import to run: a queued one, or one left running by a worker that
     * stopped (the queue runs one imports job per account at a time, so a running row found here
     * is an orphan). It starts again from the top: counters and rejections reset (writes are
     * idempotent, so rows already stored are skipped).
     */
    async claimNext(accountId: string) {
      const next = await prisma.import.findFirst({ where: { accountId, status: { in: ['queued', 'running'] } }, orderBy: { id: 'asc' }, select: { id: true } });
      if (!next) return null;
      await prisma.importRejection.deleteMany({ where: { importId: next.id } });
      return prisma.import.update({
        where: { id: next.id },
        data: { status: 'running', startedAt: new Date(), rowsRead: 0, rowsStored: 0, rowsSkipped: 0, rowsRejected: 0, error: null },
        select: importSelect,
      });
    },
    async start(importId: number): Promise<void> {
      await prisma.import.update({ where: { id: importId }, data: { status: 'running', startedAt: new Date() } });
    },
    async progress(importId: number, counters: Counters, dialect: string | null, rejections: readonly Rejection[], keptSoFar: number): Promise<number> {
      const keep = rejections.slice(0, Math.max(0, KEPT_REJECTIONS - keptSoFar));
      await prisma.$transaction([
        prisma.import.update({ where: { id: importId }, data: { ...counters, dialect } }),
        prisma.importRejection.createMany({
          data: keep.map((r, i) => ({ importId, seq: keptSoFar + i, line: r.line, field: r.field?.slice(0, 128) ?? null, reason: r.reason.slice(0, 500) })),
        }),
      ]);
      return keptSoFar + keep.length;
    },
    /** The end of a run: the status, and the file's bytes are dropped (the report stays). */
    async finish(importId: number, status: 'succeeded' | 'failed', error: string | null): Promise<void> {
      await prisma.$transaction([
        prisma.import.update({ where: { id: importId }, data: { status, error, finishedAt: new Date() } }),
        prisma.importChunk.deleteMany({ where: { importId } }),
      ]);
    },
  };
}

export type ImportsRepo = ReturnType<typeof importsRepo>;
export type ImportRow = NonNullable<Awaited<ReturnType<ImportsRepo['find']>>>;
