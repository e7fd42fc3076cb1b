// Integers written as text (query strings, path segments), decided once for every door: only
// decimal digits are an integer. No sign, space, point, exponent, base prefix (0x10, 0o7, 0b1) or
// Infinity: JavaScript's Number() reads all of those, and a client that sends them has a bug.
import { AppError } from '../../errors.ts';

/** The largest row id (the id columns are PostgreSQL integer, int4). */
export const ROW_ID_MAX = 2_147_483_647;
const DIGITS = /^[0-9]+$/;

/**
 * The integer a parameter's text names, or invalid_parameter with `param`. A count (limit, days,
 * hours) larger than any page is read as Number.MAX_SAFE_INTEGER, for the count's own bounds to
 * clamp or refuse; a row id (id, cursor, *_id) beyond the column's range is refused here.
 */
export function parseDecimalInteger(text: unknown, param: string, kind: 'count' | 'row_id'): number {
  if (typeof text !== 'string' || !DIGITS.test(text))
    throw new AppError('invalid_parameter', `${param}: an integer written with the digits 0-9 only`, { param });
  const value = Number(text);
  if (kind === 'row_id' && value > ROW_ID_MAX) throw new AppError('invalid_parameter', `${param}: at most ${ROW_ID_MAX}`, { param });
  return Math.min(value, Number.MAX_SAFE_INTEGER);
}

/** Whether a parameter of this name is a row id (id, cursor, subscription_id…) rather than a count. */
export const isRowIdParam = (name: string): boolean => name === 'id' || name === 'cursor' || name.endsWith('_id');
