// The only Prisma access for insights.
import type { PrismaClient } from '../../db/client.ts';
import type { InsightCategory, InsightStatus, Severity } from '../../db/__generated__/prisma/enums.ts';
import { Prisma } from '../../db/__generated__/prisma/client.ts';
import { queryRows, sqlInt } from '../../db/statements.ts';
import { idDescendingWindow, type PageRequest } from '../shared/index.ts';
import { col, parseRows, z } from '../shared/rows.ts';

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

/** insightSelect's fields as SQL columns (for the raw page read). */
const INSIGHT_COLUMNS = Prisma.sql`id, severity::text AS severity, category::text AS category, title, body, suggested_action AS "suggestedAction",
  impact_estimate AS "impactEstimate", status::text AS status, computed_at AS "computedAt", resolved_at AS "resolvedAt", related_anomaly_id AS "relatedAnomalyId"`;

export interface InsightRow {
  id: number;
  severity: Severity;
  category: InsightCategory;
  title: string;
  body: string;
  suggestedAction: string;
  impactEstimate: string;
  status: InsightStatus;
  computedAt: Date;
  resolvedAt: Date | null;
  relatedAnomalyId: number | null;
}

export interface InsightFilter {
  status?: InsightStatus;
  severity?: Severity;
  category?: InsightCategory;
}

const insightRow = z.object({
  id: col.int,
  severity: z.enum(['low', 'medium', 'high', 'critical']),
  category: z.enum(['ads', 'churn_risk', 'inventory', 'profit', 'revenue', 'customers', 'anomaly', 'integration']),
  title: col.text,
  body: col.text,
  suggestedAction: col.text,
  impactEstimate: col.text,
  status: z.enum(['open', 'resolved', 'dismissed']),
  computedAt: col.date,
  resolvedAt: col.date.nullable(),
  relatedAnomalyId: col.int.nullable(),
}) satisfies z.ZodType<InsightRow, unknown>;

export function insightsRepo(prisma: PrismaClient) {
  return {
    /** How many insights of the account match the filter. */
    count(accountId: string, filter: InsightFilter) {
      return prisma.insight.count({ where: { accountId, ...filter } });
    },
    /**
     * A page in id-descending order (see domain/shared/bounds.ts), take+1 rows in fetch order. Raw SQL
     * with only the conditions given (the dashboard's read: bench/graphql).
     */
    async page(accountId: string, filter: InsightFilter, request: PageRequest<number>): Promise<InsightRow[]> {
      const { id, order, take } = idDescendingWindow(request);
      const where = [Prisma.sql`account_id = ${accountId}`];
      if (filter.status) where.push(Prisma.sql`status = ${filter.status}::"InsightStatus"`);
      if (filter.severity) where.push(Prisma.sql`severity = ${filter.severity}::"Severity"`);
      if (filter.category) where.push(Prisma.sql`category = ${filter.category}::"InsightCategory"`);
      if (id?.lt !== undefined) where.push(Prisma.sql`id < ${id.lt}::int`);
      if (id?.gt !== undefined) where.push(Prisma.sql`id > ${id.gt}::int`);
      const rows = await queryRows(
        prisma,
        Prisma.sql`
        SELECT ${INSIGHT_COLUMNS} FROM insights WHERE ${Prisma.join(where, ' AND ')}
        ORDER BY id ${Prisma.raw(order === 'asc' ? 'ASC' : 'DESC')} LIMIT ${sqlInt(take)}`,
      );
      return parseRows(insightRow, rows);
    },
    /** The account's insights with these ids, id descending (ids of other accounts are not found). */
    byIds(accountId: string, ids: readonly number[]): Promise<InsightRow[]> {
      return prisma.insight.findMany({ where: { accountId, id: { in: [...ids] } }, orderBy: { id: 'desc' }, select: insightSelect });
    },
    findOne(accountId: string, id: number): Promise<InsightRow | null> {
      return prisma.insight.findFirst({ where: { id, accountId }, select: insightSelect });
    },
    /** Moves the insight from `from` to `to`; false when it is no longer in `from` (a concurrent change). */
    async setStatus(accountId: string, id: number, from: InsightStatus, to: InsightStatus, resolvedAt: Date | null): Promise<boolean> {
      const changed = await prisma.insight.updateMany({ where: { id, accountId, status: from }, data: { status: to, resolvedAt } });
      return changed.count === 1;
    },
  };
}
