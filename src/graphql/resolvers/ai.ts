// AI access, usage and on-demand insight generation: thin adapters over the credits/AI services.
import type { Resolvers } from '../__generated__/resolvers.ts';
import { toGlobalId } from '../global-id.ts';
import { ok } from '../user-errors.ts';

/** Who a dashboard session is, as recorded in ai.paused / ai.resumed `by`. */
const DASHBOARD_ACTOR = 'dashboard';

export const aiResolvers: Resolvers = {
  Query: {
    usage: (_parent, _args, { principal, services }) => services.usage.getUsage(principal.accountId),
    aiAccess: (_parent, _args, { principal, services }) => services.aiAccess.get(principal.accountId),
  },
  Usage: {
    today: (u) => u.periods.today,
    thisMonth: (u) => u.periods.thisMonth,
    last30Days: (u) => u.periods.last30Days,
  },
  // Periods, features and days carry their totals on themselves (domain UsageTotals).
  UsagePeriod: { totals: (p) => p },
  FeatureUsage: { totals: (f) => f },
  UsageDay: { totals: (d) => d },
  Mutation: {
    pauseAi: (_parent, { input }, { principal, services }) =>
      services.aiAccess.pause(principal.accountId, { by: DASHBOARD_ACTOR, reason: input?.reason ?? null }),
    resumeAi: (_parent, { input }, { principal, services }) =>
      services.aiAccess.resume(principal.accountId, { by: DASHBOARD_ACTOR, reason: input?.reason ?? null }),
    // The payload twins: the same calls, refusals answered in userErrors (user-errors.ts).
    pauseAiAccess: async (_parent, { input }, { principal, services }) =>
      ok({ aiAccess: await services.aiAccess.pause(principal.accountId, { by: DASHBOARD_ACTOR, reason: input?.reason ?? null }) }),
    resumeAiAccess: async (_parent, { input }, { principal, services }) =>
      ok({ aiAccess: await services.aiAccess.resume(principal.accountId, { by: DASHBOARD_ACTOR, reason: input?.reason ?? null }) }),
    generateInsights: (_parent, _args, { principal, services }) => services.aiInsights.generateOnRequest(principal.accountId),
  },
  GenerateInsightsPayload: {
    insights: (p, _args, { principal, services }) => (p.insightIds ? services.insights.insightsByIds(principal.accountId, p.insightIds) : null),
    failed: (p) =>
      p.failed?.map((f) => ({ transactionId: toGlobalId('CreditTransaction', f.transactionId), refunded: f.refunded, error: f.error, balance: f.balance })),
  },
};
