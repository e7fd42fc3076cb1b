// The declared types of file imports (what the doors see).
import type { CommerceSource } from '../shared/enums.ts';
import type { ImportFormat, ImportKind } from './records.ts';

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
