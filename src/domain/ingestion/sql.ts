// Set-based statements of the write path: a batch of rows is one parameter per column (an array),
// read back with unnest(), so a batch of 2,000 orders is one statement and binds a dozen
// parameters (Prisma's createMany compiles every row, ~0.7 ms each; this is ~0.08 ms).
// Each array goes as one string, the array's literal ('{"a","b",NULL}', cast to its type in the
// statement): an array parameter costs Prisma and pg a JSON round trip and an escaping call per
// element (a 2,000-order batch sends ~60,000 elements); a string costs them one.
// Table and column names come only from the constants of the repo files; values are parameters.
// Statements go on the transaction's own connection where it has one (queryRows, execute).
import { statementsOf } from '../../db/client.ts';
import type { IngestionTx } from './types.ts';

export type SqlType = 'text' | 'int4' | 'numeric' | 'timestamptz' | 'date' | 'bool';
export type SqlValue = string | number | boolean | null;

/** A column of a batch: its name, the array element type, an optional cast (enums, jsonb), its value. */
export interface Column<T> {
  name: string;
  type: SqlType;
  cast?: string;
  value: (row: T) => SqlValue;
}

export interface Unnest {
  /** `SELECT <cast columns> FROM unnest($n::type[], ...) AS u(<names>)` */
  select: string;
  /** The quoted column names, comma-separated, for an INSERT's column list. */
  names: string;
  /** One array literal per column (arrayLiteral). */
  params: string[];
}

/**
 * The rows as arrays; parameters numbered from `first` (1 when the statement has no others
 * before). `ordinality` adds the row's position (1-based) as a last column "ordinality".
 */
export function unnest<T>(columns: readonly Column<T>[], rows: readonly T[], first = 1, ordinality = false): Unnest {
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const values = columns.map((c) => `u."${c.name}"${c.cast ? `::${c.cast}` : ''} AS "${c.name}"`).join(', ');
  const arrays = columns.map((c, i) => `$${first + i}::${c.type}[]`).join(', ');
  const position = ordinality ? ['WITH ORDINALITY', ', "ordinality"', ', u."ordinality"'] : ['', '', ''];
  return {
    select: `SELECT ${values}${position[2]} FROM unnest(${arrays}) ${position[0]} AS u(${names}${position[1]})`,
    names,
    params: columns.map((c) => arrayLiteral(rows.map(c.value))),
  };
}

/**
 * The PostgreSQL literal of a one-dimensional array ('{"a",1,NULL,true}'), for a parameter cast
 * to an array type ($1::text[]). JSON's text of the array is that literal, braces aside, unless a
 * string needed a backslash escape (a quote, a backslash, a control character), which the two
 * spell differently: then each element is quoted and escaped as the array syntax wants.
 */
export function arrayLiteral(values: readonly SqlValue[]): string {
  const json = JSON.stringify(values);
  if (!json.includes('\\')) return `{${json.slice(1, -1)}}`;
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

/**
 * Ends a LATERAL sub-select that looks one batch key up (`CROSS JOIN LATERAL (SELECT ... WHERE
 * t.key = x.key ${PROBE})`): OFFSET 0 keeps the planner from flattening it into a join, so each
 * key is one probe of the table's index, whatever its statistics say. A bulk load outgrows them
 * at once (a table never analyzed, or analyzed when it was small), and a planner that believes
 * the account has a few hundred rows hashes all of them for every batch: measured, 0.7 s a batch
 * for the ledger look-up at 570,000 rows, growing with the table.
 */
export const PROBE = 'OFFSET 0';

/** CommerceSource as the database spells it (raw statements bypass Prisma's enum mapping). */
export function sourceDb(source: string): string {
  return source.replace('_', '-');
}

export const iso = (at: Date | null): string | null => (at === null ? null : at.toISOString());

/**
 * A statement's rows. In a transaction of the service (transactOn: connectedTransaction) it goes
 * on the transaction's pg connection without Prisma's work per statement and per row (numeric and
 * int8 then come back as text: the row schemas read text); in a caller's own transaction
 * (`within`), through Prisma.
 */
export async function queryRows<T = unknown[]>(tx: IngestionTx, text: string, ...params: unknown[]): Promise<T> {
  const direct = statementsOf(tx);
  return direct ? ((await direct.rows(text, params)) as T) : tx.$queryRawUnsafe<T>(text, ...params);
}

/** A statement's count of rows (queryRows' connection). */
export async function execute(tx: IngestionTx, text: string, ...params: unknown[]): Promise<number> {
  const direct = statementsOf(tx);
  return direct ? direct.count(text, params) : tx.$executeRawUnsafe(text, ...params);
}

/**
 * Runs statement steps that need no answer of one another, in the order given, and returns their
 * results. On the transaction's own connection each step is sent as soon as it is built:
 * connectedTransaction chains it behind the one before and sends it the moment that one has
 * answered (src/db/client.ts; not pg's own query queue, which is deprecated), so the server goes from
 * one to the next without waiting for this process (which meanwhile builds the next step). Through
 * Prisma, each step starts once the one before has answered. A failed step fails the call, once
 * every step has ended (the transaction is then aborted, and the first failure is the cause).
 */
export async function inOrder<T extends unknown[]>(tx: IngestionTx, ...steps: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const values: unknown[] = [];
  if (!statementsOf(tx)) {
    for (const step of steps) values.push(await step());
    return values as T;
  }
  const settled = await Promise.allSettled(steps.map((step) => step()));
  for (const result of settled) {
    if (result.status === 'rejected') throw result.reason;
    values.push(result.value);
  }
  return values as T;
}

/**
 * Sends a statement step now and gives its result for later (`done`): on the transaction's own
 * connection the server runs it while this process builds the next statement (which goes behind
 * it); through Prisma it has run to its end when this returns. The caller awaits `done` (a
 * failure aborts the transaction: the statements after it fail with it).
 */
export async function ahead<T>(tx: IngestionTx, step: () => Promise<T>): Promise<{ done: Promise<T> }> {
  if (!statementsOf(tx)) return { done: Promise.resolve(await step()) };
  const done = step();
  // Awaited by the caller; until then its failure is not reported as unhandled.
  done.catch(() => {});
  return { done };
}
