// The embedded default provider: writes the insight from the finding's own numbers with fixed
// templates. Deterministic (same finding, same text), no network, no cost.
import type { AiProvider, Finding, GenerationResult, InsightDraft } from './provider.ts';
import { InsightDraftSchema } from './provider.ts';

export const LOCAL_MODEL = 'local-deterministic';

const fmt = (v: string | number | undefined): string => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(2)) : (v ?? '?'));
/** A rough token count (4 characters a token), so that usage records carry comparable numbers. */
const tokens = (text: string): number => Math.ceil(text.length / 4);

function draftFor(f: Finding): Omit<InsightDraft, 'severity'> {
  const v = f.facts;
  switch (f.kind) {
    case 'anomaly': {
      // Named by the metric and the day in words ("Margin fell sharply on Tue 3 Nov 2026").
      const what = fmt(v.metric_name ?? v.metric);
      const day = fmt(v.day ?? v.date);
      const up = v.direction === 'up';
      const unit = typeof v.unit === 'string' ? v.unit : '';
      const moved = f.severity === 'high' || f.severity === 'critical' ? `${up ? 'rose' : 'fell'} sharply` : `was unusually ${up ? 'high' : 'low'}`;
      return {
        title: `${what} ${moved} on ${day}`,
        body: `${what} was ${fmt(v.observed)}${unit} on ${day} against an expected ${fmt(v.expected)}${unit} (z-score ${fmt(v.z_score)}).`,
        suggested_action: `Check what changed around ${day} in the channels that drive ${what.toLowerCase()}.`,
        impact_estimate: `${fmt(v.deviation_pct)}% from the expected value`,
      };
    }
    case 'profit_decline':
      return {
        title: `Profit fell ${fmt(Math.abs(Number(v.change_pct)))}% in the week to ${fmt(v.week_ending_day ?? v.week_ending)}`,
        body: `Final profit over the last 7 days was ${fmt(v.last_7d_profit)}, against ${fmt(v.previous_7d_profit)} the 7 days before (${fmt(v.change_pct)}%).`,
        suggested_action: 'Review ad spend, discounts and refunds of the last week against the week before.',
        impact_estimate: `${fmt(v.difference)} less profit than the previous week`,
      };
    case 'churn_risk':
      return {
        title: `${fmt(v.customers_at_risk)} customers are at risk of churning`,
        body: `${fmt(v.customers_at_risk)} customers are at risk (average churn score ${fmt(v.avg_churn_score)}); they brought ${fmt(v.revenue_at_risk)} in revenue.`,
        suggested_action: 'Send the at-risk segment a win-back offer before they lapse.',
        impact_estimate: `${fmt(v.revenue_at_risk)} of customer revenue at stake`,
      };
    case 'stockout':
      return {
        title: `${fmt(v.product_name)} is about to sell out`,
        body: `${fmt(v.sku)} has ${fmt(v.current_stock)} units left, about ${fmt(v.days_of_stock)} days at the current pace.`,
        suggested_action: `Reorder ${fmt(v.sku)} now to cover the supplier lead time.`,
        impact_estimate: `${fmt(v.avg_daily_units)} units a day of sales at risk`,
      };
    case 'ads_roas':
      return {
        title: `Ad return was ${fmt(v.roas_last_7d)}x revenue per dollar in the week to ${fmt(v.week_ending_day ?? v.week_ending)}`,
        body: `The last 7 days returned ${fmt(v.roas_last_7d)} in revenue per dollar of ads (${fmt(v.ad_spend_last_7d)} spent), against ${fmt(v.roas_previous_7d)} the 7 days before.`,
        suggested_action: 'Pause the weakest campaigns and move budget to the ones above break-even.',
        impact_estimate: `${fmt(v.ad_spend_last_7d)} of weekly ad spend`,
      };
    default:
      return {
        title: `Finding: ${f.kind}`,
        body: Object.entries(v)
          .map(([k, x]) => `${k}: ${fmt(x)}`)
          .join('; '),
        suggested_action: 'Review the figures above.',
        impact_estimate: '',
      };
  }
}

export function localProvider(): AiProvider {
  return {
    name: 'local',
    async generateInsight(finding: Finding): Promise<GenerationResult> {
      const draft = InsightDraftSchema.parse({ ...draftFor(finding), severity: finding.severity });
      return { draft, model: LOCAL_MODEL, tokensIn: tokens(JSON.stringify(finding)), tokensOut: tokens(JSON.stringify(draft)), costUsd: 0 };
    },
  };
}
