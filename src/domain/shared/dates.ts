// Calendar dates (YYYY-MM-DD) and the daily full recompute shared by the hourly jobs.

/** YYYY-MM-DD `days` after (or before, when negative) the date `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (YYYY-MM-DD). */
export const daysBetween = (a: string, b: string): number => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** A date column's value as YYYY-MM-DD (null stays null). */
export const isoDate = (value: Date | null): string | null => (value ? value.toISOString().slice(0, 10) : null);

/** One formatter per time zone: building one costs far more than formatting with it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) that `now` falls on in `timeZone`. */
export function localDate(now: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The hourly jobs' run in this UTC hour is a full recompute, once a day: a refund or a cost
 * recorded days after its order changes a day the incremental runs no longer look at.
 */
export const FULL_RECOMPUTE_UTC_HOUR = 3;
/** Whether a run at `now` is the daily full recompute (the jobs' other runs are incremental). */
export const isFullRecompute = (now: Date): boolean => now.getUTCHours() === FULL_RECOMPUTE_UTC_HOUR;
