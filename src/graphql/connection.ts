// Relay connections: opaque cursors (base64url of the item's position) and the edges / nodes /
// pageInfo shape every connection of the schema has.
import { AppError } from '../errors.ts';
import type { Page } from '../domain/paging.ts';

const MAX_INT4 = 2_147_483_647;

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

function decode(cursor: string, param: string): unknown {
  const bad = () => new AppError('invalid_parameter', `${param}: not a cursor of this connection`, { param });
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]*$/.test(cursor)) throw bad();
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= MAX_INT4;

/** An ID argument as the integer id it names; invalid_parameter otherwise. */
export function parseId(value: string | number, param = 'id'): number {
  const id = typeof value === 'number' ? value : /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!isId(id)) throw new AppError('invalid_parameter', `${param}: not an id`, { param });
  return id;
}

/** Cursors of connections ordered by id: the id, tagged with the connection's name. */
export function idCursors(tag: string) {
  return {
    encode: (id: number) => encode([tag, id]),
    decode(cursor: string | null | undefined, param: string): number | null {
      if (cursor == null) return null;
      const value = decode(cursor, param);
      if (!Array.isArray(value) || value.length !== 2 || value[0] !== tag || !isId(value[1])) throw new AppError('invalid_parameter', `${param}: not a cursor of this connection`, { param });
      return value[1];
    },
  };
}

/** Cursors of a sorted list: the order's name, the sort key (as text) and the id. */
export function sortedCursors(tag: string) {
  return {
    encode: (order: string, value: string | null, id: number) => encode([tag, order, value, id]),
    decode(cursor: string | null | undefined, param: string, order: string): { value: string | null; id: number } | null {
      if (cursor == null) return null;
      const v = decode(cursor, param);
      if (!Array.isArray(v) || v.length !== 4 || v[0] !== tag || v[1] !== order || !(v[2] === null || typeof v[2] === 'string') || (v[2] as string | null)?.length! > 64 || !isId(v[3])) {
        throw new AppError('invalid_parameter', `${param}: not a cursor of this connection and order`, { param });
      }
      return { value: v[2] as string | null, id: v[3] as number };
    },
  };
}

export function connection<T>(page: Page<T>, cursorOf: (item: T) => string) {
  const edges = page.items.map((node) => ({ node, cursor: cursorOf(node) }));
  return {
    edges,
    nodes: page.items,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
