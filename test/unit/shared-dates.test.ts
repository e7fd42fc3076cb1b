// localDate, which reads each UTC hour's offset once per time zone and computes the date from it,
// against the formatter's own date of every instant: across daylight-saving changes (on the hour,
// and Lord Howe's half-hour one), zones a quarter or half an hour off UTC, an offset of whole
// seconds (a zone's local mean time before 1970 is not read from the cache), and instants
// outside the cached years.
import { localDate } from '../../src/domain/shared/index.ts';

const formats = new Map<string, Intl.DateTimeFormat>();
/** The date of `at` in `timeZone` as Intl writes it, one instant at a time. */
function formatted(at: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) formats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const parts = format.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];
const MINUTE = 60_000;

describe('localDate', () => {
  it('gives the formatter’s date every 97 minutes of 2026 in zones with daylight saving, and quarter and half hours off UTC', () => {
    const wrong: string[] = [];
    for (const zone of ZONES)
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 97 * MINUTE) {
        const at = new Date(t);
        if (localDate(at, zone) !== formatted(at, zone)) wrong.push(`${zone} ${at.toISOString()}`);
      }
    expect(wrong).toEqual([]);
  });

  it('is exact at the last and first millisecond of a local day and in the hours of a change', () => {
    // Berlin: 2026-03-29 02:00 local (01:00 UTC) becomes 03:00; 2026-10-25 03:00 becomes 02:00.
    expect(localDate(new Date('2026-03-28T22:59:59.999Z'), 'Europe/Berlin')).toBe('2026-03-28');
    expect(localDate(new Date('2026-03-28T23:00:00.000Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDate(new Date('2026-10-25T21:59:59.999Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(localDate(new Date('2026-10-25T23:00:00.000Z'), 'Europe/Berlin')).toBe('2026-10-26');
    // Kathmandu, 5:45 ahead: its midnight is at 18:15 UTC.
    expect(localDate(new Date('2026-05-01T18:14:59.999Z'), 'Asia/Kathmandu')).toBe('2026-05-01');
    expect(localDate(new Date('2026-05-01T18:15:00.000Z'), 'Asia/Kathmandu')).toBe('2026-05-02');
  });

  it('gives the formatter’s date before 1970 (offsets of whole seconds, local mean time) and after 9999', () => {
    for (const iso of ['1890-06-01T23:30:00Z', '1969-12-31T23:59:59Z', '1900-01-01T00:00:00Z', '+010000-01-01T12:00:00Z'])
      for (const zone of ['Europe/Amsterdam', 'America/New_York', 'Asia/Kolkata']) expect(localDate(new Date(iso), zone)).toBe(formatted(new Date(iso), zone));
    // Amsterdam kept local mean time (+00:19:32) until 1937: 23:45 UTC was the next day there.
    expect(localDate(new Date('1930-06-01T23:45:00Z'), 'Europe/Amsterdam')).toBe(formatted(new Date('1930-06-01T23:45:00Z'), 'Europe/Amsterdam'));
  });

  it('rejects an invalid date as before', () => {
    expect(() => localDate(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });
});
