// CSV rows into ingestion records. The first row names the columns. Orders come one row per line
// item with the order's fields on its first row (Shopify's orders export as it is, or the generic
// columns): rows are grouped by the order key into one record, and a field ingestion rejects is
// reported at the row and column it came from.
import type { OrderLineRecord } from '../ingestion/index.ts';
import type { FileRow } from './read.ts';
import type { ImportKind, Locate, ReadItem } from './records.ts';
import { GENERIC_COLUMNS, GENERIC_ORDER_COLUMNS, SHOPIFY_ORDER_COLUMNS, type FlatColumns, type OrderColumns } from './columns.ts';

/** The file cannot be read as this kind at all (its header): the import fails and stores nothing. */
export class ImportFileError extends Error {}

export type Dialect = 'shopify' | 'generic';

export async function* csvRecords(kind: ImportKind, rows: AsyncIterable<FileRow>, onDialect: (d: Dialect) => void = () => {}): AsyncGenerator<ReadItem> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new ImportFileError('the file is empty');
  const head = first.value;
  if (!('cells' in head)) throw new ImportFileError(`the header row cannot be read (${'unreadable' in head ? head.unreadable : 'not CSV'})`);
  const index = new Map<string, number>();
  head.cells.forEach((name, i) => index.has(name.trim()) || index.set(name.trim(), i));
  const rest: AsyncIterable<FileRow> = { [Symbol.asyncIterator]: () => iterator };
  if (kind === 'orders') {
    const columns = index.has('Lineitem quantity') ? SHOPIFY_ORDER_COLUMNS : GENERIC_ORDER_COLUMNS;
    requireColumns(index, columns.required);
    onDialect(columns.dialect);
    yield* groupedOrders(rest, index, columns);
    return;
  }
  const spec = GENERIC_COLUMNS[kind] as FlatColumns<unknown>;
  requireColumns(index, spec.required);
  onDialect('generic');
  for await (const row of rest) {
    if (!('cells' in row)) {
      yield unreadable(row);
      continue;
    }
    const line = row.line;
    const locate: Locate = (field) => ({ line, field: columnOf(spec.column, field) });
    yield { kind: 'record', line, rows: 1, record: spec.record((c) => cell(row.cells, index, c)) as never, locate };
  }
}

function unreadable(row: FileRow): ReadItem {
  return { kind: 'rejected', line: row.line, rows: 1, field: null, reason: 'unreadable' in row ? row.unreadable : 'not a CSV row' };
}

function requireColumns(index: Map<string, number>, required: readonly string[]): void {
  const missing = required.filter((name) => !index.has(name));
  if (missing.length) throw new ImportFileError(`the header lacks the column(s): ${missing.join(', ')}`);
}

function cell(cells: string[], index: Map<string, number>, column: string): string | undefined {
  const at = index.get(column);
  const value = at === undefined ? undefined : cells[at]?.trim();
  return value === '' ? undefined : value;
}

/** The column of an ingestion field path (`customer.email`, `product.unitCost`, `refunds[0].amount`). */
function columnOf(columns: Readonly<Record<string, string>>, field: string): string {
  const parts = field.split(/[.[\]]+/).filter((p) => p && !/^\d+$/.test(p));
  for (let n = parts.length; n > 0; n -= 1) {
    const column = columns[parts.slice(0, n).join('.')] ?? columns[parts.slice(n - 1, n).join('.')];
    if (column) return column;
  }
  return field;
}

interface Pending {
  key: string;
  line: number;
  rows: number;
  get: (column: string) => string | undefined;
  lines: OrderLineRecord[];
  lineRows: number[];
}

async function* groupedOrders(rows: AsyncIterable<FileRow>, index: Map<string, number>, columns: OrderColumns): AsyncGenerator<ReadItem> {
  let pending: Pending | null = null;
  const close = (p: Pending): ReadItem => {
    const locate: Locate = (field) => {
      const item = /^lines\D*(\d+)\W*(\w*)/.exec(field);
      if (item) return { line: p.lineRows[Number(item[1])] ?? p.line, field: columns.lineColumn[item[2] ?? ''] ?? columns.lineColumn.sku! };
      return { line: p.line, field: columnOf(columns.orderColumn, field) };
    };
    return { kind: 'record', line: p.line, rows: p.rows, record: { ...columns.order(p.get), lines: p.lines }, locate };
  };
  for await (const row of rows) {
    if (!('cells' in row)) {
      yield unreadable(row);
      continue;
    }
    const cells = row.cells;
    const get = (column: string) => cell(cells, index, column);
    const key = get(columns.key);
    if (key === undefined) {
      yield { kind: 'rejected', line: row.line, rows: 1, field: columns.key, reason: 'required' };
      continue;
    }
    if (!pending || pending.key !== key) {
      if (pending) yield close(pending);
      pending = { key, line: row.line, rows: 0, get, lines: [], lineRows: [] };
    }
    pending.rows += 1;
    const line = columns.line(get);
    if (line) {
      pending.lines.push(line);
      pending.lineRows.push(row.line);
    }
  }
  if (pending) yield close(pending);
}
