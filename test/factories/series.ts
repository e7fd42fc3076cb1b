// Daily metric series for the anomaly detector: a hand-checkable one (weekly pattern plus −10, 0
// or +10 by week, so that every weekday's history, with or without any one of its values, has
// its pattern as median, and the residuals have MAD 10), and
// random ones (seeded) with weekly seasonality, Gaussian noise and optionally one injected anomaly.
import { addDays } from '../../src/domain/shared/index.ts';

/** Monday … Sunday levels of the hand-checkable series (weekday 0 is Sunday). */
export const WEEKLY = [1400, 800, 1000, 1000, 1100, 1200, 1500] as const;

export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** `length` consecutive dates ending on `last`. */
export function dayRange(last: string, length: number): string[] {
  return Array.from({ length }, (_, i) => addDays(last, i - length + 1));
}

/** The hand-checkable series: WEEKLY[weekday] − 10, + 0 or + 10 in turn, week by week. */
export function plainSeries(days: readonly string[]): number[] {
  return days.map((day, i) => WEEKLY[weekdayOf(day)]! + 10 * ((Math.floor(i / 7) % 3) - 1));
}

const gaussian = (random: () => number): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

export interface GeneratedSeries {
  values: number[];
  /** Index of the injected anomaly and its direction, if any. */
  injected: { index: number; direction: 'up' | 'down' } | null;
}

/**
 * A level between 200 and 5,000, a weekly pattern of ±30 %, noise with σ = 4 % of the level; an
 * injected anomaly of 6 to 12 σ, up or down, on one of the last `tail` days.
 */
export function generatedSeries(random: () => number, length: number, inject: boolean, tail: number): GeneratedSeries {
  const level = 200 + random() * 4800;
  const pattern = Array.from({ length: 7 }, () => 1 + (random() - 0.5) * 0.6);
  const sigma = 0.04 * level;
  const values = Array.from({ length }, (_, i) => Math.round((level * pattern[i % 7]! + sigma * gaussian(random)) * 100) / 100);
  if (!inject) return { values, injected: null };
  const index = length - 1 - Math.floor(random() * tail);
  const direction = random() < 0.5 ? 'up' : 'down';
  const size = (6 + random() * 6) * sigma;
  values[index] = Math.round((values[index]! + (direction === 'up' ? size : -size)) * 100) / 100;
  return { values, injected: { index, direction } };
}
