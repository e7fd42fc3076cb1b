// Hot reads (the dashboard's customers page, the credit balance, the insights page) sent straight
// to the pg pool under the Prisma client: Prisma's per-statement work (argument mapping, result
// conversion per cell) cost more CPU than the statements themselves (docs/graphql.md, "Measured").
// On a PostgreSQL server each distinct statement text is prepared once per connection, named by a
// hash of the text, so the server neither parses nor plans it again; such a text must then carry
// its conditions in its text, not as `$n IS NULL OR …` (a generic plan cannot drop those). The
// embedded database's socket shares one session among its connections, where one connection's
// named statement would collide with another's: there they stay unnamed. Rows come back as pg's
// default parsers make them (int4 a number, timestamptz a Date, json parsed, numeric and int8
// text) and are parsed with a schema of their columns by the caller (domain/shared/rows.ts).
import { createHash } from 'node:crypto';
import pg from 'pg';
import { directAccess, type PrismaClient } from './client.ts';
import { Prisma } from './__generated__/prisma/client.ts';
import { batchRead } from './read-batch.ts';

const TIMESTAMPTZ_OID = 1184;
const defaultTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text');
const PLAIN_TIMESTAMPTZ = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?[+-]\d\d(?::\d\d)?$/;

const two = (text: string, at: number) => (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;

/**
 * timestamptz as PostgreSQL writes it under DateStyle ISO (`2026-11-23 22:31:10.123+00`, or with
 * an offset of `+05:30`), read field by field into Date.UTC: about a tenth of pg's own parser's
 * time (a page of customers carries a hundred of them); milliseconds truncated, as pg and V8 do.
 * Anything else (infinity, BC, years past 9999) goes to pg's parser, years before 100 (which
 * Date.UTC would take as 19xx) to V8's ISO parser.
 */
function parseTimestamptz(text: string): Date {
  if (!PLAIN_TIMESTAMPTZ.test(text)) return defaultTimestamptz(text) as Date;
  const year = two(text, 0) * 100 + two(text, 2);
  if (year < 100) {
    const iso = text.replace(' ', 'T');
    return new Date(text.charCodeAt(text.length - 3) === 58 /* ':' */ ? iso : `${iso}:00`);
  }
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 46 /* '.' */) {
    for (let scale = 100, c = text.charCodeAt(++at); c >= 48 && c <= 57; c = text.charCodeAt(++at), scale /= 10) if (scale >= 1) ms += (c - 48) * scale;
  }
  const offsetMinutes = two(text, at + 1) * 60 + (text.length > at + 3 ? two(text, at + 4) : 0);
  const utc = Date.UTC(year, two(text, 5) - 1, two(text, 8), two(text, 11), two(text, 14), two(text, 17), ms);
  return new Date(utc - (text.charCodeAt(at) === 45 /* '-' */ ? -offsetMinutes : offsetMinutes) * 60_000);
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ_OID && format !== 'binary' ? parseTimestamptz : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Distinct texts prepared by this process; later ones go unnamed. A server keeps every statement
 * a connection prepared until the connection closes, so the number must not grow with what callers
 * ask (page sizes are written into the text: see sqlInt).
 */
const MAX_PREPARED = 200;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_PREPARED) {
    name = `read_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * A validated count (a page size, a LIMIT) written into the statement's text. With LIMIT as a
 * parameter, PostgreSQL's generic plan assumes a tenth of the table and never wins over planning
 * each execution again; with the number in the text the prepared plan is reused.
 */
export function sqlInt(value: number): Prisma.Sql {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`sqlInt: not a count: ${value}`);
  return Prisma.raw(String(value));
}

/**
 * Sends one statement (`$1`… placeholders) through the pool under the client. `name` names it
 * (prepared once per connection) when the client prepares statements: a PostgreSQL server with
 * DATABASE_PREPARED_STATEMENTS on, never the embedded database; `prepared: false` overrides.
 */
export async function poolQuery(
  prisma: PrismaClient,
  statement: { text: string; values: readonly unknown[]; name?: string | undefined; prepared?: boolean },
): Promise<{ rows: unknown[]; rowCount: number }> {
  const { pool, preparedStatements } = directAccess(prisma);
  const name = preparedStatements && statement.prepared !== false ? statement.name : undefined;
  const result = await pool.query({ text: statement.text, values: [...statement.values], types, ...(name ? { name } : {}) });
  return { rows: result.rows, rowCount: result.rowCount ?? 0 };
}

/**
 * The rows of one read built with Prisma.sql, sent through the pool (prepared on a server, named
 * by its text) with the other reads asked for in the same turn (src/db/read-batch.ts): reads only.
 */
export function queryRows(prisma: PrismaClient, sql: Prisma.Sql): Promise<unknown[]> {
  const { pool, preparedStatements, onQuery } = directAccess(prisma);
  onQuery?.(sql.text);
  return new Promise((resolve, reject) => {
    batchRead(pool, {
      text: sql.text,
      values: sql.values,
      name: preparedStatements ? nameOf(sql.text) : undefined,
      types,
      resolve: (result) => resolve(result.rows),
      reject,
    });
  });
}
