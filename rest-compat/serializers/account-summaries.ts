// The v1 JSON of the account summaries (/risks, /customers/segments, /ads, /creatives,
// /conversations, /health), field by field; their schemas are in openapi/insights-schemas.ts.
import type { AccountSummariesService, Risk } from '../../src/domain/account-summaries/index.ts';
import { API_VERSION, nullableTimestamp, timestamp } from './common.ts';

type Summary<K extends keyof AccountSummariesService> = Awaited<ReturnType<AccountSummariesService[K]>>;

export function serializeRisks(risks: readonly Risk[], generatedAt: Date) {
  return { data: risks, generated_at: timestamp(generatedAt), api_version: API_VERSION };
}

export function serializeSegments({ data, totals }: Summary<'segments'>) {
  return {
    data: data.map((s) => ({ segment: s.segment, customers: s.customers, revenue: s.revenue, customer_share: s.customerShare, revenue_share: s.revenueShare })),
    totals,
    api_version: API_VERSION,
  };
}

export function serializeAds(result: Summary<'ads'>) {
  const data = result.campaigns.map((c) => ({
    platform: c.platform,
    campaign_id: c.campaignId,
    campaign_name: c.campaignName,
    spend: c.spend,
    revenue: c.revenue,
    roas: c.roas,
    clicks: c.clicks,
    impressions: c.impressions,
    conversions: c.conversions,
  }));
  return { data, platforms: result.platforms, totals: result.totals, window_days: result.days, api_version: API_VERSION };
}

/** No connected data source provides ad creatives yet: an empty list naming no source. */
export function serializeCreatives() {
  return { data: [], sources: [], api_version: API_VERSION };
}

export function serializeConversations({ days, items }: Summary<'conversations'>) {
  const data = items.map((c) => ({
    conversation_id: c.conversationId,
    channel: c.channel,
    visitor_id: c.visitorId,
    status: c.closed ? 'closed' : 'open',
    started_at: timestamp(c.startedAt),
    last_event_at: timestamp(c.lastEventAt),
    last_event: c.lastEvent,
    events: c.events,
  }));
  return { data, window_days: days, api_version: API_VERSION };
}

export function serializeHealth(h: Summary<'health'>) {
  return {
    status: h.status,
    integrations: {
      data: h.integrations.map((i) => ({ provider: i.provider, shop: i.shop, status: i.status, last_sync_at: nullableTimestamp(i.lastSyncAt) })),
      totals: h.integrationTotals,
    },
    jobs: h.jobs.map((j) => ({
      job: j.job,
      last_status: j.lastStatus,
      last_run_at: nullableTimestamp(j.lastRunAt),
      last_success_at: nullableTimestamp(j.lastSuccessAt),
      last_error: j.lastError,
      late: j.late,
    })),
    api_version: API_VERSION,
  };
}
