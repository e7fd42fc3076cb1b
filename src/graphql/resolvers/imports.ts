// importData (a file as text: queued like a REST upload) and importJob(id): one service call each.
import { Readable } from 'node:stream';
import type { Resolvers } from '../__generated__/resolvers.ts';
import { AppError } from '../../errors.ts';
import { parseImportInput, sourceName } from '../../domain/imports/index.ts';
import { ok } from '../user-errors.ts';
import { parseNodeId } from '../global-id.ts';

export const importResolvers: Resolvers = {
  Query: {
    async importJob(_parent, { id }, { principal, services }) {
      return services.imports.getImport(principal.accountId, parseNodeId(id, 'ImportJob')).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      });
    },
  },
  Mutation: {
    async importData(_parent, { input }, { principal, services }) {
      const parsed = parseImportInput({ kind: input.kind, format: input.format, source: input.source ?? undefined });
      const body = Readable.from([Buffer.from(input.content, 'utf8')]);
      const job = await services.imports.receive(principal.accountId, { ...parsed, fileName: input.fileName ?? null }, body);
      return ok({ importJob: { ...job, rejections: [] } });
    },
  },
  ImportJob: {
    source: (job) => sourceName(job.source),
    rejectedRows: (job) => job.rejections,
  },
};
