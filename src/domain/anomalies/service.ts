// Anomalies: deviations found by the anomaly-detect job (univariate and correlated), read over a
// rolling window of whole days counted back from now. The detection rules: rules.ts and
// docs/analytics.md.
import type { PrismaClient } from '../../db/client.ts';
import type { AnomalyMetric, Direction, Severity } from '../shared/enums.ts';
import { SEVERITIES } from '../insights/index.ts';
import { anomaliesRepo, type AnomalyWrite, type DailyInputs } from './repo.ts';
import { boundedCount } from '../shared/index.ts';
import { announces, correlate, decodeCorrelated, DETECTION, findingOf, scoreSeries, type CorrelatedMetric, type DailySeries, type Score } from './rules.ts';
import type { DecimalLike } from '../shared/types.ts';
import { addDays } from '../shared/index.ts';
import { domainEvent } from '../events/catalog.ts';
import { dayWords, metricWords, valueWords, weekdayWords } from './words.ts';

const DAY_MS = 86_400_000;
export const ANOMALY_METRICS = [
  'revenue',
  'orders',
  'aov',
  'ad_spend',
  'roas',
  'cpa',
  'refunds',
  'new_customers',
  'conversion_rate',
  'margin_pct',
] as const satisfies readonly AnomalyMetric[];
export const ANOMALY_WINDOW = { default: 7, max: 90 };

export interface AnomalyQuery {
  severity?: (typeof SEVERITIES)[number];
  days?: number;
}

/** An anomaly the anomaly-detect job stored, its correlated metrics decoded. */
export interface Anomaly {
  id: number;
  kind: 'univariate' | 'correlated';
  metric: AnomalyMetric;
  observedValue: DecimalLike;
  expectedValue: DecimalLike;
  zScore: DecimalLike;
  direction: Direction;
  severity: Severity;
  detectedAt: Date;
  /** The local day the anomaly is about (a UTC-midnight date). */
  metricDate: Date;
  inferredCause: string;
  confidence: DecimalLike;
  correlatedMetrics: CorrelatedMetric[];
}

/** Anomalies of a window, newest first, and the window's length. */
export interface AnomalyWindow {
  items: Anomaly[];
  windowDays: number;
}

const decoded = <R extends { correlatedMetrics: unknown }>(row: R): Omit<R, 'correlatedMetrics'> & { correlatedMetrics: CorrelatedMetric[] } => ({
  ...row,
  correlatedMetrics: decodeCorrelated(row.correlatedMetrics),
});

const ratio = (a: number | null, b: number | null, scale = 1): number | null => (a === null || b === null || b === 0 ? null : (a / b) * scale);

/** Each metric's value on a day, from the day's inputs (docs/analytics.md has the table). */
export function metricValues(d: DailyInputs): Record<AnomalyMetric, number | null> {
  const spend = d.adSpend !== null && d.adSpend > 0 ? d.adSpend : null;
  return {
    revenue: d.revenue,
    orders: d.orders,
    aov: ratio(d.revenue, d.orders),
    ad_spend: d.adSpend,
    roas: ratio(d.revenue, spend),
    cpa: spend === null ? null : ratio(spend, d.orders),
    refunds: d.refunds,
    new_customers: d.revenue === null ? null : d.newCustomers,
    conversion_rate: d.sessions > 0 ? ratio(d.orders, d.sessions, 100) : null,
    margin_pct: d.marginPct,
  };
}

/** The plain-words cause of a univariate anomaly. */
const univariateCause = (f: { metric: string; day: string; direction: 'up' | 'down'; observed: number; expected: number; z: number }): string =>
  `${metricWords(f.metric)} on ${dayWords(f.day)} was ${f.direction === 'up' ? 'above' : 'below'} its usual level for a ${weekdayWords(f.day)}: ` +
  `${valueWords(f.metric, f.observed)} against ${valueWords(f.metric, f.expected)} expected (modified z ${f.z}).`;

export function anomaliesService(prisma: PrismaClient) {
  const repo = anomaliesRepo(prisma);
  return {
    /** Anomalies detected in the last `days` × 24 hours (clamped to the maximum), newest first. */
    async listAnomalies(accountId: string, query: AnomalyQuery, now = new Date()): Promise<AnomalyWindow> {
      const windowDays = boundedCount(query.days, ANOMALY_WINDOW, 'days');
      const rows = await repo.listSince(accountId, { severity: query.severity, since: new Date(now.getTime() - windowDays * DAY_MS) });
      return { items: rows.map(decoded), windowDays };
    },

    /**
     * How many anomalies listAnomalies would return now: a list's real size, which the window's
     * days do not bound (one detection run stores a whole history's findings at once).
     */
    async countAnomalies(accountId: string, query: AnomalyQuery, now = new Date()): Promise<number> {
      const windowDays = boundedCount(query.days, ANOMALY_WINDOW, 'days');
      return repo.countSince(accountId, { severity: query.severity, since: new Date(now.getTime() - windowDays * DAY_MS) });
    },

    /**
     * Scores the last complete local days (`full`, or while the account has no anomaly stored
     * yet: every day with enough history) of every metric, stores the univariate and correlated
     * anomalies not stored yet, and emits anomaly.detected for those of medium severity and
     * above. Returns the rows inserted.
     */
    async detectAnomalies(accountId: string, now = new Date(), options: { full?: boolean } = {}): Promise<number> {
      const full = options.full || !(await repo.hasAnomalies(accountId));
      const today = now.toISOString().slice(0, 10);
      const from = full ? null : addDays(today, -(DETECTION.recentDays + DETECTION.historyDays + 2));
      const inputs = await repo.dailyInputs(accountId, now, from);
      if (inputs.length === 0) return 0;
      // Evaluated: the last `recentDays` days of the series (all of them on a full run).
      const evaluateFrom = full ? 0 : Math.max(0, inputs.length - DETECTION.recentDays);
      const days = inputs.map((d) => d.day);
      const values = inputs.map(metricValues);
      // One finding per metric and day: a correlated finding takes the place of its primary
      // metric's univariate one (same numbers, with the cause and the companion metrics).
      const writes = new Map<string, AnomalyWrite>();
      const byDay = new Map<string, Map<AnomalyMetric, Score>>();
      for (const metric of ANOMALY_METRICS) {
        const series: DailySeries = { days, values: values.map((v) => v[metric]) };
        for (const { day, score } of scoreSeries(series, evaluateFrom)) {
          if (!byDay.has(day)) byDay.set(day, new Map());
          byDay.get(day)!.set(metric, score);
          const f = findingOf(metric, day, score);
          if (f) writes.set(`${metric}|${day}`, { ...f, kind: 'univariate', cause: univariateCause(f), correlated: [] });
        }
      }
      const anomalousDays = new Set([...writes.values()].map((w) => w.day));
      for (const [day, scores] of byDay) {
        if (!anomalousDays.has(day)) continue;
        for (const c of correlate(day, scores)) writes.set(`${c.metric}|${day}`, { ...c, kind: 'correlated' });
      }
      return repo.insertFindings(accountId, now, [...writes.values()], (inserted) =>
        inserted
          .filter((w) => announces(w.severity))
          .map((w) =>
            domainEvent('anomaly.detected', {
              metric: w.metric,
              observed: w.observed,
              expected: w.expected,
              z_score: w.z,
              direction: w.direction,
              severity: w.severity,
              source: w.kind,
            }),
          ),
      );
    },
    /** The account's anomalies with these ids, in the order asked (null where there is none). */
    async anomaliesByIds(accountId: string, ids: readonly number[]): Promise<Array<Anomaly | null>> {
      const byId = new Map((await repo.byIds(accountId, ids)).map((row) => [row.id, decoded(row)]));
      return ids.map((id) => byId.get(id) ?? null);
    },
  };
}

export type AnomaliesService = ReturnType<typeof anomaliesService>;
