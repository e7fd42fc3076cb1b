// The only Prisma access for the account summaries (segments, ads, conversations, health,
// risks). Every query is scoped by the account.
import type { PrismaClient } from '../../db/client.ts';
import { col, parseRows, z } from '../shared/rows.ts';

const segmentRow = z.object({ segment: col.text, customers: col.bigint, revenue: col.text });
const campaignRow = z.object({
  platform: col.text,
  campaign_id: col.text,
  campaign_name: col.text,
  spend: col.text,
  revenue: col.text,
  clicks: col.bigint,
  impressions: col.bigint,
  conversions: col.bigint,
});
const conversationRow = z.object({
  conversationId: col.text,
  channel: col.text.nullable(),
  visitorId: col.text.nullable(),
  startedAt: col.date,
  lastEventAt: col.date,
  lastEvent: col.text,
  events: col.bigint,
  closed: z.boolean(),
});
const jobHealthRow = z.object({
  job: col.text,
  last_status: col.text.nullable(),
  last_started_at: col.date.nullable(),
  last_error: col.text.nullable(),
  last_success_at: col.date.nullable(),
});
const profitSumRow = z.object({ days: col.bigint, gross: col.text.nullable(), profit: col.text.nullable() });

export interface ConversationRow {
  conversationId: string;
  channel: string | null;
  visitorId: string | null;
  startedAt: Date;
  lastEventAt: Date;
  lastEvent: string;
  events: number;
  closed: boolean;
}

export function accountSummariesRepo(prisma: PrismaClient) {
  return {
    async segments(accountId: string) {
      const rows = parseRows(
        segmentRow,
        await prisma.$queryRaw`
        SELECT segment::text AS segment, count(*) AS customers, coalesce(sum(revenue_total), 0)::text AS revenue
        FROM customers WHERE account_id = ${accountId} GROUP BY segment`,
      );
      return rows.map((r) => ({ segment: r.segment, customers: r.customers, revenue: Number(r.revenue) }));
    },
    async adsByCampaign(accountId: string, sinceDate: Date) {
      const rows = parseRows(
        campaignRow,
        await prisma.$queryRaw`
        SELECT platform::text AS platform, campaign_id, (array_agg(campaign_name ORDER BY date DESC))[1] AS campaign_name,
               sum(spend)::text AS spend, sum(attributed_revenue)::text AS revenue,
               sum(clicks) AS clicks, sum(impressions) AS impressions, sum(conversions) AS conversions
        FROM ad_spend WHERE account_id = ${accountId} AND date >= ${sinceDate}::date
        GROUP BY platform, campaign_id ORDER BY sum(spend) DESC, platform, campaign_id`,
      );
      return rows.map((r) => ({
        platform: r.platform,
        campaignId: r.campaign_id,
        campaignName: r.campaign_name,
        spend: Number(r.spend),
        revenue: Number(r.revenue),
        clicks: r.clicks,
        impressions: r.impressions,
        conversions: r.conversions,
      }));
    },
    /** Conversations from track events named conversation.*, keyed by props.conversation_id, else the session, else the visitor. */
    async conversations(accountId: string, since: Date, limit: number): Promise<ConversationRow[]> {
      return parseRows(
        conversationRow,
        await prisma.$queryRaw`
        SELECT key AS "conversationId",
               (array_agg(props->>'channel' ORDER BY created_at) FILTER (WHERE props->>'channel' IS NOT NULL))[1] AS channel,
               (array_agg(visitor_id ORDER BY created_at) FILTER (WHERE visitor_id IS NOT NULL))[1] AS "visitorId",
               min(created_at) AS "startedAt", max(created_at) AS "lastEventAt",
               (array_agg(event ORDER BY created_at DESC, id DESC))[1] AS "lastEvent",
               count(*) AS events,
               bool_or(event IN ('conversation.closed', 'conversation.resolved', 'conversation.ended')) AS closed
        FROM (SELECT *, coalesce(props->>'conversation_id', session_id, visitor_id, 'event-' || id::text) AS key
              FROM track_events WHERE account_id = ${accountId} AND event LIKE 'conversation.%' AND created_at >= ${since}) e
        GROUP BY key ORDER BY max(created_at) DESC, key LIMIT ${limit}`,
      );
    },
    /** Per job: the latest run of this account and its latest success. */
    async jobHealth(accountId: string, jobs: string[]) {
      return parseRows(
        jobHealthRow,
        await prisma.$queryRaw`
        SELECT j.job,
               r.status::text AS last_status, r.started_at AS last_started_at, r.error AS last_error,
               (SELECT finished_at FROM job_runs s WHERE s.job = j.job AND s.account_id = ${accountId} AND s.status = 'succeeded'
                 ORDER BY started_at DESC LIMIT 1) AS last_success_at
        FROM unnest(${jobs}::text[]) AS j(job)
        LEFT JOIN LATERAL (SELECT status, started_at, error FROM job_runs x WHERE x.job = j.job AND x.account_id = ${accountId}
                           ORDER BY started_at DESC LIMIT 1) r ON true
        ORDER BY j.job`,
      );
    },
    async inventoryAtRisk(accountId: string) {
      return prisma.inventoryItem.findMany({
        where: { accountId, status: { in: ['critical', 'low'] } },
        orderBy: [{ daysOfStock: 'asc' }, { sku: 'asc' }],
        select: { sku: true, productName: true, status: true, daysOfStock: true, leadTimeDays: true, estimatedStockoutAt: true },
      });
    },
    /** Gross revenue and final profit of the days in [from, to) (snapshot dates). */
    async profitBetween(accountId: string, from: Date, to: Date) {
      const rows = parseRows(
        profitSumRow,
        await prisma.$queryRaw`
        SELECT count(*) AS days, sum(gross_revenue)::text AS gross, sum(final_profit)::text AS profit FROM profit_snapshots
        WHERE account_id = ${accountId} AND snapshot_date >= ${from}::date AND snapshot_date < ${to}::date`,
      );
      const r = rows[0]!;
      return { days: r.days, gross: Number(r.gross ?? 0), profit: Number(r.profit ?? 0) };
    },
  };
}
