// File imports (docs/imports.md): the import door's use cases. Files are read into ingestion
// records and written through src/domain/ingestion; this module has no commerce rules.
import type { CommerceSource } from '../shared/enums.ts';
import type { ImportFormat, ImportKind } from './records.ts';

export { importsService, type ImportsDeps } from './service.ts';
export { IMPORT_FORMATS, IMPORT_KINDS, type ImportFormat, type ImportKind } from './records.ts';
export { KEPT_REJECTIONS, type Counters } from './repo.ts';
export { parseImportInput } from './rules.ts';

export type ImportStatus = 'receiving' | 'queued' | 'running' | 'succeeded' | 'failed';

export interface NewImport {
  kind: ImportKind;
  format: ImportFormat;
  /** The storefront the records are from (default shopify). */
  source?: CommerceSource;
  fileName?: string | null;
}

export interface ImportJob {
  id: number;
  kind: ImportKind;
  format: ImportFormat;
  source: CommerceSource;
  status: ImportStatus;
  /** CSV: `shopify` (Shopify's orders export) or `generic`; null for NDJSON or before reading. */
  dialect: string | null;
  fileName: string | null;
  bytes: number;
  rowsRead: number;
  rowsStored: number;
  rowsSkipped: number;
  rowsRejected: number;
  /** Why a failed import failed (its header, or garbage). */
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface ImportRejection {
  line: number;
  field: string | null;
  reason: string;
}

export interface ImportReport extends ImportJob {
  rejections: ImportRejection[];
}

export type ImportsService = ReturnType<typeof import('./service.ts').importsService>;
