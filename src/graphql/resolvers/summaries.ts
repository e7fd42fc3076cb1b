// The REST account summaries in GraphQL: customer segments, risks, account health (jobs
// included), creatives and conversations, one service call each (domain/account-summaries).
import type { Resolvers } from '../__generated__/resolvers.ts';
import type { Risk } from '../../domain/account-summaries/index.ts';

const money = (amount: number, currencyCode: string) => ({ amount: amount.toFixed(2), currencyCode });
const RISK_CATEGORY = { integration_dropped: 'INTEGRATION_DROPPED', stockout: 'STOCKOUT', falling_margin: 'FALLING_MARGIN' } as const;
const JOB_STATE = { running: 'RUNNING', succeeded: 'SUCCEEDED', failed: 'FAILED' } as const;

export const summaryResolvers: Resolvers = {
  Query: {
    async customerSegments(_parent, _args, { principal, services, loaders }) {
      const [{ data, totals }, currency] = await Promise.all([services.accountSummaries.segments(principal.accountId), loaders.currency()]);
      return {
        segments: data.map((s) => ({ ...s, revenue: money(s.revenue, currency) })),
        totalCustomers: totals.customers,
        totalRevenue: money(totals.revenue, currency),
      };
    },
    risks: async (_parent, _args, { principal, services }) =>
      (await services.accountSummaries.risks(principal.accountId)).map((r: Risk) => ({ ...r, category: RISK_CATEGORY[r.category] })),
    async accountHealth(_parent, _args, { principal, services }) {
      const h = await services.accountSummaries.health(principal.accountId);
      return {
        status: h.status === 'ok' ? 'OK' : 'ATTENTION',
        integrations: h.integrations,
        integrationTotals: { ...h.integrationTotals, neverSynced: h.integrationTotals.never_synced },
        jobs: h.jobs.map((j) => ({ ...j, lastStatus: j.lastStatus === null ? null : (JOB_STATE[j.lastStatus as keyof typeof JOB_STATE] ?? null) })),
      };
    },
    // No connected data source provides ad creatives yet (as GET /api/v1/creatives).
    creatives: () => ({ nodes: [], sources: [] }),
    async conversations(_parent, { days, first }, { principal, services }) {
      const r = await services.accountSummaries.conversations(principal.accountId, { days: days ?? undefined, limit: first ?? undefined });
      return { windowDays: r.days, nodes: r.items };
    },
  },
};
