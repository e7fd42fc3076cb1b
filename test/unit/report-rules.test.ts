// The period rules on their own: ranges, ISO-week and calendar buckets (clipped), bucket counts
// as the cost check computes them, comparison periods and the cents arithmetic.
import {
  buckets,
  bucketCount,
  checkRange,
  coveringSpans,
  previousRange,
  totalsOf,
  emptySums,
  centsToAmount,
  percentChange,
  type Interval,
} from '../../src/domain/reports/rules.ts';

describe('report rules', () => {
  it('buckets by ISO week (Monday to Sunday), month, quarter and year, clipped to the range', () => {
    expect(buckets({ from: '2026-02-25', to: '2026-03-10' }, 'WEEK')).toEqual([
      { from: '2026-02-25', to: '2026-03-01' },
      { from: '2026-03-02', to: '2026-03-08' },
      { from: '2026-03-09', to: '2026-03-10' },
    ]);
    expect(buckets({ from: '2024-01-31', to: '2024-03-01' }, 'MONTH')).toEqual([
      { from: '2024-01-31', to: '2024-01-31' },
      { from: '2024-02-01', to: '2024-02-29' },
      { from: '2024-03-01', to: '2024-03-01' },
    ]);
    expect(buckets({ from: '2025-11-15', to: '2026-04-02' }, 'QUARTER').map((b) => b.from)).toEqual(['2025-11-15', '2026-01-01', '2026-04-01']);
    expect(buckets({ from: '2024-06-01', to: '2026-01-01' }, 'YEAR')).toEqual([
      { from: '2024-06-01', to: '2024-12-31' },
      { from: '2025-01-01', to: '2025-12-31' },
      { from: '2026-01-01', to: '2026-01-01' },
    ]);
  });

  it('counts buckets as it makes them', () => {
    const ranges = [
      { from: '2026-02-25', to: '2026-03-10' },
      { from: '2024-01-01', to: '2025-12-31' },
      { from: '2023-12-31', to: '2024-01-01' },
      { from: '2026-03-02', to: '2026-03-02' },
    ];
    for (const range of ranges)
      for (const interval of ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'] as Interval[])
        expect(bucketCount(range, interval)).toBe(buckets(range, interval).length);
  });

  it('compares with the previous period of as many days, or the same dates a year earlier', () => {
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' }, 'PREVIOUS_PERIOD')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousRange({ from: '2024-02-01', to: '2024-02-29' }, 'PREVIOUS_YEAR')).toEqual({ from: '2023-02-01', to: '2023-02-28' });
  });

  it('refuses reversed, too long and out-of-bounds ranges', () => {
    expect(() => checkRange({ from: '2026-03-02', to: '2026-03-01' })).toThrow(/after/);
    expect(() => checkRange({ from: '2010-01-01', to: '2020-12-31' })).toThrow(/at most 3660 days/);
    expect(() => checkRange({ from: '1960-01-01', to: '1970-12-31' })).toThrow(/range.from/);
    expect(() => checkRange({ from: '2026-02-30', to: '2026-03-01' })).toThrow(/calendar date/);
    expect(checkRange({ from: '2016-01-10', to: '2026-01-08' })).toEqual({ from: '2016-01-10', to: '2026-01-08' });
  });

  it('derives ratios from the sums: margin weighted by revenue, half away from zero', () => {
    const t = totalsOf({ ...emptySums(), grossRevenue: 30_000, netRevenue: 30_000, finalProfit: 10_001, adSpend: 7_000, purchaseCount: 7 });
    expect(t.marginPct).toBe(33.34);
    expect(t.aov).toBe(4286);
    expect(t.roas).toBe(4.2857);
    expect(totalsOf(emptySums())).toMatchObject({ marginPct: 0, aov: null, roas: null });
    expect([centsToAmount(-1205), centsToAmount(7), centsToAmount(123456)]).toEqual(['-12.05', '0.07', '1234.56']);
    expect([percentChange(150, 100), percentChange(1, 0), percentChange(-50, -100)]).toEqual([50, null, 50]);
  });

  it('covers compared ranges with the fewest disjoint spans: overlapping and adjacent ones merge', () => {
    const range = { from: '2025-12-01', to: '2026-11-30' };
    // PREVIOUS_PERIOD touches the range: one span.
    expect(coveringSpans([range, previousRange(range, 'PREVIOUS_PERIOD')])).toEqual([{ from: '2024-12-01', to: '2026-11-30' }]);
    // PREVIOUS_YEAR of two years overlaps it: one span; of a week, a year away: two, oldest first.
    const twoYears = { from: '2024-12-01', to: '2026-11-30' };
    expect(coveringSpans([twoYears, previousRange(twoYears, 'PREVIOUS_YEAR')])).toEqual([{ from: '2023-12-01', to: '2026-11-30' }]);
    const week = { from: '2026-11-16', to: '2026-11-22' };
    expect(coveringSpans([week, previousRange(week, 'PREVIOUS_YEAR')])).toEqual([{ from: '2025-11-16', to: '2025-11-22' }, week]);
    // A range inside another adds nothing; the inputs are not changed.
    const inner = { from: '2026-01-01', to: '2026-01-31' };
    expect(coveringSpans([range, inner])).toEqual([range]);
    expect(inner).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });
});
