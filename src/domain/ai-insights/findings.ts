// Turns the account's facts into findings worth an insight, each with a stable key (the same
// situation gives the same key, so an open insight about it is not generated twice). Pure.
import type { Finding } from '../../ai/provider.ts';
import { dayWords, isPercentMetric, metricWords } from '../anomalies/index.ts';

type Num = { toString(): string } | number | null;
const n = (v: Num): number => (v === null ? 0 : Number(v.toString()));
const round2 = (v: number): number => Math.round(v * 100) / 100;

export interface Facts {
  /** Anomalies of closed days. */
  anomalies: Array<{
    id: number;
    metric: string;
    observedValue: Num;
    expectedValue: Num;
    zScore: Num;
    direction: string;
    severity: string;
    detectedAt: Date;
    metricDate: Date;
  }>;
  /** Daily profit snapshots of closed days, oldest first (the last 14 are used). */
  profit: Array<{ snapshotDate: Date; grossRevenue: Num; adSpend: Num; finalProfit: Num }>;
  churn: { count: number; avgChurnScore: number; revenue: number };
  /** Items in critical stock, most urgent first. */
  stockouts: Array<{ sku: string; productName: string; currentStock: number; daysOfStock: Num; avgDailyUnits30d: Num }>;
}

const AD_METRICS = new Set(['ad_spend', 'roas', 'cpa']);
const SEVERE = new Set(['medium', 'high', 'critical']);
/** Profit falling by this share week over week is a finding; twice it is high severity. */
const PROFIT_DROP = 0.2;
const ROAS_DROP = 0.25;
export const MAX_STOCKOUT_FINDINGS = 3;

function anomalyFindings(anomalies: Facts['anomalies']): Finding[] {
  return anomalies
    .filter((a) => SEVERE.has(a.severity))
    .map((a) => {
      const expected = n(a.expectedValue);
      const date = a.metricDate.toISOString().slice(0, 10);
      return {
        key: `anomaly:${a.id}`,
        category: AD_METRICS.has(a.metric) ? 'ads' : 'anomaly',
        severity: a.severity as Finding['severity'],
        kind: 'anomaly',
        facts: {
          metric: a.metric,
          observed: round2(n(a.observedValue)),
          expected: round2(expected),
          z_score: round2(n(a.zScore)),
          direction: a.direction,
          date,
          // In words, for the title and body: "Margin", "Tue 3 Nov 2026".
          metric_name: metricWords(a.metric),
          day: dayWords(date),
          ...(isPercentMetric(a.metric) ? { unit: '%' } : {}),
          deviation_pct: expected ? round2(((n(a.observedValue) - expected) / Math.abs(expected)) * 100) : 0,
        },
        relatedAnomalyId: a.id,
      } satisfies Finding;
    });
}

function weeks(profit: Facts['profit']) {
  if (profit.length < 14) return null;
  const recent = profit.slice(-7);
  const before = profit.slice(-14, -7);
  const sum = (rows: Facts['profit'], f: (r: Facts['profit'][number]) => Num) => rows.reduce((s, r) => s + n(f(r)), 0);
  return {
    weekEnding: recent[recent.length - 1]!.snapshotDate.toISOString().slice(0, 10),
    profit: [sum(recent, (r) => r.finalProfit), sum(before, (r) => r.finalProfit)] as const,
    revenue: [sum(recent, (r) => r.grossRevenue), sum(before, (r) => r.grossRevenue)] as const,
    ads: [sum(recent, (r) => r.adSpend), sum(before, (r) => r.adSpend)] as const,
  };
}

function trendFindings(profit: Facts['profit']): Finding[] {
  const w = weeks(profit);
  if (!w) return [];
  const out: Finding[] = [];
  const [now, prev] = w.profit;
  if (prev > 0 && now < prev * (1 - PROFIT_DROP)) {
    const change = (now - prev) / prev;
    out.push({
      key: 'profit:decline',
      category: 'profit',
      severity: change <= -2 * PROFIT_DROP ? 'high' : 'medium',
      kind: 'profit_decline',
      facts: {
        last_7d_profit: round2(now),
        previous_7d_profit: round2(prev),
        change_pct: round2(change * 100),
        difference: round2(prev - now),
        week_ending: w.weekEnding,
        week_ending_day: dayWords(w.weekEnding),
      },
    });
  }
  const [adsNow, adsPrev] = w.ads;
  if (adsNow > 0 && adsPrev > 0) {
    const roasNow = w.revenue[0] / adsNow;
    const roasPrev = w.revenue[1] / adsPrev;
    if (roasNow < 1 || roasNow < roasPrev * (1 - ROAS_DROP)) {
      out.push({
        key: roasNow < 1 ? 'ads:roas_below_break_even' : 'ads:roas_decline',
        category: 'ads',
        severity: roasNow < 1 ? 'high' : 'medium',
        kind: 'ads_roas',
        facts: {
          roas_last_7d: round2(roasNow),
          roas_previous_7d: round2(roasPrev),
          ad_spend_last_7d: round2(adsNow),
          week_ending: w.weekEnding,
          week_ending_day: dayWords(w.weekEnding),
        },
      });
    }
  }
  return out;
}

function churnFindings(churn: Facts['churn']): Finding[] {
  if (churn.count === 0) return [];
  return [
    {
      key: 'churn_risk:at_risk',
      category: 'churn_risk',
      severity: churn.count >= 50 ? 'high' : churn.count >= 10 ? 'medium' : 'low',
      kind: 'churn_risk',
      facts: { customers_at_risk: churn.count, avg_churn_score: round2(churn.avgChurnScore), revenue_at_risk: round2(churn.revenue) },
    },
  ];
}

function stockoutFindings(items: Facts['stockouts']): Finding[] {
  return items.slice(0, MAX_STOCKOUT_FINDINGS).map((i) => ({
    key: `stockout:${i.sku}`,
    category: 'inventory',
    severity: i.currentStock === 0 ? 'critical' : 'high',
    kind: 'stockout',
    facts: {
      sku: i.sku,
      product_name: i.productName,
      current_stock: i.currentStock,
      days_of_stock: round2(n(i.daysOfStock)),
      avg_daily_units: round2(n(i.avgDailyUnits30d)),
    },
  }));
}

/** Every finding in the facts, most severe kinds first: anomalies, trends, churn, stock-outs. */
export function findingsFrom(facts: Facts): Finding[] {
  return [...anomalyFindings(facts.anomalies), ...trendFindings(facts.profit), ...churnFindings(facts.churn), ...stockoutFindings(facts.stockouts)];
}
