// The only Prisma access for AI usage records (one row per AI call).
import { col, parseRows, z } from '../shared/rows.ts';
import type { PrismaClient } from '../../db/client.ts';

export interface UsageBucket {
  /** Local calendar day (YYYY-MM-DD) in the time zone asked for. */
  day: string;
  feature: string;
  requests: number;
  tokensIn: number;
  tokensOut: number;
  /** Exact decimal sum, as text. */
  costUsd: string;
  credits: number;
}

export interface UsageRecord {
  feature: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  credits: number;
  at: Date;
}

/** The row of one AI call (also written by the insights repo, in its insight's transaction). */
export const usageRowData = (accountId: string, r: UsageRecord) => ({
  accountId,
  feature: r.feature,
  model: r.model,
  tokensIn: r.tokensIn,
  tokensOut: r.tokensOut,
  costUsd: r.costUsd.toFixed(6),
  credits: r.credits,
  createdAt: r.at,
});

const usageBucketRow = z.object({
  day: col.text,
  feature: col.text,
  requests: col.int,
  tokensIn: col.float,
  tokensOut: col.float,
  costUsd: col.text,
  credits: col.float,
}) satisfies z.ZodType<UsageBucket>;

export function usageRepo(prisma: PrismaClient) {
  return {
    record(accountId: string, r: UsageRecord) {
      return prisma.aiUsage.create({ data: usageRowData(accountId, r), select: { id: true } });
    },
    /**
     * Usage per local day and feature, from the start of local day `from` to the end of local day
     * `to` (inclusive) in `timeZone`; days without usage are absent.
     */
    async byDayAndFeature(accountId: string, timeZone: string, from: string, to: string): Promise<UsageBucket[]> {
      return parseRows(
        usageBucketRow,
        await prisma.$queryRaw`
        SELECT to_char(created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, feature,
               count(*)::int AS requests, sum(tokens_in)::float8 AS "tokensIn", sum(tokens_out)::float8 AS "tokensOut",
               sum(cost_usd)::text AS "costUsd", sum(credits)::float8 AS credits
        FROM ai_usage
        WHERE account_id = ${accountId}
          AND created_at >= (${from}::date::timestamp AT TIME ZONE ${timeZone})
          AND created_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${timeZone})
        GROUP BY 1, 2
        ORDER BY 1, 2`,
      );
    },
  };
}
