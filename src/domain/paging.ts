// Keyset pages in both directions (Relay's first/after and last/before), decided once for every
// door that pages: the count rule (at least 0, at most the maximum, which is refused rather than
// clamped because a client asking for more than it can get has a bug), and how an extra row tells
// whether more items lie beyond the page.
import { AppError } from '../errors.ts';
import type { CountBounds } from './bounds.ts';

export interface PageArgs<K> {
  first?: number | null;
  last?: number | null;
  after?: K | null;
  before?: K | null;
}

export interface PageRequest<K> {
  /** Rows wanted (the repo fetches one more). */
  take: number;
  /** Taken from the end of the ordered set (last/before) instead of its start. */
  backward: boolean;
  after: K | null;
  before: K | null;
}

export interface Page<T> {
  items: T[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

function count(value: number, bounds: CountBounds, param: string): number {
  if (!Number.isInteger(value) || value < 0) throw new AppError('invalid_parameter', `${param}: an integer of at least 0`, { param });
  if (value > bounds.max) throw new AppError('invalid_parameter', `${param}: at most ${bounds.max}`, { param });
  return value;
}

export function pageRequest<K>(args: PageArgs<K>, bounds: CountBounds): PageRequest<K> {
  if (args.first != null && args.last != null) throw new AppError('invalid_parameter', 'first and last cannot be used together', { param: 'last' });
  const backward = args.last != null;
  const take = backward ? count(args.last!, bounds, 'last') : args.first != null ? count(args.first, bounds, 'first') : bounds.default;
  return { take, backward, after: args.after ?? null, before: args.before ?? null };
}

/** Turns the take+1 rows a repo fetched (in fetch order) into a page in the set's order. */
export function pageOf<T>(rows: T[], request: PageRequest<unknown>): Page<T> {
  const more = rows.length > request.take;
  const items = rows.slice(0, request.take);
  if (request.backward) items.reverse();
  return {
    items,
    hasNextPage: request.backward ? request.before !== null : more,
    hasPreviousPage: request.backward ? more : request.after !== null,
  };
}

/**
 * The id bounds and fetch order of a page over a set ordered by id descending (newest first), as
 * a Prisma where/orderBy fragment: after a cursor means smaller ids, before one larger ids.
 */
export function idDescendingWindow(request: PageRequest<number>): { id?: { lt?: number; gt?: number }; order: 'asc' | 'desc'; take: number } {
  const id: { lt?: number; gt?: number } = {};
  if (request.after !== null) id.lt = request.after;
  if (request.before !== null) id.gt = request.before;
  return { ...(request.after !== null || request.before !== null ? { id } : {}), order: request.backward ? 'asc' : 'desc', take: request.take + 1 };
}
