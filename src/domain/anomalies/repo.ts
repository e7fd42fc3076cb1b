// The only Prisma access for anomalies.
import type { PrismaClient } from '../../db/client.ts';
import type { Severity } from '../../db/__generated__/prisma/enums.ts';

export const anomalySelect = {
  id: true,
  kind: true,
  metric: true,
  observedValue: true,
  expectedValue: true,
  zScore: true,
  direction: true,
  severity: true,
  detectedAt: true,
  inferredCause: true,
  confidence: true,
  correlatedMetrics: true,
} as const;

export function anomaliesRepo(prisma: PrismaClient) {
  return {
    /** Anomalies detected at or after `since`, newest first (id breaks ties). */
    listSince(accountId: string, filter: { severity?: Severity; since: Date }) {
      return prisma.anomaly.findMany({
        where: { accountId, detectedAt: { gte: filter.since }, ...(filter.severity ? { severity: filter.severity } : {}) },
        orderBy: [{ detectedAt: 'desc' }, { id: 'desc' }],
        select: anomalySelect,
      });
    },
    /** The account's anomalies with these ids. */
    byIds(accountId: string, ids: readonly number[]) {
      return prisma.anomaly.findMany({ where: { accountId, id: { in: [...ids] } }, select: anomalySelect });
    },
  };
}
