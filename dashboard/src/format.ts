// Numbers, money and dates in the account's currency and time zone (Intl), and the local calendar
// arithmetic the period picker needs (days as YYYY-MM-DD in the account's zone).
export interface Locale {
  currency: string;
  timezone: string;
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

export function money(locale: Locale, amount: string | number | null | undefined, compact = false): string {
  if (amount === null || amount === undefined) return '—';
  const format = cached(`m:${locale.currency}:${compact}`, () =>
    compact
      ? new Intl.NumberFormat(undefined, { style: 'currency', currency: locale.currency, notation: 'compact', maximumFractionDigits: 1 })
      : new Intl.NumberFormat(undefined, { style: 'currency', currency: locale.currency }),
  );
  return format.format(Number(amount));
}

export function count(value: number | string | null | undefined, digits = 0): string {
  if (value === null || value === undefined) return '—';
  return cached(`n:${digits}`, () => new Intl.NumberFormat(undefined, { maximumFractionDigits: digits })).format(Number(value));
}

export function percent(value: number | null | undefined, signed = false): string {
  if (value === null || value === undefined) return '—';
  const format = cached(`p:${signed}`, () => new Intl.NumberFormat(undefined, { maximumFractionDigits: 1, signDisplay: signed ? 'exceptZero' : 'auto' }));
  return `${format.format(value)}%`;
}

export function dateTime(locale: Locale, iso: string | null | undefined): string {
  if (!iso) return '—';
  return cached(
    `dt:${locale.timezone}`,
    () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: locale.timezone }),
  ).format(new Date(iso));
}

/** A local day (YYYY-MM-DD) shown as a date; it is a calendar day, so it is formatted in UTC. */
export function day(iso: string | null | undefined): string {
  if (!iso) return '—';
  return cached('d', () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' })).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

/** Today's date in the account's time zone, as YYYY-MM-DD. */
export function localToday(timezone: string, now = new Date()): string {
  return cached(`today:${timezone}`, () => new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })).format(
    now,
  );
}

/** A day `days` after (or before, when negative) `iso`. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function addMonths(iso: string, months: number): string {
  const date = new Date(`${iso.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}
