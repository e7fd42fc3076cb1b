// The write-cost benches' before/after comparison (bench/order-insert, order-country,
// order-previous): each round measures both sides, alternating which goes first, and the result
// is the median of the rounds per side and their ratio (after/before: 1.00 = no cost).

export type Side = 'before' | 'after';

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** `measure` for each side in each of `rounds` rounds (before first in even rounds); the median rate of each side. */
export async function alternate(rounds: number, measure: (side: Side) => Promise<number>): Promise<Record<Side, number>> {
  const runs: Record<Side, number[]> = { before: [], after: [] };
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) runs[side].push(await measure(side));
  }
  return { before: median(runs.before), after: median(runs.after) };
}

/** One line: both rates (rows/s) and the ratio after/before, the name padded to `width`. */
export const ratioLine = (name: string, rates: Record<Side, number>, width: number) =>
  console.log(
    `${name.padEnd(width)} before ${rates.before.toFixed(0).padStart(8)}/s   after ${rates.after.toFixed(0).padStart(8)}/s   ratio ${(rates.after / rates.before).toFixed(2)}`,
  );
