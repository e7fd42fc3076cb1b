// `svc import <orders|customers|products|ad-spend|expenses> <file> --account <id>`: imports a local file
// now, in this process, through the same run a worker does (docs/imports.md). Progress goes to
// stderr; the summary (and the first rejected rows) to stdout. Exit 1 when the import failed.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { withCore } from '../main.ts';
import { AppError } from '../errors.ts';
import { parseImportInput, type ImportReport } from '../domain/imports/index.ts';
import { json, parse, print, requireString, UsageError, type Command } from './args.ts';
import { boundHeapGrowth } from './heap.ts';

/** Rejected rows printed in the text summary (all kept ones are in --json). */
const SHOWN_REJECTIONS = 20;

export const importCommand: Command = async ({ config, io, args, sub }) => {
  const { values, positionals } = parse(args, { ...json, account: { type: 'string' }, format: { type: 'string' }, source: { type: 'string' } }, 1);
  const accountId = requireString(values, 'account');
  const file = positionals[0]!;
  const format = (values.format as string | undefined) ?? (/\.(ndjson|jsonl)$/i.test(file) ? 'ndjson' : /\.csv$/i.test(file) ? 'csv' : undefined);
  if (!format) throw new UsageError('--format csv|ndjson is required when the file name does not end in .csv, .ndjson or .jsonl');
  let input;
  try {
    input = parseImportInput({ kind: sub, format, source: values.source });
  } catch (error) {
    throw error instanceof AppError ? new UsageError(error.message) : error;
  }
  const size = await stat(file).catch(() => null);
  if (!size?.isFile()) throw new UsageError(`not a readable file: ${file}`);
  // This process runs an import (the file's records in batches of 200), as a worker runs an import job: its heap kept near its live set.
  boundHeapGrowth();
  let last = 0;
  const report = await withCore(config, ({ services }) =>
    services.imports.importNow(accountId, { ...input, fileName: file.split('/').pop()! }, createReadStream(file), (c) => {
      if (Date.now() - last < 1000) return;
      last = Date.now();
      io.err(`import: ${c.rowsRead} rows read, ${c.rowsStored} stored, ${c.rowsSkipped} skipped, ${c.rowsRejected} rejected`);
    }),
  );
  print(io, !!values.json, summary(report), text(report));
  return report.status === 'succeeded' ? 0 : 1;
};

function summary(report: ImportReport) {
  return {
    id: report.id,
    kind: report.kind,
    format: report.format,
    status: report.status,
    dialect: report.dialect,
    counts: { read: report.rowsRead, stored: report.rowsStored, skipped: report.rowsSkipped, rejected: report.rowsRejected },
    error: report.error,
    rejected_rows: report.rejections,
  };
}

function text(report: ImportReport): string {
  const lines = [
    `import ${report.id} ${report.status}: ${report.rowsRead} rows read, ${report.rowsStored} stored, ${report.rowsSkipped} skipped, ${report.rowsRejected} rejected`,
  ];
  if (report.error) lines.push(`error: ${report.error}`);
  for (const r of report.rejections.slice(0, SHOWN_REJECTIONS)) lines.push(`  line ${r.line}${r.field ? ` ${r.field}` : ''}: ${r.reason}`);
  if (report.rowsRejected > SHOWN_REJECTIONS) lines.push(`  (the first ${SHOWN_REJECTIONS} rejected rows shown; --json gives up to 1000)`);
  return lines.join('\n');
}
