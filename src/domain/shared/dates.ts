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
/** One formatter per time zone of the local time to the second, for the zone's offset from UTC. */
const clockFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * Per time zone, the offset from UTC (ms) of each UTC hour (by its number since 1970) whose first
 * and last millisecond have the same offset. A zone changes its offset at most once in an hour, so
 * the whole hour has it; an hour with a change is not kept (its instants are formatted one by one).
 */
const hourOffsets = new Map<string, Map<number, number>>();
const HOUR_MS = 3_600_000;
/** Hours kept per zone before the cache starts over (two years of hours: a bulk load's span). */
const MAX_HOURS = 20_000;
/** The instants whose day is read from a cached offset: years 1970 to 9999, where toISOString writes the year as the formatter does. */
const FAST_FROM = 0;
const FAST_TO = Date.UTC(9999, 11, 30);

function cached<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** The date of `now` in `timeZone` as the formatter writes it (every instant, slower). */
function formattedDate(now: Date, timeZone: string): string {
  const format = cached(dayFormats, timeZone, () => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));
  const parts = format.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The offset of `timeZone` from UTC at the instant `ms` (whole seconds, as the zone data has them). */
function offsetAt(ms: number, timeZone: string): number {
  const format = cached(
    clockFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  );
  const at: Record<string, number> = {};
  for (const p of format.formatToParts(ms)) if (p.type !== 'literal') at[p.type] = Number(p.value);
  const second = Math.floor(ms / 1000) * 1000;
  return Date.UTC(at.year!, at.month! - 1, at.day!, at.hour!, at.minute!, at.second!) - second;
}

/**
 * The calendar date (YYYY-MM-DD) that `now` falls on in `timeZone`. The zone's offset is looked
 * up once per hour of UTC time (two formats of the hour's ends) and the date computed from it: a
 * bulk load marks the day of every order, refund and cancellation, and formatting each instant
 * cost about 3 % of a Shopify backfill's CPU.
 */
export function localDate(now: Date, timeZone: string): string {
  const ms = now.getTime();
  if (!(ms >= FAST_FROM && ms <= FAST_TO)) return formattedDate(now, timeZone);
  const hour = Math.floor(ms / HOUR_MS);
  const offsets = cached(hourOffsets, timeZone, () => new Map<number, number>());
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    offset = offsetAt(start, timeZone);
    // A change of offset within this hour: each of its instants is formatted.
    if (offsetAt(start + HOUR_MS - 1, timeZone) !== offset) return formattedDate(now, timeZone);
    if (offsets.size >= MAX_HOURS) offsets.clear();
    offsets.set(hour, offset);
  }
  return new Date(ms + offset).toISOString().slice(0, 10);
}

/**
 * The hourly jobs' run in this UTC hour is a full recompute, once a day: a refund or a cost
 * recorded days after its order changes a day the incremental runs no longer look at.
 */
export const FULL_RECOMPUTE_UTC_HOUR = 3;
/** Whether a run at `now` is the daily full recompute (the jobs' other runs are incremental). */
export const isFullRecompute = (now: Date): boolean => now.getUTCHours() === FULL_RECOMPUTE_UTC_HOUR;
