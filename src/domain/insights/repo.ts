// The only Prisma access for insights.
import type { PrismaClient } from '../../db/client.ts';
import type { InsightCategory, InsightStatus, Severity } from '../../db/__generated__/prisma/enums.ts';

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
  };
}
