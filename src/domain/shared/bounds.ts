// Counts and keyset pages, decided once for every door.
//
// A count parameter (limit, days, hours, first, last) is an integer of at least `min` (1 unless
// said otherwise), the default when absent. Above the maximum it is clamped (the v1 contract) or
// refused (GraphQL page sizes, where a silently shorter page would look like the end of the list,
// and where a client asking for more than it can get has a bug): one rule, with the difference as
// its `above` parameter.
//
// Keyset pages go both ways (Relay's first/after and last/before); an extra row tells whether
// more items lie beyond the page.
import { AppError } from '../../errors.ts';

export interface CountBounds {
  default: number;
  max: number;
}

export interface CountPolicy {
  /** What a value over the maximum does: clamped to it (default) or invalid_parameter. */
  above?: 'clamp' | 'refuse';
  /** The smallest valid value (default 1). */
  min?: 0 | 1;
}

export function boundedCount(value: number | undefined, bounds: CountBounds, param: string, policy: CountPolicy = {}): number {
  if (value === undefined) return bounds.default;
  const min = policy.min ?? 1;
  if (!Number.isInteger(value) || value < min) throw new AppError('invalid_parameter', `${param}: an integer of at least ${min}`, { param });
  if (value > bounds.max && policy.above === 'refuse') throw new AppError('invalid_parameter', `${param}: at most ${bounds.max}`, { param });
  return Math.min(value, bounds.max);
}

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

/**
 * How a door counts a page: GraphQL's first/last are 0 up to the maximum, above it refused (the
 * default); the v1 `limit` (given as `first`, named by `firstParam`) is 1 up to the maximum,
 * above it clamped.
 */
export interface PagePolicy {
  above?: 'clamp' | 'refuse';
  min?: 0 | 1;
  firstParam?: string;
}

export const V1_PAGE: PagePolicy = { above: 'clamp', min: 1, firstParam: 'limit' };

export function pageRequest<K>(args: PageArgs<K>, bounds: CountBounds, policy: PagePolicy = {}): PageRequest<K> {
  const count: CountPolicy = { above: policy.above ?? 'refuse', min: policy.min ?? 0 };
  if (args.first != null && args.last != null) throw new AppError('invalid_parameter', 'first and last cannot be used together', { param: 'last' });
  const backward = args.last != null;
  const take = backward
    ? boundedCount(args.last!, bounds, 'last', count)
    : args.first != null
      ? boundedCount(args.first, bounds, policy.firstParam ?? 'first', count)
      : bounds.default;
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
