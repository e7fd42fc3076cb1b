// Status transitions (decisions.md, "Statuses and sets"), checked once for every door.
import { AppError } from '../../errors.ts';

/**
 * Checks a move from `from` to `to` against the allowed moves. Setting the current status again
 * is allowed and changes nothing (returns false); a move the rules forbid is 409 conflict.
 */
export function checkTransition<S extends string>(allowed: Readonly<Record<S, readonly S[]>>, from: S, to: S, what: string): boolean {
  if (from === to) return false;
  if (!allowed[from].includes(to)) throw new AppError('conflict', `${what} cannot go from ${from} to ${to}`);
  return true;
}
