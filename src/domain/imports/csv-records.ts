// CSV rows into import records. The first row names the columns. Orders come one row per line
// item with the order's fields on its first row (Shopify's orders export as it is, or the generic
// columns of docs/imports.md): rows are grouped by the order key, and a fault anywhere in an
// order rejects the whole order, reported at the row and column at fault.
import type { FileRow } from './read.ts';
import { orderItemRecord, validateRecord, type ImportKind, type ReadItem } from './records.ts';
import { SHOPIFY_ORDER_COLUMNS, GENERIC_ORDER_COLUMNS, type OrderColumns, GENERIC_COLUMNS } from './columns.ts';

/** The file cannot be read as this kind at all (its header): the import fails, nothing is stored. */
export class ImportFileError extends Error {}

export type Dialect = 'shopify' | 'generic';

export async function* csvRecords(kind: ImportKind, rows: AsyncIterable<FileRow>, onDialect: (d: Dialect) => void = () => {}): AsyncGenerator<ReadItem> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new ImportFileError('the file is empty');
  const head = first.value;
  if (!('cells' in head)) throw new ImportFileError(`the header row cannot be read: ${'unreadable' in head ? head.unreadable : 'not CSV'}`);
  const header = head.cells.map((c) => c.trim());
  const index = new Map<string, number>();
  header.forEach((name, i) => index.has(name) || index.set(name, i));
  const rest = { [Symbol.asyncIterator]: () => iterator };
  if (kind === 'orders') {
    const columns = index.has(SHOPIFY_ORDER_COLUMNS.key) && index.has('Lineitem quantity') ? SHOPIFY_ORDER_COLUMNS : GENERIC_ORDER_COLUMNS;
    requireColumns(index, columns.required);
    onDialect(columns === SHOPIFY_ORDER_COLUMNS ? 'shopify' : 'generic');
    yield* groupedOrders(rest, index, columns);
    return;
  }
  const spec = GENERIC_COLUMNS[kind];
  requireColumns(index, spec.required);
  onDialect('generic');
  for await (const row of rest) {
    if (!('cells' in row)) {
      yield { kind: 'rejected', line: row.line, rows: 1, field: null, reason: 'unreadable' in row ? row.unreadable : 'not CSV' };
      continue;
    }
    yield validateRecord(kind, spec.toValue((column) => cell(row.cells, index, column)), row.line, 1);
  }
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

interface Pending {
  key: string;
  line: number;
  rows: number;
  order: Record<string, unknown>;
  items: unknown[];
  fault: { line: number; field: string | null; reason: string } | null;
}

async function* groupedOrders(rows: AsyncIterable<FileRow>, index: Map<string, number>, columns: OrderColumns): AsyncGenerator<ReadItem> {
  let pending: Pending | null = null;
  const close = (p: Pending): ReadItem => {
    if (p.fault) return { kind: 'rejected', line: p.fault.line, rows: p.rows, ...p.fault };
    return validateRecord('orders', { ...p.order, items: p.items }, p.line, p.rows, (path) => columns.fieldName(path));
  };
  for await (const row of rows) {
    if (!('cells' in row)) {
      // An unreadable row cannot be placed in an order: it is its own rejected row.
      yield { kind: 'rejected', line: row.line, rows: 1, field: null, reason: 'unreadable' in row ? row.unreadable : 'not CSV' };
      continue;
    }
    const get = (column: string) => cell(row.cells, index, column);
    const key = get(columns.key);
    if (key === undefined) {
      yield { kind: 'rejected', line: row.line, rows: 1, field: columns.key, reason: 'required' };
      continue;
    }
    if (!pending || pending.key !== key) {
      if (pending) yield close(pending);
      pending = { key, line: row.line, rows: 0, order: columns.order(get), items: [], fault: null };
    }
    pending.rows += 1;
    const item = columns.item(get);
    if (item === null || pending.fault) continue;
    const parsed = orderItemRecord.safeParse(item);
    if (parsed.success) pending.items.push(parsed.data);
    else {
      const issue = parsed.error.issues[0]!;
      const path = String(issue.path[0] ?? '');
      const given = (item as Record<string, unknown>)[path];
      pending.fault = { line: row.line, field: columns.itemFieldName(path), reason: given === undefined ? 'required' : issue.message };
    }
  }
  if (pending) yield close(pending);
}
