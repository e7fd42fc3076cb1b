// What the ingestion benchmarks compare against: COPY of rows into the tables an order load writes
// (customers, inventory_items, orders, order_items, refunds), in one transaction, from CSV files
// the server reads itself (so the server must be on this machine). bench/ingest and
// bench/shopify-backfill write the files from their own rows and time copyAll, in one of two modes:
// - 'raw', the raw ceiling: triggers and foreign keys off (session_replication_role = replica, a
//   superuser's setting that no writer of the service can use);
// - 'constrained', COPY as the service's own database role can run it: the tables as they are, every
//   foreign key checked, and the orders' row triggers that keep the previous-order columns and the
//   customer's country stepped aside by the settings the ingestion's own writes use (deferPrevious,
//   src/domain/ingestion/repo-previous.ts), so COPY pays what any writer must and nothing the bulk
//   path does not.
import { createWriteStream, chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/** The columns each file holds, in order. */
export const COPY_COLUMNS = {
  customers: 'customers (id, account_id, email, name, source, external_id, updated_at)',
  items: 'inventory_items (id, account_id, sku, product_name, updated_at)',
  orders: 'orders (id, account_id, customer_id, source, external_id, status, subtotal, total_amount, refunded_amount, fees_amount, placed_at)',
  lines: 'order_items (id, account_id, order_id, inventory_item_id, sku, quantity, unit_price, unit_cost)',
  refunds: 'refunds (id, account_id, order_id, source, external_id, order_external_id, refunded_at, amount)',
} as const;

export type CopyFiles = Record<keyof typeof COPY_COLUMNS, string>;

/** A directory the server can read, with one file path per table; `remove` deletes it. */
export function copyFiles(prefix: string): { dir: string; files: CopyFiles; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  const files = Object.fromEntries(Object.keys(COPY_COLUMNS).map((table) => [table, join(dir, `${table}.csv`)])) as CopyFiles;
  return { dir, files, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One CSV row: strings quoted (an empty string stays one), numbers as they are, null as NULL. */
export const csvRow = (...fields: (string | number | null)[]) =>
  fields.map((f) => (f === null ? '' : typeof f === 'number' ? String(f) : `"${f.replaceAll('"', '""')}"`)).join(',') + '\n';

/** The rows fn(0) .. fn(count - 1) (null: no row). */
export function* indexed(count: number, fn: (n: number) => string | null): Generator<string | null> {
  for (let n = 0; n < count; n++) yield fn(n);
}

/** A file the server can read, written row by row (with backpressure). */
export function rowWriter(path: string) {
  const out = createWriteStream(path);
  return {
    async write(row: string): Promise<void> {
      if (!out.write(row)) await once(out, 'drain');
    },
    async end(): Promise<void> {
      out.end();
      await once(out, 'finish');
      chmodSync(path, 0o644);
    },
  };
}

/** Writes rows (text, null for none) to a file the server can read. */
export async function writeRows(path: string, rows: Iterable<string | null> | AsyncIterable<string | null>): Promise<void> {
  const out = rowWriter(path);
  for await (const row of rows) if (row !== null) await out.write(row);
  await out.end();
}

/** How COPY treats the tables' foreign keys and triggers (above). */
export type CopyMode = 'raw' | 'constrained';

/** COPY of every file into its table in one transaction: the seconds it took. */
export async function copyAll(client: pg.Client, files: CopyFiles, mode: CopyMode = 'raw'): Promise<number> {
  const start = performance.now();
  await client.query('BEGIN');
  if (mode === 'raw') await client.query(`SET LOCAL session_replication_role = replica`);
  else await client.query(`SELECT set_config('orders.customer_previous_writing', 'on', true), set_config('orders.customer_country_given', 'on', true)`);
  for (const table of Object.keys(COPY_COLUMNS) as (keyof CopyFiles)[]) await client.query(`COPY ${COPY_COLUMNS[table]} FROM '${files[table]}' (FORMAT csv)`);
  await client.query('COMMIT');
  return (performance.now() - start) / 1000;
}
