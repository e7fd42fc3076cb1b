// Insights: findings of the ai-insights-generate job, read newest first.
import type { PrismaClient } from '../../db/client.ts';
import type { InsightCategory, InsightStatus, Severity } from '../../db/__generated__/prisma/enums.ts';
import { insightsRepo } from './repo.ts';
import { boundedCount } from '../bounds.ts';

/** The v1 sets (decisions.md); `satisfies` keeps them inside the data model's enums. */
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const satisfies readonly Severity[];
export const INSIGHT_STATUSES = ['open', 'resolved', 'dismissed'] as const satisfies readonly InsightStatus[];
export const INSIGHT_CATEGORIES = ['ads', 'churn_risk', 'inventory', 'profit', 'revenue', 'customers', 'anomaly', 'integration'] as const satisfies readonly InsightCategory[];

export const INSIGHT_PAGE = { default: 25, max: 100 };

export interface InsightQuery {
  status?: (typeof INSIGHT_STATUSES)[number];
  severity?: (typeof SEVERITIES)[number];
  category?: (typeof INSIGHT_CATEGORIES)[number];
  limit?: number;
}

export function insightsService(prisma: PrismaClient) {
  const repo = insightsRepo(prisma);
  return {
    /** Insights, newest id first; `limit` above the maximum is clamped to it. */
    async listInsights(accountId: string, query: InsightQuery) {
      const limit = boundedCount(query.limit, INSIGHT_PAGE, 'limit');
      const { status, severity, category } = query;
      return repo.list(accountId, { status, severity, category }, limit);
    },
  };
}

export type InsightsService = ReturnType<typeof insightsService>;
