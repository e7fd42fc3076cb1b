// What the import reads a file into: ingestion records (src/domain/ingestion), one per order,
// customer, product, ad-spend or expense row, with where each came from. The import has no rules of its
// own: the ingestion commands validate every record and reject a bad one with its field; the
// import reports that field as the file's own (a CSV column on its row, or an NDJSON field).
import type { AdSpendRecord, CustomerRecord, ExpenseRecord, InventoryLevelRecord, OrderRecord, ProductRecord } from '../ingestion/index.ts';

export const IMPORT_KINDS = ['orders', 'customers', 'products', 'ad_spend', 'expenses'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_FORMATS = ['csv', 'ndjson'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** A product row carries the variant and, when the file gives one, its stock level. */
export interface ProductRow {
  product: ProductRecord;
  stock: InventoryLevelRecord | null;
}

export interface RecordOf {
  orders: OrderRecord;
  customers: CustomerRecord;
  products: ProductRow;
  ad_spend: AdSpendRecord;
  expenses: ExpenseRecord;
}

/** Where an ingestion field of a record is in the file: its line and the file's name for it. */
export type Locate = (field: string) => { line: number; field: string };

/** A record read from the file (`rows` file rows made it), or a row that could not be read. */
export type ReadItem<K extends ImportKind = ImportKind> =
  | { kind: 'record'; line: number; rows: number; record: RecordOf[K]; locate: Locate }
  | { kind: 'rejected'; line: number; rows: number; field: string | null; reason: string };

/** A cell as a number when it is one (quantities, counts); else as given, for ingestion to reject with its field. */
export function numeric(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : (value as unknown as number);
}

/** An NDJSON line's value as the kind's record: a JSON object, passed as is (ingestion validates it). */
export function ndjsonRecord(kind: ImportKind, value: unknown, line: number): ReadItem {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { kind: 'rejected', line, rows: 1, field: null, reason: 'the line is not a JSON object' };
  }
  const locate: Locate = (field) => ({ line, field });
  if (kind !== 'products') return { kind: 'record', line, rows: 1, record: value as RecordOf['orders'], locate };
  // A product line may carry `available` (its stock level), set through the inventory command.
  const { available, ...product } = value as ProductRecord & { available?: number };
  const p = product as ProductRecord;
  const stock = available === undefined ? null : { sku: p.sku, updatedAt: p.updatedAt ?? null, available };
  return { kind: 'record', line, rows: 1, record: { product: { ...p, updatedAt: p.updatedAt ?? null }, stock }, locate };
}
