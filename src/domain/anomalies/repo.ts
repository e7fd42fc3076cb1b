// The only Prisma access for anomalies: the v1 list, the daily metric series the anomaly-detect
// job scores (aggregated in SQL by local day), and the write of its findings with their events.
import type { PrismaClient } from '../../db/client.ts';
import { Prisma } from '../../db/__generated__/prisma/client.ts';
import { col as column, parseRows, z } from '../shared/rows.ts';
import type { Severity } from '../../db/__generated__/prisma/enums.ts';
import { appendEvents } from '../events/repo.ts';
import type { DomainEvent } from '../events/catalog.ts';
import { MARGIN_PCT_LIMIT, expenseCosts } from '../profit/index.ts';

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
  metricDate: true,
  inferredCause: true,
  confidence: true,
  correlatedMetrics: true,
} as const;

/** One local day of the account with the inputs of every metric (null: no value that day). */
export interface DailyInputs {
  day: string;
  revenue: number | null;
  orders: number | null;
  refunds: number | null;
  adSpend: number | null;
  marginPct: number | null;
  newCustomers: number;
  sessions: number;
}

export interface AnomalyWrite {
  kind: 'univariate' | 'correlated';
  metric: string;
  day: string;
  observed: number;
  expected: number;
  z: number;
  direction: 'up' | 'down';
  severity: Severity;
  cause: string;
  confidence: number;
  correlated: ReadonlyArray<{ metric: string; modz: number; direction: 'up' | 'down' }>;
}

const dailyRow = z.object({
  day: column.date,
  revenue: column.numeric.nullable(),
  orders: column.int.nullable(),
  refunds: column.numeric.nullable(),
  ad_spend: column.numeric.nullable(),
  margin_pct: column.numeric.nullable(),
  new_customers: column.int,
  sessions: column.int,
});
const insertedRow = z.object({ metric: column.text, metric_date: column.date });

export function anomaliesRepo(prisma: PrismaClient) {
  return {
    /** How many anomalies listSince would return (the GraphQL cost reads it before execution). */
    countSince(accountId: string, filter: { severity?: Severity; since: Date }): Promise<number> {
      return prisma.anomaly.count({ where: { accountId, detectedAt: { gte: filter.since }, ...(filter.severity ? { severity: filter.severity } : {}) } });
    },

    /** Anomalies detected at or after `since`, newest first (id breaks ties). */
    listSince(accountId: string, filter: { severity?: Severity; since: Date }) {
      return prisma.anomaly.findMany({
        where: { accountId, detectedAt: { gte: filter.since }, ...(filter.severity ? { severity: filter.severity } : {}) },
        orderBy: [{ detectedAt: 'desc' }, { id: 'desc' }],
        select: anomalySelect,
      });
    },

    /** Whether the account has any anomaly stored (else the job back-fills its whole history). */
    async hasAnomalies(accountId: string): Promise<boolean> {
      return (await prisma.anomaly.findFirst({ where: { accountId }, select: { id: true } })) !== null;
    },

    /**
     * The metric inputs of every local day from `from` (YYYY-MM-DD; null: the first profit
     * snapshot) to yesterday (today is not complete). Revenue, orders, refunds, ad spend and
     * margin come from the profit snapshots (one per local day, written by profit-snapshot, which
     * runs first; a day without one, or whose snapshot was computed while the day was still open
     * (`complete` false), has no value); the margin is taken before the day's one-off expenses
     * (a recorded cost explains its own dip; recurring ones are spread daily and stay in); new customers from customers.first_purchase_at
     * (written by customer-metrics); sessions are the distinct session ids (else visitor ids) of
     * the day's track events.
     */
    async dailyInputs(accountId: string, now: Date, from: string | null): Promise<DailyInputs[]> {
      const rows = parseRows(
        dailyRow,
        await prisma.$queryRaw`
        WITH acct AS (
          SELECT a.timezone AS tz, (${now}::timestamptz AT TIME ZONE a.timezone)::date - 1 AS last
          FROM accounts a WHERE a.id = ${accountId}
        ), span AS (
          SELECT acct.tz, acct.last,
                 greatest(${from}::date, (SELECT min(p.snapshot_date) FROM profit_snapshots p WHERE p.account_id = ${accountId})) AS first
          FROM acct
        ), bounds AS (
          SELECT s.*, (s.first::timestamp AT TIME ZONE s.tz) AS starts, ((s.last + 1)::timestamp AT TIME ZONE s.tz) AS ends
          FROM span s WHERE s.first <= s.last
        ), days AS (
          SELECT b.first + n AS day FROM bounds b, generate_series(0, b.last - b.first) AS n
        ), fresh AS (
          SELECT (c.first_purchase_at AT TIME ZONE b.tz)::date AS day, count(*)::int AS n
          FROM customers c CROSS JOIN bounds b
          WHERE c.account_id = ${accountId} AND c.first_purchase_at >= b.starts AND c.first_purchase_at < b.ends
          GROUP BY 1
        ), visits AS (
          SELECT (t.created_at AT TIME ZONE b.tz)::date AS day, count(DISTINCT coalesce(t.session_id, t.visitor_id))::int AS n
          FROM track_events t CROSS JOIN bounds b
          WHERE t.account_id = ${accountId} AND t.created_at >= b.starts AND t.created_at < b.ends
          GROUP BY 1
        ), ${expenseCosts(accountId, Prisma.sql`(SELECT b.first FROM bounds b)`, Prisma.sql`(SELECT b.last FROM bounds b)`)}, oneoff_days AS (
          SELECT x.day, sum(x.amount) AS amount FROM oneoff x GROUP BY 1
        )
        SELECT d.day, p.gross_revenue AS revenue, p.purchase_count AS orders, p.refunds, p.ad_spend,
               CASE WHEN p.net_revenue <> 0
                    THEN least(greatest(round((p.final_profit + coalesce(o.amount, 0)) * 100 / p.net_revenue, 2), -${MARGIN_PCT_LIMIT}::numeric),
                               ${MARGIN_PCT_LIMIT}::numeric) END AS margin_pct,
               coalesce(f.n, 0) AS new_customers, coalesce(v.n, 0) AS sessions
        FROM days d
        LEFT JOIN profit_snapshots p ON p.account_id = ${accountId} AND p.snapshot_date = d.day AND p.complete
        LEFT JOIN fresh f ON f.day = d.day
        LEFT JOIN visits v ON v.day = d.day
        LEFT JOIN oneoff_days o ON o.day = d.day
        ORDER BY d.day`,
      );
      return rows.map((r) => ({
        day: r.day.toISOString().slice(0, 10),
        revenue: r.revenue,
        orders: r.orders,
        refunds: r.refunds,
        adSpend: r.ad_spend,
        marginPct: r.margin_pct,
        newCustomers: r.new_customers,
        sessions: r.sessions,
      }));
    },

    /**
     * Inserts the findings that are not there yet (one per account, metric and day, whatever its
     * kind, held by the unique index: a second run, or a concurrent one, inserts nothing) and, in the same transaction, the events
     * that `announce` builds for the rows actually inserted. Returns the rows inserted.
     */
    async insertFindings(
      accountId: string,
      now: Date,
      findings: readonly AnomalyWrite[],
      announce: (inserted: AnomalyWrite[]) => DomainEvent[],
    ): Promise<number> {
      if (findings.length === 0) return 0;
      const col = <T>(pick: (f: AnomalyWrite) => T): T[] => findings.map(pick);
      return prisma.$transaction(async (tx) => {
        const rows = parseRows(
          insertedRow,
          await tx.$queryRaw`
          INSERT INTO anomalies (account_id, kind, metric, metric_date, observed_value, expected_value, z_score, direction,
                                 severity, detected_at, inferred_cause, confidence, correlated_metrics)
          SELECT ${accountId}, v.kind::"AnomalyKind", v.metric::"AnomalyMetric", v.day, v.observed, v.expected, v.z,
                 v.direction::"Direction", v.severity::"Severity", ${now}::timestamptz, v.cause, v.confidence, v.correlated::jsonb
          FROM unnest(${col((f) => f.kind)}::text[], ${col((f) => f.metric)}::text[], ${col((f) => f.day)}::date[],
                      ${col((f) => f.observed.toFixed(4))}::numeric[], ${col((f) => f.expected.toFixed(4))}::numeric[],
                      ${col((f) => f.z.toFixed(4))}::numeric[], ${col((f) => f.direction)}::text[], ${col((f) => f.severity)}::text[],
                      ${col((f) => f.cause)}::text[], ${col((f) => f.confidence.toFixed(4))}::numeric[],
                      ${col((f) => JSON.stringify(f.correlated))}::text[])
                 WITH ORDINALITY AS v(kind, metric, day, observed, expected, z, direction, severity, cause, confidence, correlated, i)
          ORDER BY v.i
          ON CONFLICT (account_id, metric, metric_date) DO NOTHING
          RETURNING metric::text AS metric, metric_date`,
        );
        const inserted = new Set(rows.map(key));
        const written = findings.filter((f) => inserted.has(`${f.metric}|${f.day}`));
        await appendEvents(tx, accountId, announce(written), now);
        return written.length;
      });
    },
    /** The account's anomalies with these ids. */
    byIds(accountId: string, ids: readonly number[]) {
      return prisma.anomaly.findMany({ where: { accountId, id: { in: [...ids] } }, select: anomalySelect });
    },
  };
}

const key = (r: { metric: string; metric_date: Date }): string => `${r.metric}|${r.metric_date.toISOString().slice(0, 10)}`;
