// Summaries of an account's own data: customer segments, ad performance, tracked conversations,
// integration and job health, and the business risks they add up to.
import type { PrismaClient } from '../../db/client.ts';
import { boundedCount } from '../shared/index.ts';
import type { IntegrationsService } from '../integrations/service.ts';
import { CUSTOMER_SEGMENTS } from '../customers/index.ts';
import { accountSummariesRepo } from './repo.ts';

export const ADS_DAYS = { default: 30, max: 365 };
export const CONVERSATIONS_DAYS = { default: 30, max: 90 };
export const CONVERSATIONS_LIMIT = { default: 25, max: 100 };
/** A margin this many points below the previous week's is a risk; twice as much is high. */
export const MARGIN_DROP_POINTS = 5;
const DAY_MS = 86_400_000;

const round2 = (n: number) => Math.round(n * 100) / 100;
const share = (part: number, whole: number) => (whole ? round2((100 * part) / whole) : 0);
const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

export type RiskSeverity = 'low' | 'medium' | 'high' | 'critical';
export interface Risk {
  category: 'integration_dropped' | 'stockout' | 'falling_margin';
  severity: RiskSeverity;
  title: string;
  detail: string;
  evidence: Record<string, unknown>;
}

export interface JobInfo {
  name: string;
  periodSeconds: number;
}

export function accountSummariesService(
  prisma: PrismaClient,
  integrations: Pick<IntegrationsService, 'listIntegrations'>,
  jobs: () => readonly JobInfo[] = () => [],
) {
  const repo = accountSummariesRepo(prisma);

  return {
    async segments(accountId: string) {
      const rows = new Map((await repo.segments(accountId)).map((r) => [r.segment, r]));
      const totals = { customers: 0, revenue: 0 };
      for (const r of rows.values()) {
        totals.customers += r.customers;
        totals.revenue += r.revenue;
      }
      const data = CUSTOMER_SEGMENTS.map((segment) => {
        const r = rows.get(segment) ?? { customers: 0, revenue: 0 };
        return {
          segment,
          customers: r.customers,
          revenue: round2(r.revenue),
          customerShare: share(r.customers, totals.customers),
          revenueShare: share(r.revenue, totals.revenue),
        };
      });
      return { data, totals: { customers: totals.customers, revenue: round2(totals.revenue) } };
    },

    /** Spend, attributed revenue and ROAS over the last `days` UTC days (today included). */
    async ads(accountId: string, query: { days?: number }, now = new Date()) {
      const days = boundedCount(query.days, ADS_DAYS, 'days');
      const since = new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY_MS);
      const campaigns = await repo.adsByCampaign(accountId, since);
      const roas = (revenue: number, spend: number) => (spend > 0 ? round2(revenue / spend) : null);
      const byPlatform = new Map<string, { spend: number; revenue: number; campaigns: number }>();
      for (const c of campaigns) {
        const p = byPlatform.get(c.platform) ?? { spend: 0, revenue: 0, campaigns: 0 };
        byPlatform.set(c.platform, { spend: p.spend + c.spend, revenue: p.revenue + c.revenue, campaigns: p.campaigns + 1 });
      }
      const platforms = [...byPlatform.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([platform, p]) => ({ platform, spend: round2(p.spend), revenue: round2(p.revenue), roas: roas(p.revenue, p.spend), campaigns: p.campaigns }));
      const spend = campaigns.reduce((s, c) => s + c.spend, 0);
      const revenue = campaigns.reduce((s, c) => s + c.revenue, 0);
      return {
        days,
        campaigns: campaigns.map((c) => ({ ...c, spend: round2(c.spend), revenue: round2(c.revenue), roas: roas(c.revenue, c.spend) })),
        platforms,
        totals: { spend: round2(spend), revenue: round2(revenue), roas: roas(revenue, spend) },
      };
    },

    async conversations(accountId: string, query: { days?: number; limit?: number }, now = new Date()) {
      const days = boundedCount(query.days, CONVERSATIONS_DAYS, 'days');
      const limit = boundedCount(query.limit, CONVERSATIONS_LIMIT, 'limit');
      const items = await repo.conversations(accountId, new Date(now.getTime() - days * DAY_MS), limit);
      return { days, items };
    },

    async health(accountId: string, now = new Date()) {
      const { items, totals } = await integrations.listIntegrations(accountId, now);
      const defined = jobs();
      const runs = await repo.jobHealth(
        accountId,
        defined.map((j) => j.name),
      );
      const period = new Map(defined.map((j) => [j.name, j.periodSeconds]));
      const jobRows = runs.map((r) => ({
        job: r.job,
        lastStatus: r.last_status,
        lastRunAt: r.last_started_at,
        lastSuccessAt: r.last_success_at,
        lastError: r.last_status === 'failed' ? r.last_error : null,
        // Late: it has run for this account, and its last success is older than two periods.
        late: r.last_started_at !== null && now.getTime() - (r.last_success_at ?? r.last_started_at).getTime() > 2 * (period.get(r.job) ?? 0) * 1000,
      }));
      const healthy = totals.stale === 0 && totals.revoked === 0 && jobRows.every((j) => !j.late && j.lastStatus !== 'failed');
      return { status: healthy ? ('ok' as const) : ('attention' as const), integrations: items, integrationTotals: totals, jobs: jobRows };
    },

    async risks(accountId: string, now = new Date()): Promise<Risk[]> {
      const risks: Risk[] = [];
      const { items } = await integrations.listIntegrations(accountId, now);
      for (const i of items) {
        if (i.status !== 'revoked' && i.status !== 'stale') continue;
        risks.push({
          category: 'integration_dropped',
          severity: i.status === 'revoked' ? 'high' : 'medium',
          title: `${i.provider} integration ${i.status === 'revoked' ? 'revoked' : 'not syncing'}`,
          detail:
            i.status === 'revoked'
              ? `The connection to ${i.shop} was revoked; its data no longer arrives.`
              : `${i.shop} has not synced for ${Math.floor((i.lastSyncMinutesAgo ?? 0) / 60)} hours.`,
          evidence: { provider: i.provider, shop: i.shop, status: i.status, last_sync_at: i.lastSyncAt?.toISOString() ?? null },
        });
      }
      const stock = await repo.inventoryAtRisk(accountId);
      const critical = stock.filter((s) => s.status === 'critical');
      if (stock.length) {
        risks.push({
          category: 'stockout',
          severity: critical.length ? 'high' : 'medium',
          title: `${critical.length} item(s) will run out before a reorder arrives, ${stock.length - critical.length} more are low`,
          detail: 'Stock lasts less than the lead time (critical) or less than lead time plus 14 days (low).',
          evidence: {
            critical: critical.length,
            low: stock.length - critical.length,
            skus: stock.slice(0, 10).map((s) => ({
              sku: s.sku,
              status: s.status,
              days_of_stock: s.daysOfStock === null ? null : Number(s.daysOfStock),
              lead_time_days: s.leadTimeDays,
            })),
          },
        });
      }
      const today = startOfUtcDay(now);
      const recent = await repo.profitBetween(accountId, new Date(today.getTime() - 7 * DAY_MS), today);
      const before = await repo.profitBetween(accountId, new Date(today.getTime() - 14 * DAY_MS), new Date(today.getTime() - 7 * DAY_MS));
      if (recent.gross > 0 && before.gross > 0) {
        const now7 = (100 * recent.profit) / recent.gross;
        const prev7 = (100 * before.profit) / before.gross;
        const drop = prev7 - now7;
        if (drop >= MARGIN_DROP_POINTS) {
          risks.push({
            category: 'falling_margin',
            severity: drop >= 2 * MARGIN_DROP_POINTS ? 'high' : 'medium',
            title: `Margin fell ${round2(drop)} points week over week`,
            detail: 'Final profit over gross revenue of the last 7 days against the 7 days before.',
            evidence: { margin_pct_last_7d: round2(now7), margin_pct_previous_7d: round2(prev7) },
          });
        }
      }
      const rank: Record<RiskSeverity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
      return risks.sort((a, b) => rank[a.severity] - rank[b.severity]);
    },
  };
}

export type AccountSummariesService = ReturnType<typeof accountSummariesService>;
