// The only Prisma access for insights.
import type { PrismaClient } from '../../db/client.ts';
import type { InsightCategory, InsightStatus, Severity } from '../../db/__generated__/prisma/enums.ts';
import { idDescendingWindow, type PageRequest } from '../paging.ts';

export const insightSelect = {
  id: true,
  severity: true,
  category: true,
  title: true,
  body: true,
  suggestedAction: true,
  impactEstimate: true,
  status: true,
  computedAt: true,
  resolvedAt: true,
  relatedAnomalyId: true,
} as const;

export interface InsightFilter {
  status?: InsightStatus;
  severity?: Severity;
  category?: InsightCategory;
}

export function insightsRepo(prisma: PrismaClient) {
  return {
    /** The newest `take` insights of the account matching the filter, id descending. */
    list(accountId: string, filter: InsightFilter, take: number) {
      return prisma.insight.findMany({
        where: { accountId, ...filter },
        orderBy: { id: 'desc' },
        take,
        select: insightSelect,
      });
    },
    /** A page in id-descending order (see domain/paging.ts), take+1 rows in fetch order. */
    page(accountId: string, filter: InsightFilter, request: PageRequest<number>) {
      const { id, order, take } = idDescendingWindow(request);
      return prisma.insight.findMany({ where: { accountId, ...filter, ...(id ? { id } : {}) }, orderBy: { id: order }, take, select: insightSelect });
    },
    findOne(accountId: string, id: number) {
      return prisma.insight.findFirst({ where: { id, accountId }, select: insightSelect });
    },
    /** Moves the insight from `from` to `to`; false when it is no longer in `from` (a concurrent change). */
    async setStatus(accountId: string, id: number, from: InsightStatus, to: InsightStatus, resolvedAt: Date | null): Promise<boolean> {
      const changed = await prisma.insight.updateMany({ where: { id, accountId, status: from }, data: { status: to, resolvedAt } });
      return changed.count === 1;
    },
  };
}
