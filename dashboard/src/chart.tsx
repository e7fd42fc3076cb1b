// The profit chart (uPlot): revenue, ad spend and final profit per bucket on the money axis, the
// margin on a percent axis. Marks itself drawn (data-drawn, a performance mark) for tests and the bench.
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { day, money, percent, type Locale } from './format.ts';

export interface ChartBucket {
  start: string;
  end: string;
  complete: boolean;
  revenue: number;
  adSpend: number;
  finalProfit: number;
  marginPct: number;
}

const COLORS = { revenue: '#1d4ed8', adSpend: '#b45309', finalProfit: '#047857', margin: '#6d28d9' };

export function ProfitChart({ buckets, locale, interval }: { buckets: ChartBucket[]; locale: Locale; interval: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    element.removeAttribute('data-drawn');
    const x = buckets.map((b) => Date.parse(`${b.start}T00:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [
      x,
      buckets.map((b) => b.revenue),
      buckets.map((b) => b.adSpend),
      buckets.map((b) => b.finalProfit),
      buckets.map((b) => b.marginPct),
    ];
    const width = () => Math.max(280, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 280,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        series: [
          { label: 'Period', value: (_u, ts) => (ts === null ? '—' : day(new Date(ts * 1000).toISOString())) },
          { label: 'Revenue', stroke: COLORS.revenue, width: 2, scale: 'money', value: (_u, v) => money(locale, v) },
          { label: 'Ad spend', stroke: COLORS.adSpend, width: 2, scale: 'money', value: (_u, v) => money(locale, v) },
          { label: 'Final profit', stroke: COLORS.finalProfit, width: 2, scale: 'money', value: (_u, v) => money(locale, v) },
          { label: 'Margin', stroke: COLORS.margin, width: 1, dash: [4, 4], scale: 'pct', value: (_u, v) => percent(v) },
        ],
        axes: [
          {},
          { scale: 'money', size: 70, values: (_u, ticks) => ticks.map((t) => money(locale, t, true)) },
          { scale: 'pct', side: 1, grid: { show: false }, values: (_u, ticks) => ticks.map((t) => percent(t)) },
        ],
        hooks: {
          draw: [
            () => {
              element.setAttribute('data-drawn', 'true');
              performance.mark('dashboard:chart-drawn');
            },
          ],
        },
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 280 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [buckets, locale, interval]);
  return (
    <figure class="chart">
      <div
        ref={holder}
        data-chart
        data-interval={interval}
        data-buckets={buckets.length}
        data-from={buckets[0]?.start}
        data-to={buckets[buckets.length - 1]?.end}
        role="img"
        aria-label={`Profit by ${interval.toLowerCase()}: revenue, ad spend, final profit and margin`}
      />
      <figcaption>
        {buckets.length} {interval.toLowerCase()} buckets from {day(buckets[0]?.start)} to {day(buckets[buckets.length - 1]?.end)}
        {buckets.some((b) => !b.complete) ? '; the latest is still open.' : '.'}
      </figcaption>
    </figure>
  );
}
