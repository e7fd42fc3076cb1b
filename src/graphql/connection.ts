// Relay connections: opaque cursors (base64url of the item's position) and the edges / nodes /
// pageInfo shape every connection of the schema has.
import { AppError } from '../errors.ts';
import type { Page } from '../domain/shared/index.ts';
import { parseNodeId } from './global-id.ts';

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

/** An ID argument naming an object of `type`: its global id or its v1 integer id (global-id.ts). */
export const parseId = (value: string | number, type: string, param = 'id'): number => parseNodeId(value, type, param);

/** Cursors of connections ordered by id: the id, tagged with the connection's name. */
export function idCursors(tag: string) {
  return {
    encode: (id: number) => encode([tag, id]),
    decode(cursor: string | null | undefined, param: string): number | null {
      if (cursor == null) return null;
      const value = decode(cursor, param);
      if (!Array.isArray(value) || value.length !== 2 || value[0] !== tag || !isId(value[1]))
        throw new AppError('invalid_parameter', `${param}: not a cursor of this connection`, { param });
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
      if (
        !Array.isArray(v) ||
        v.length !== 4 ||
        v[0] !== tag ||
        v[1] !== order ||
        !(v[2] === null || typeof v[2] === 'string') ||
        (typeof v[2] === 'string' && v[2].length > 64) ||
        !isId(v[3])
      ) {
        throw new AppError('invalid_parameter', `${param}: not a cursor of this connection and order`, { param });
      }
      return { value: v[2] as string | null, id: v[3] as number };
    },
  };
}

/**
 * A page as a connection with its total count (counted only when selected). Cursors are encoded
 * only where the selection reads them: every edge's once `edges` is read, else the page's first
 * and last for pageInfo (a dashboard reading `nodes` pays for two, not for every row).
 */
export function connection<T>(page: Page<T>, cursorOf: (item: T) => string, totalCount: () => Promise<number>) {
  const items = page.items;
  let edges: Array<{ node: T; cursor: string }> | undefined;
  const first = items[0];
  const last = items[items.length - 1];
  return {
    get edges() {
      return (edges ??= items.map((node) => ({ node, cursor: cursorOf(node) })));
    },
    nodes: items,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: first === undefined ? null : cursorOf(first),
      endCursor: last === undefined ? null : cursorOf(last),
    },
    totalCount,
  };
}

/**
 * The connection fields of a list answered as one page (anomalies of a window, the inventory's
 * first items, integrations): edges with id cursors, pageInfo, and the count of the whole list.
 */
export function wholeList<P, T extends { id: number }>(tag: string, items: (parent: P) => T[], total: (parent: P) => number) {
  const cursors = idCursors(tag);
  return {
    edges: (parent: P) => items(parent).map((node) => ({ node, cursor: cursors.encode(node.id) })),
    pageInfo: (parent: P) => {
      const list = items(parent);
      return {
        hasNextPage: list.length < total(parent),
        hasPreviousPage: false,
        startCursor: list.length ? cursors.encode(list[0]!.id) : null,
        endCursor: list.length ? cursors.encode(list[list.length - 1]!.id) : null,
      };
    },
    totalCount: total,
  };
}
