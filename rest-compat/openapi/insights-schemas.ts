// JSON Schemas of the account summary endpoints (risks, segments, ads, creatives, conversations, health).
import { exact } from './schemas.ts';

const ts = { type: 'string', format: 'date-time' } as const;
const nullableTs = { type: ['string', 'null'], format: 'date-time' } as const;
const int = { type: 'integer' } as const;
const num = { type: 'number' } as const;
const nullableNum = { type: ['number', 'null'] } as const;
const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const version = { type: 'string', const: 'v1' } as const;
const array = (items: object) => ({ type: 'array', items }) as const;

export const Risks = exact({
  data: array(
    exact({
      category: { type: 'string', enum: ['integration_dropped', 'stockout', 'falling_margin'] },
      severity: { type: 'string', enum: ['low', 'medium', 'high', 'critical'] },
      title: str,
      detail: str,
      evidence: { type: 'object' },
    }),
  ),
  generated_at: ts,
  api_version: version,
});

export const Segments = exact({
  data: array(
    exact({
      segment: { type: 'string', enum: ['vip', 'loyal', 'regular', 'new', 'at_risk', 'churned'] },
      customers: int,
      revenue: num,
      customer_share: num,
      revenue_share: num,
    }),
  ),
  totals: exact({ customers: int, revenue: num }),
  api_version: version,
});

const platform = { type: 'string', enum: ['meta-ads', 'google-ads'] } as const;
export const Ads = exact({
  data: array(
    exact({ platform, campaign_id: str, campaign_name: str, spend: num, revenue: num, roas: nullableNum, clicks: int, impressions: int, conversions: int }),
  ),
  platforms: array(exact({ platform, spend: num, revenue: num, roas: nullableNum, campaigns: int })),
  totals: exact({ spend: num, revenue: num, roas: nullableNum }),
  window_days: int,
  api_version: version,
});

export const Creatives = exact({ data: array({ type: 'object' }), sources: array(str), api_version: version });

export const Conversations = exact({
  data: array(
    exact({
      conversation_id: str,
      channel: nullableStr,
      visitor_id: nullableStr,
      status: { type: 'string', enum: ['open', 'closed'] },
      started_at: ts,
      last_event_at: ts,
      last_event: str,
      events: int,
    }),
  ),
  window_days: int,
  api_version: version,
});

export const Health = exact({
  status: { type: 'string', enum: ['ok', 'attention'] },
  integrations: exact({
    data: array(
      exact({ provider: str, shop: str, status: { type: 'string', enum: ['connected', 'stale', 'revoked', 'never_synced'] }, last_sync_at: nullableTs }),
    ),
    totals: exact({ total: int, connected: int, stale: int, revoked: int, never_synced: int }),
  }),
  jobs: array(
    exact({
      job: str,
      last_status: { type: ['string', 'null'], enum: ['running', 'succeeded', 'failed', null] },
      last_run_at: nullableTs,
      last_success_at: nullableTs,
      last_error: nullableStr,
      late: { type: 'boolean' },
    }),
  ),
  api_version: version,
});
