// One import's run: the file's bytes -> rows (read.ts) -> ingestion records (csv-records.ts or
// an NDJSON line each) -> the ingestion commands in batches. Counts and the rejected rows are
// stored after every batch (the progress a client polls). A file whose header does not fit the
// kind, or whose first rows are all rejected (garbage), fails with a message; a database error
// is thrown (the job retries the whole run; every write is idempotent).
import { Readable } from 'node:stream';
import type { IngestionResult, IngestionService, Origin, RecordOutcome } from '../ingestion/index.ts';
import { csvRows, ndjsonRows, type FileRow } from './read.ts';
import { csvRecords, ImportFileError, type Dialect } from './csv-records.ts';
import { ndjsonRecord, type ImportFormat, type ImportKind, type ProductRow, type ReadItem } from './records.ts';
import type { Counters, ImportsRepo, Rejection } from './repo.ts';

/** Records per ingestion call (one transaction each: short, since the embedded database has one session). */
export const BATCH_RECORDS = 200;
/** Rows read without a single one stored or skipped: the file is not what its kind says. */
export const GARBAGE_ROWS = 1000;

export interface RunTarget {
  id: number;
  accountId: string;
  kind: ImportKind;
  format: ImportFormat;
}

export interface RunResult {
  status: 'succeeded' | 'failed';
  error: string | null;
  counters: Counters;
}

type Write = (records: readonly ReadItem[]) => Promise<Array<RecordOutcome | undefined>>;

function writer(ingestion: IngestionService, accountId: string, origin: Origin, kind: ImportKind): Write {
  const records = <T>(items: readonly ReadItem[]) => items.map((i) => (i as Extract<ReadItem, { kind: 'record' }>).record as T);
  const byIndex = (result: IngestionResult) => {
    const outcomes: Array<RecordOutcome | undefined> = [];
    for (const o of result.outcomes) outcomes[o.index] = o;
    return outcomes;
  };
  switch (kind) {
    case 'orders':
      return async (items) => byIndex(await ingestion.upsertOrders(accountId, origin, records(items)));
    case 'customers':
      return async (items) => byIndex(await ingestion.upsertCustomers(accountId, origin, records(items)));
    case 'ad_spend':
      return async (items) => byIndex(await ingestion.upsertAdSpend(accountId, origin, records(items)));
    case 'expenses':
      return async (items) => byIndex(await ingestion.upsertExpenses(accountId, origin, records(items)));
    case 'products':
      // The variant first, then the stock levels the rows carry; a row is stored when either changed.
      return async (items) => {
        const rows = records<ProductRow>(items);
        const products = byIndex(
          await ingestion.upsertProducts(
            accountId,
            origin,
            rows.map((r) => r.product),
          ),
        );
        const withStock = rows.flatMap((r, i) => (r.stock && products[i]?.outcome !== 'rejected' ? [{ i, stock: r.stock }] : []));
        const stock = withStock.length
          ? byIndex(
              await ingestion.setInventoryLevels(
                accountId,
                origin,
                withStock.map((s) => s.stock),
              ),
            )
          : [];
        withStock.forEach(({ i }, n) => {
          const level = stock[n];
          if (level?.outcome === 'rejected') products[i] = { ...level, index: i, field: level.field === 'available' ? level.field : `available` };
          else if (level?.outcome === 'stored') products[i] = { index: i, externalId: level.externalId, outcome: 'stored' };
        });
        return products;
      };
  }
}

export async function runImport(
  deps: { ingestion: IngestionService; repo: ImportsRepo },
  target: RunTarget,
  source: AsyncIterable<Buffer>,
  origin: Origin,
  onProgress: (counters: Counters) => void = () => {},
): Promise<RunResult> {
  const counters: Counters = { rowsRead: 0, rowsStored: 0, rowsSkipped: 0, rowsRejected: 0 };
  const write = writer(deps.ingestion, target.accountId, origin, target.kind);
  let dialect: Dialect | null = null;
  let kept = 0;
  let batch: ReadItem[] = [];
  let rejections: Rejection[] = [];

  const flush = async () => {
    const records = batch.filter((i) => i.kind === 'record');
    const outcomes = records.length ? await write(records) : [];
    records.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome?.outcome === 'stored') counters.rowsStored += item.rows;
      else if (outcome?.outcome === 'skipped') counters.rowsSkipped += item.rows;
      else {
        counters.rowsRejected += item.rows;
        const at = outcome ? item.locate(outcome.field) : { line: item.line, field: '' };
        rejections.push({ line: at.line, field: at.field || null, reason: outcome?.reason ?? 'not written' });
      }
    });
    rejections.sort((a, b) => a.line - b.line);
    kept = await deps.repo.progress(target.id, counters, dialect, rejections, kept);
    batch = [];
    rejections = [];
    onProgress({ ...counters });
  };

  const stream = Readable.from(source, { objectMode: false });
  const items: AsyncIterable<ReadItem> =
    target.format === 'csv' ? csvRecords(target.kind, csvRows(stream), (d) => (dialect = d)) : ndjsonItems(target.kind, ndjsonRows(stream));
  try {
    for await (const item of items) {
      counters.rowsRead += item.rows;
      if (item.kind === 'rejected') {
        counters.rowsRejected += item.rows;
        rejections.push({ line: item.line, field: item.field, reason: item.reason });
      } else batch.push(item);
      if (batch.length >= BATCH_RECORDS || rejections.length >= BATCH_RECORDS) await flush();
      if (counters.rowsRead - counters.rowsRejected === 0 && counters.rowsRejected >= GARBAGE_ROWS) {
        throw new ImportFileError(`the first ${GARBAGE_ROWS} rows were all rejected: is this a ${target.kind} file in ${target.format.toUpperCase()}?`);
      }
    }
    await flush();
    return { status: 'succeeded', error: null, counters };
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    stream.destroy();
    if (batch.length || rejections.length) await flush();
    return { status: 'failed', error: error.message, counters };
  }
}

async function* ndjsonItems(kind: ImportKind, rows: AsyncIterable<FileRow>): AsyncGenerator<ReadItem> {
  for await (const row of rows) {
    if ('value' in row) yield ndjsonRecord(kind, row.value, row.line);
    else yield { kind: 'rejected', line: row.line, rows: 1, field: null, reason: 'unreadable' in row ? row.unreadable : 'not JSON' };
  }
}
