// Overview: KPI cards for a chosen period with their change, the profit chart, and the panels
// (overview-panels.tsx), all from ONE GraphQL request; anomalies and insights then arrive live.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { OverviewDocument, type OverviewQuery } from '../__generated__/graphql.ts';
import { errorsAt } from '../api.ts';
import { ProfitChart, type ChartBucket } from '../chart.tsx';
import { count, day, localToday, money, percent, type Locale } from '../format.ts';
import type { PageProps } from '../page.ts';
import { chartRange, PERIODS, periodRange, type Choice } from '../periods.ts';
import { Loading, Problems } from '../ui.tsx';
import { useQuery } from '../use-query.ts';
import { OverviewPanels } from './overview-panels.tsx';

type Kpis = NonNullable<OverviewQuery['kpis']>;
type Totals = Kpis['totals'];
type Change = NonNullable<Kpis['change']>;

interface Card {
  key: string;
  label: string;
  value: (t: Totals) => string | number | null;
  show: (locale: Locale, v: string | number | null) => string;
  change: (c: Change) => number | null | undefined;
  points?: boolean;
}

const asMoney = (locale: Locale, v: string | number | null) => money(locale, v);
const CARDS: Card[] = [
  { key: 'grossRevenue', label: 'Revenue', value: (t) => t.grossRevenue.amount, show: asMoney, change: (c) => c.grossRevenue },
  { key: 'netRevenue', label: 'Net revenue', value: (t) => t.netRevenue.amount, show: asMoney, change: (c) => c.netRevenue },
  { key: 'adSpend', label: 'Ad spend', value: (t) => t.adSpend.amount, show: asMoney, change: (c) => c.adSpend },
  { key: 'finalProfit', label: 'Final profit', value: (t) => t.finalProfit.amount, show: asMoney, change: (c) => c.finalProfit },
  { key: 'marginPct', label: 'Margin', value: (t) => t.marginPct, show: (_l, v) => percent(v as number), change: (c) => c.marginPctPoints, points: true },
  { key: 'purchaseCount', label: 'Orders', value: (t) => t.purchaseCount, show: (_l, v) => count(v), change: (c) => c.purchaseCount },
  { key: 'aov', label: 'Average order', value: (t) => t.aov?.amount ?? null, show: asMoney, change: (c) => c.aov },
  { key: 'newCustomers', label: 'New customers', value: (t) => t.newCustomers, show: (_l, v) => count(v), change: (c) => c.newCustomers },
  { key: 'roas', label: 'ROAS', value: (t) => t.roas ?? null, show: (_l, v) => (v === null ? '—' : `${count(v, 2)}×`), change: (c) => c.roas },
];

function Kpi({ card, kpis, locale, compareLabel }: { card: Card; kpis: Kpis; locale: Locale; compareLabel: string }) {
  const value = card.value(kpis.totals);
  const change = kpis.change ? card.change(kpis.change) : null;
  const tone = change === null || change === undefined || change === 0 ? 'flat' : change > 0 !== (card.key === 'adSpend') ? 'good' : 'bad';
  return (
    <li class="kpi" data-kpi={card.key} data-value={value ?? ''}>
      <span class="kpi-label">{card.label}</span>
      <strong class="kpi-value">{card.show(locale, value)}</strong>
      <span class={`kpi-change ${tone}`}>
        {change === null || change === undefined ? 'no comparison' : card.points ? `${count(change, 2)} pts` : percent(change, true)} {compareLabel}
      </span>
    </li>
  );
}

export function Overview({ locale }: PageProps) {
  const today = localToday(locale.timezone);
  const [choice, setChoice] = useState<Choice>({ period: '30d', custom: { from: today, to: today }, compareTo: 'PREVIOUS_PERIOD', interval: 'DAY' });
  const range = periodRange(choice, today);
  const variables = { range, compareTo: choice.compareTo, chartRange: chartRange(range, choice.interval), interval: choice.interval };
  const { data, dataVariables, errors, loading } = useQuery(OverviewDocument, variables);
  const update = (patch: Partial<Choice>) => setChoice((c) => ({ ...c, ...patch }));
  const buckets = useMemo<ChartBucket[]>(
    () =>
      (data?.chart?.buckets ?? []).map((b) => ({
        start: b.start,
        end: b.end,
        complete: b.complete,
        revenue: Number(b.totals.grossRevenue.amount),
        adSpend: Number(b.totals.adSpend.amount),
        finalProfit: Number(b.totals.finalProfit.amount),
        marginPct: b.totals.marginPct,
      })),
    [data?.chart],
  );
  useEffect(() => {
    // For bench/dashboard: when the KPI cards of a loaded answer are on screen (the chart marks its own drawing).
    if (data?.kpis && !loading) performance.mark('dashboard:kpis-drawn');
  }, [data, loading]);
  const compareLabel = choice.compareTo === 'PREVIOUS_YEAR' ? 'vs last year' : 'vs previous period';
  return (
    <section aria-labelledby="overview-title" data-loading={loading ? 'true' : 'false'}>
      <h1 id="overview-title">Overview</h1>
      <form class="toolbar" onSubmit={(e) => e.preventDefault()} aria-label="Period">
        <fieldset>
          <legend>Period</legend>
          {PERIODS.map((p) => (
            <label key={p.key} class="chip">
              <input type="radio" name="period" value={p.key} checked={choice.period === p.key} onChange={() => update({ period: p.key })} />
              {p.label}
            </label>
          ))}
        </fieldset>
        {choice.period === 'custom' ? (
          <fieldset>
            <legend>Custom range</legend>
            <label>
              From{' '}
              <input
                type="date"
                value={choice.custom.from}
                max={today}
                onChange={(e) => update({ custom: { ...choice.custom, from: e.currentTarget.value } })}
              />
            </label>
            <label>
              To{' '}
              <input type="date" value={choice.custom.to} max={today} onChange={(e) => update({ custom: { ...choice.custom, to: e.currentTarget.value } })} />
            </label>
          </fieldset>
        ) : null}
        <label>
          Compare with{' '}
          <select value={choice.compareTo} onChange={(e) => update({ compareTo: e.currentTarget.value as Choice['compareTo'] })}>
            <option value="PREVIOUS_PERIOD">the previous period</option>
            <option value="PREVIOUS_YEAR">the same days last year</option>
          </select>
        </label>
        <label>
          Chart by{' '}
          <select name="interval" value={choice.interval} onChange={(e) => update({ interval: e.currentTarget.value as Choice['interval'] })}>
            <option value="DAY">day</option>
            <option value="WEEK">week</option>
            <option value="MONTH">month</option>
          </select>
        </label>
      </form>
      {loading && !data ? <Loading /> : null}
      {!data ? <Problems errors={errors} what="The overview" /> : null}
      {data ? (
        <>
          <h2 class="sr-only">Key figures</h2>
          {data.kpis ? (
            <>
              <p class="range" data-range-from={data.kpis.range.from} data-range-to={data.kpis.range.to}>
                {day(data.kpis.range.from)} – {day(data.kpis.range.to)}
                {data.kpis.previousRange ? ` (compared with ${day(data.kpis.previousRange.from)} – ${day(data.kpis.previousRange.to)})` : ''}
              </p>
              <ul class="kpis" data-ready={loading ? undefined : 'true'}>
                {CARDS.map((card) => (
                  <Kpi key={card.key} card={card} kpis={data.kpis!} locale={locale} compareLabel={compareLabel} />
                ))}
              </ul>
            </>
          ) : (
            <Problems errors={errorsAt(errors, 'kpis')} what="Key figures" />
          )}
          <h2>Profit</h2>
          {data.chart ? (
            buckets.length ? (
              <ProfitChart buckets={buckets} locale={locale} interval={dataVariables?.interval ?? choice.interval} />
            ) : (
              <p class="state empty">No profit figures for this period yet.</p>
            )
          ) : (
            <Problems errors={errorsAt(errors, 'chart')} what="The profit chart" />
          )}
          <OverviewPanels data={data} errors={errors} locale={locale} />
        </>
      ) : null}
    </section>
  );
}
