// Insights: findings of the ai-insights-generate job, read newest first.
import type { PrismaClient } from '../../db/client.ts';
import type { InsightCategory, InsightStatus, Severity } from '../shared/enums.ts';
import { insightsRepo, type InsightFilter } from './repo.ts';
import { AppError } from '../../errors.ts';
import { checkTransition, pageOf, pageRequest, type Page, type PageArgs, type PagePolicy } from '../shared/index.ts';
import type { InsightRow } from './repo.ts';

/** The v1 sets (decisions.md); `satisfies` keeps them inside the data model's enums. */
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const satisfies readonly Severity[];
export const INSIGHT_STATUSES = ['open', 'resolved', 'dismissed'] as const satisfies readonly InsightStatus[];
export const INSIGHT_CATEGORIES = [
  'ads',
  'churn_risk',
  'inventory',
  'profit',
  'revenue',
  'customers',
  'anomaly',
  'integration',
] as const satisfies readonly InsightCategory[];

export const INSIGHT_PAGE = { default: 25, max: 100 };
const INSIGHT_MOVES: Record<InsightStatus, readonly InsightStatus[]> = { open: ['resolved', 'dismissed'], resolved: ['open'], dismissed: ['open'] };

export interface InsightQuery {
  status?: (typeof INSIGHT_STATUSES)[number];
  severity?: (typeof SEVERITIES)[number];
  category?: (typeof INSIGHT_CATEGORIES)[number];
  limit?: number;
}

export function insightsService(prisma: PrismaClient) {
  const repo = insightsRepo(prisma);
  return {
    /** The account's insights with these ids, newest first. */
    insightsByIds: (accountId: string, ids: readonly number[]): Promise<InsightRow[]> => (ids.length ? repo.byIds(accountId, ids) : Promise.resolve([])),
    /**
     * A page of insights, newest first (first/after or last/before; at most 100: refused above it
     * unless the policy clamps, as the v1 `limit` does).
     */
    async insightsPage(accountId: string, args: PageArgs<number> & InsightFilter, policy?: PagePolicy): Promise<Page<InsightRow>> {
      const request = pageRequest(args, INSIGHT_PAGE, policy);
      const { status, severity, category } = args;
      return pageOf(await repo.page(accountId, { status, severity, category }, request), request);
    },
    /**
     * open -> resolved or dismissed; resolved or dismissed -> open (clears resolvedAt). The same
     * status again changes nothing; another move is 409 conflict; an unknown or foreign id 404.
     */
    /** How many insights of the account match the filter (the connection's totalCount). */
    countInsights: (accountId: string, filter: InsightFilter) => repo.count(accountId, filter),
    async setInsightStatus(accountId: string, id: number, status: InsightStatus, now = new Date()): Promise<InsightRow> {
      const current = await repo.findOne(accountId, id);
      if (!current) throw new AppError('not_found', 'No such insight.');
      if (checkTransition(INSIGHT_MOVES, current.status, status, 'an insight')) {
        const resolvedAt = status === 'resolved' ? now : null;
        if (!(await repo.setStatus(accountId, id, current.status, status, resolvedAt)))
          throw new AppError('conflict', 'The insight changed meanwhile; read it again.');
        return { ...current, status, resolvedAt };
      }
      return current;
    },
  };
}

export type InsightsService = ReturnType<typeof insightsService>;
