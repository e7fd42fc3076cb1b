// The only Prisma access of the alerts-evaluator: the active rules, the figures of recent windows
// (aggregated in SQL), and the state changes with their alert.fired events.
import { col, parseRows, z } from '../shared/rows.ts';
import type { PrismaClient } from '../../db/client.ts';
import type { Comparator, Severity } from '../../db/__generated__/prisma/enums.ts';
import { appendEvents } from '../events/repo.ts';
import type { DomainEvent } from '../events/catalog.ts';

export interface AlertRuleRow {
  id: number;
  name: string;
  metric: string;
  comparator: Comparator;
  threshold: number;
  windowHours: number;
  severity: Severity;
  firing: boolean;
}

/** The figures of the window of `hours` hours before now. */
export interface WindowFigures {
  hours: number;
  revenue: number;
  orders: number;
  refunds: number;
  adSpend: number;
  newCustomers: number;
  sessions: number;
}

export interface RuleState {
  id: number;
  /** null: the metric has no value in the window (the rule keeps its state). */
  value: number | null;
  crossed: boolean;
}

const windowRow = z.object({
  hours: col.int,
  revenue: col.numeric,
  orders: col.int,
  refunds: col.numeric,
  ad_spend: col.numeric,
  new_customers: col.int,
  sessions: col.int,
});
const idRow = z.object({ id: col.int });

export function alertsRepo(prisma: PrismaClient) {
  return {
    async activeRules(accountId: string): Promise<AlertRuleRow[]> {
      const rows = await prisma.alertRule.findMany({
        where: { accountId, active: true },
        orderBy: { id: 'asc' },
        select: { id: true, name: true, metric: true, comparator: true, threshold: true, windowHours: true, severity: true, firing: true },
      });
      return rows.map((r) => ({ ...r, threshold: Number(r.threshold) }));
    },

    /**
     * For each window length: the non-cancelled orders placed in (now − hours, now] (revenue =
     * Σ total_amount, orders, refunds = Σ refunded_amount), customers whose first purchase falls
     * in it, distinct sessions of its track events, and ad spend, a daily figure, counted in
     * proportion to how much of each local day the window covers.
     */
    async windowFigures(accountId: string, now: Date, hours: readonly number[]): Promise<WindowFigures[]> {
      const rows = parseRows(
        windowRow,
        await prisma.$queryRaw`
        WITH acct AS (SELECT a.timezone AS tz FROM accounts a WHERE a.id = ${accountId}),
        w AS (SELECT h AS hours, ${now}::timestamptz - h * interval '1 hour' AS starts, ${now}::timestamptz AS ends FROM unnest(${[...hours]}::int[]) AS h)
        SELECT w.hours, o.revenue, o.orders, o.refunds, s.ad_spend, c.new_customers, t.sessions
        FROM w CROSS JOIN acct
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(x.total_amount), 0) AS revenue, count(*)::int AS orders, coalesce(sum(x.refunded_amount), 0) AS refunds
          FROM orders x WHERE x.account_id = ${accountId} AND x.status <> 'cancelled' AND x.placed_at > w.starts AND x.placed_at <= w.ends
        ) o
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(sp.spend * greatest(0, extract(epoch FROM least(d.ends, w.ends) - greatest(d.starts, w.starts))) / extract(epoch FROM d.ends - d.starts)), 0) AS ad_spend
          FROM ad_spend sp
          CROSS JOIN LATERAL (SELECT sp.date::timestamp AT TIME ZONE acct.tz AS starts, (sp.date + 1)::timestamp AT TIME ZONE acct.tz AS ends) d
          WHERE sp.account_id = ${accountId}
            AND sp.date BETWEEN (w.starts AT TIME ZONE acct.tz)::date AND (w.ends AT TIME ZONE acct.tz)::date
        ) s
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS new_customers FROM customers x
          WHERE x.account_id = ${accountId} AND x.first_purchase_at > w.starts AND x.first_purchase_at <= w.ends
        ) c
        CROSS JOIN LATERAL (
          SELECT count(DISTINCT coalesce(x.session_id, x.visitor_id))::int AS sessions FROM track_events x
          WHERE x.account_id = ${accountId} AND x.created_at > w.starts AND x.created_at <= w.ends
        ) t`,
      );
      return rows.map((r) => ({
        hours: r.hours,
        revenue: r.revenue,
        orders: r.orders,
        refunds: r.refunds,
        adSpend: Math.round(r.ad_spend * 100) / 100,
        newCustomers: r.new_customers,
        sessions: r.sessions,
      }));
    },

    /**
     * Applies the evaluated states in one transaction. First the crossings on the way in: a rule
     * not firing whose value crosses becomes firing (checked again in the UPDATE, so two
     * concurrent evaluations fire it once), and `announce` builds the events of exactly those.
     * Then every other change: re-arming (crossed no longer) and the last value. A rule whose
     * value is null keeps its state. Returns the rules changed.
     */
    async applyStates(accountId: string, now: Date, states: readonly RuleState[], announce: (firedIds: number[]) => DomainEvent[]): Promise<number> {
      if (states.length === 0) return 0;
      const ids = states.map((s) => s.id);
      const values = states.map((s) => (s.value === null ? null : s.value.toFixed(4)));
      const crossed = states.map((s) => s.crossed);
      return prisma.$transaction(async (tx) => {
        const fired = parseRows(
          idRow,
          await tx.$queryRaw`
          UPDATE alert_rules r SET firing = true, last_value = v.value, last_fired_at = ${now}::timestamptz
          FROM unnest(${ids}::int[], ${values}::numeric[], ${crossed}::boolean[]) AS v(id, value, crossed)
          WHERE r.id = v.id AND r.account_id = ${accountId} AND v.value IS NOT NULL AND v.crossed AND NOT r.firing
          RETURNING r.id`,
        );
        const firedIds = fired.map((r) => r.id);
        await appendEvents(tx, accountId, announce(firedIds), now);
        const changed = await tx.$executeRaw`
          UPDATE alert_rules r SET firing = v.crossed, last_value = v.value
          FROM unnest(${ids}::int[], ${values}::numeric[], ${crossed}::boolean[]) AS v(id, value, crossed)
          WHERE r.id = v.id AND r.account_id = ${accountId} AND v.value IS NOT NULL AND NOT (v.crossed AND NOT r.firing)
            AND NOT (r.id = ANY(${firedIds}::int[]))
            AND (r.firing, r.last_value) IS DISTINCT FROM (v.crossed, v.value)`;
        return firedIds.length + changed;
      });
    },
  };
}
