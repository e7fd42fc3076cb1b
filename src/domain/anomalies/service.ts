// Anomalies: deviations found by the anomaly-detect job (univariate and correlated), read over a
// rolling window of whole days counted back from now.
import type { PrismaClient } from '../../db/client.ts';
import type { AnomalyMetric } from '../../db/__generated__/prisma/enums.ts';
import { SEVERITIES } from '../insights/service.ts';
import { anomaliesRepo } from './repo.ts';
import { boundedCount } from '../bounds.ts';

const DAY_MS = 86_400_000;
export const ANOMALY_METRICS = ['revenue', 'orders', 'aov', 'ad_spend', 'roas', 'cpa', 'refunds', 'new_customers', 'conversion_rate', 'margin_pct'] as const satisfies readonly AnomalyMetric[];
export const ANOMALY_WINDOW = { default: 7, max: 90 };

export interface AnomalyQuery {
  severity?: (typeof SEVERITIES)[number];
  days?: number;
}

export function anomaliesService(prisma: PrismaClient) {
  const repo = anomaliesRepo(prisma);
  return {
    /** Anomalies detected in the last `days` × 24 hours (clamped to the maximum), newest first. */
    async listAnomalies(accountId: string, query: AnomalyQuery, now = new Date()) {
      const windowDays = boundedCount(query.days, ANOMALY_WINDOW, 'days');
      const items = await repo.listSince(accountId, { severity: query.severity, since: new Date(now.getTime() - windowDays * DAY_MS) });
      return { items, windowDays };
    },
    /** The account's anomalies with these ids, in the order asked (null where there is none). */
    async anomaliesByIds(accountId: string, ids: readonly number[]) {
      const byId = new Map((await repo.byIds(accountId, ids)).map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    },
  };
}

export type AnomaliesService = ReturnType<typeof anomaliesService>;
