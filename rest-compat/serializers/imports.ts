// The v1 JSON of a file import (POST /api/v1/imports answers it with 202, GET /api/v1/imports/{id}
// with 200), field by field.
import { sourceName, type ImportJob, type ImportReport } from '../../src/domain/imports/index.ts';
import { API_VERSION, nullableTimestamp, timestamp } from './common.ts';

export function serializeImport(job: ImportJob | ImportReport) {
  return {
    id: job.id,
    kind: job.kind,
    format: job.format,
    source: sourceName(job.source),
    status: job.status,
    dialect: job.dialect,
    file_name: job.fileName,
    bytes: job.bytes,
    counts: { read: job.rowsRead, stored: job.rowsStored, skipped: job.rowsSkipped, rejected: job.rowsRejected },
    error: job.error,
    rejected_rows: 'rejections' in job ? job.rejections.map((r) => ({ line: r.line, field: r.field, reason: r.reason })) : [],
    created_at: timestamp(job.createdAt),
    started_at: nullableTimestamp(job.startedAt),
    finished_at: nullableTimestamp(job.finishedAt),
    api_version: API_VERSION,
  };
}
