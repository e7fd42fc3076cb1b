// The demo store's today: its ad spend is the share of the store's own day (New York) elapsed at
// the seed, so early in that day a handful of orders does not face a whole day's budget. A CI run
// at 06:00 UTC (01:00 in New York) once found today's margin at −220 %: the spend was a quarter
// of the day's (the UTC day's share) against one hour of orders.
import { generateDemo } from '../../src/demo/generate.ts';
import { DAY_MS, makeTimeline } from '../../src/demo/generate-time.ts';

function spendByDate(now: string): Map<number, number> {
  const byDate = new Map<number, number>();
  for (const row of generateDemo(makeTimeline(new Date(now))).adSpend) byDate.set(row.date, (byDate.get(row.date) ?? 0) + row.spend);
  return byDate;
}

/** Today's spend as a share of the mean of the seven whole days before it. */
function todayShare(now: string, localToday: string): number {
  const byDate = spendByDate(now);
  const today = Date.parse(`${localToday}T00:00:00Z`);
  expect(Math.max(...byDate.keys())).toBe(today);
  const week = Array.from({ length: 7 }, (_, i) => byDate.get(today - (i + 1) * DAY_MS)!);
  return byDate.get(today)! / (week.reduce((a, b) => a + b, 0) / 7);
}

describe('demo data: today', () => {
  it("spends an hour's budget at 01:00 in New York (06:00 UTC)", () => {
    const share = todayShare('2026-11-24T06:00:00Z', '2026-11-24');
    expect(share).toBeGreaterThan(0.5 / 24);
    expect(share).toBeLessThan(2 / 24);
  });

  it('spends most of the day at 21:00 in New York, when UTC is already on the next day', () => {
    const share = todayShare('2026-11-25T02:00:00Z', '2026-11-24');
    expect(share).toBeGreaterThan((21 / 24) * 0.6);
    expect(share).toBeLessThan((21 / 24) * 1.5);
  });

  it('has spent nothing in the first second of the day', () => {
    const byDate = spendByDate('2026-11-24T05:00:00Z');
    expect(byDate.get(Date.parse('2026-11-24T00:00:00Z'))).toBe(0);
  });
});
