// GET /api/v1/usage: the self-billing view, field by field (docs/api-reference.md), and its schema.
import type { UsagePeriod, UsageReport, UsageTotals } from '../../src/domain/usage/index.ts';
import { exact } from '../openapi/schemas.ts';
import { API_VERSION } from './common.ts';

const int = { type: 'integer', minimum: 0 } as const;
const usd = { type: 'number', minimum: 0, description: 'US dollars, up to 6 decimals' } as const;
const day = { type: 'string', format: 'date' } as const;
const totalsSchema = { requests: int, credits: int, tokens_in: int, tokens_out: int, cost_usd: usd };
const Period = exact({ from: day, to: day, ...totalsSchema, by_feature: { type: 'array', items: exact({ feature: { type: 'string' }, ...totalsSchema }) } });

export const UsageSchema = exact({
  user_id: { type: 'string' },
  timezone: { type: 'string' },
  currency: { type: 'string', const: 'USD' },
  periods: exact({ today: Period, this_month: Period, last_30_days: Period }),
  daily: { type: 'array', minItems: 30, maxItems: 30, items: exact({ date: day, ...totalsSchema }) },
  api_version: { type: 'string', const: 'v1' },
});

const totals = (t: UsageTotals) => ({ requests: t.requests, credits: t.credits, tokens_in: t.tokensIn, tokens_out: t.tokensOut, cost_usd: t.costUsd });
const period = (p: UsagePeriod) => ({ from: p.from, to: p.to, ...totals(p), by_feature: p.byFeature.map((f) => ({ feature: f.feature, ...totals(f) })) });

export function serializeUsage(u: UsageReport) {
  return {
    user_id: u.accountId,
    timezone: u.timeZone,
    currency: 'USD',
    periods: { today: period(u.periods.today), this_month: period(u.periods.thisMonth), last_30_days: period(u.periods.last30Days) },
    daily: u.daily.map((d) => ({ date: d.date, ...totals(d) })),
    api_version: API_VERSION,
  };
}
