// Count parameters (limit, days, hours) as decided: an integer of at least 1, clamped to the
// maximum when above it, the default when absent. Every door gets the same rule from here.
import { AppError } from '../errors.ts';

export interface CountBounds {
  default: number;
  max: number;
}

/**
 * `above: 'refuse'` makes a value over the maximum invalid_parameter instead of clamping it (GraphQL
 * page sizes, where a silently shorter page would look like the end of the list).
 */
export function boundedCount(value: number | undefined, bounds: CountBounds, param: string, options: { above?: 'clamp' | 'refuse' } = {}): number {
  if (value === undefined) return bounds.default;
  if (!Number.isInteger(value) || value < 1) throw new AppError('invalid_parameter', `${param}: an integer of at least 1`, { param });
  if (value > bounds.max && options.above === 'refuse') throw new AppError('invalid_parameter', `${param}: at most ${bounds.max}`, { param });
  return Math.min(value, bounds.max);
}
