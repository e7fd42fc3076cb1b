// Alert rules: each active rule's metric over its window of recent hours is compared with its
// threshold. alert.fired is sent once per crossing, on the way in; the rule re-arms when the
// value goes back, so the next crossing fires again (docs/analytics.md, "Alerts").
import type { PrismaClient } from '../../db/client.ts';
import type { Comparator } from '../shared/enums.ts';
import { domainEvent } from '../events/catalog.ts';
import { ANOMALY_METRICS, metricValues } from '../anomalies/service.ts';
import { alertsRepo, type RuleState, type WindowFigures } from './repo.ts';

/** The metrics a rule may name: the anomaly metrics that a window of hours can tell (a margin needs whole days). */
export const ALERT_METRICS = ANOMALY_METRICS.filter((m): m is Exclude<(typeof ANOMALY_METRICS)[number], 'margin_pct'> => m !== 'margin_pct');
type AlertMetric = (typeof ALERT_METRICS)[number];
const isAlertMetric = (metric: string): metric is AlertMetric => (ALERT_METRICS as readonly string[]).includes(metric);

export function crosses(value: number, comparator: Comparator, threshold: number): boolean {
  switch (comparator) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
  }
}

/** A metric's value over a window, rounded to the 4 decimals the rule's last_value keeps. */
export function windowValue(metric: AlertMetric, figures: WindowFigures): number | null {
  const value = metricValues({ day: '', marginPct: null, ...figures })[metric];
  return value === null ? null : Math.round(value * 10_000) / 10_000;
}

export function alertsService(prisma: PrismaClient) {
  const repo = alertsRepo(prisma);
  return {
    /**
     * Evaluates every active rule of the account (rules naming another metric are skipped) and
     * returns the rules whose state or last value changed.
     */
    async evaluateAlerts(accountId: string, now = new Date()): Promise<number> {
      const rules = (await repo.activeRules(accountId)).filter((r) => isAlertMetric(r.metric));
      if (rules.length === 0) return 0;
      const windows = new Map((await repo.windowFigures(accountId, now, [...new Set(rules.map((r) => r.windowHours))])).map((w) => [w.hours, w]));
      const states: RuleState[] = rules.map((rule) => {
        const value = windowValue(rule.metric as AlertMetric, windows.get(rule.windowHours)!);
        return { id: rule.id, value, crossed: value !== null && crosses(value, rule.comparator, rule.threshold) };
      });
      const byId = new Map(rules.map((r) => [r.id, r]));
      const valueOf = new Map(states.map((s) => [s.id, s.value]));
      return repo.applyStates(accountId, now, states, (firedIds) =>
        firedIds.map((id) => {
          const rule = byId.get(id)!;
          return domainEvent('alert.fired', {
            rule_id: rule.id,
            rule_name: rule.name,
            severity: rule.severity,
            metric: rule.metric,
            observed: valueOf.get(id)!,
            threshold: rule.threshold,
            comparator: rule.comparator,
            window_hours: rule.windowHours,
          });
        }),
      );
    },
  };
}

export type AlertsService = ReturnType<typeof alertsService>;
