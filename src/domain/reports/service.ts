// Period reports over ranges of the account's local days: profit by interval (from the daily
// snapshots, so a DAY bucket is the v1 /profit row of that day), sales broken down by a
// dimension, ad performance per campaign, and the best customers of a range.
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { localDate } from '../shared/index.ts';
import { reportsRepo, type BreakdownDimension, type CustomerRankKey, type GroupRow, type ProfitSumRow } from './repo.ts';
import {
  addSums,
  bucketCount,
  buckets,
  checkRange,
  cpaCents,
  emptySums,
  percentChange,
  previousRange,
  ratio4,
  sharePct,
  toCents,
  totalsOf,
  type ComparePeriod,
  type DateRange,
  type Interval,
  type PeriodSums,
  type PeriodTotals,
} from './rules.ts';

/** The most buckets one profit report returns (a DAY report over ten years is refused; ask by WEEK or MONTH). */
export const MAX_BUCKETS = 1000;
export const BREAKDOWN_ROWS = { default: 20, max: 100 };
export const TOP_CUSTOMERS = { default: 10, max: 100 };

const COMPARED = ['grossRevenue', 'netRevenue', 'adSpend', 'operationalProfit', 'finalProfit', 'purchaseCount', 'newCustomers'] as const;

/** A row of summed snapshot columns in cents (null sums, of no snapshot, are 0). */
function sumsOf(row: ProfitSumRow): PeriodSums {
  const c = (v: string | null) => (v === null ? 0 : toCents(v));
  return {
    grossRevenue: c(row.gross_revenue),
    refunds: c(row.refunds),
    adSpend: c(row.ad_spend),
    cogsEstimate: c(row.cogs_estimate),
    feesEstimate: c(row.fees_estimate),
    shippingEstimate: c(row.shipping_estimate),
    extraExpenses: c(row.extra_expenses),
    netRevenue: c(row.net_revenue),
    operationalProfit: c(row.operational_profit),
    finalProfit: c(row.final_profit),
    purchaseCount: row.purchase_count ?? 0,
    newCustomers: row.new_customers,
  };
}

/** Percent changes of the compared figures, margin in points, ratios relative. */
export function changeOf(current: PeriodTotals, previous: PeriodTotals) {
  const change: Record<string, number | null> = {};
  for (const key of COMPARED) change[key] = percentChange(current[key], previous[key]);
  change.aov = percentChange(current.aov, previous.aov);
  change.roas = percentChange(current.roas, previous.roas);
  change.marginPctPoints = Math.round((current.marginPct - previous.marginPct) * 100) / 100;
  return change as Record<(typeof COMPARED)[number] | 'aov' | 'roas' | 'marginPctPoints', number | null>;
}

function breakdownFigures(rows: GroupRow[]) {
  const total = rows.find((r) => r.is_total);
  const totalGross = total ? toCents(total.gross) : 0;
  const groups = new Map(
    rows
      .filter((r) => !r.is_total)
      .map((r) => [
        r.key ?? 'unknown',
        { label: r.label, orders: r.orders, grossRevenue: toCents(r.gross), customers: r.customers, share: sharePct(toCents(r.gross), totalGross) },
      ]),
  );
  return { groups, totals: { orders: total?.orders ?? 0, grossRevenue: totalGross, customers: total?.customers ?? 0 } };
}

export function reportsService(prisma: PrismaClient) {
  const repo = reportsRepo(prisma);
  async function account(accountId: string) {
    const row = await repo.account(accountId);
    if (!row) throw new AppError('not_found', `no account ${accountId}`);
    return row;
  }
  const compared = (range: DateRange, compareTo: ComparePeriod | null | undefined) => (compareTo ? previousRange(range, compareTo) : null);

  return {
    /**
     * Profit over a range by interval: one bucket per calendar interval (clipped to the range),
     * each the sum of its days' snapshots; complete when every day of it has ended and the profit
     * job has recomputed it since (it lies before the newest snapshot's date); totals over the
     * range; the previous period's totals and the change when asked.
     */
    async profitReport(accountId: string, args: { range: DateRange; interval: Interval; compareTo?: ComparePeriod | null }, now = new Date()) {
      const range = checkRange(args.range);
      if (bucketCount(range, args.interval) > MAX_BUCKETS)
        throw new AppError('invalid_parameter', `range: more than ${MAX_BUCKETS} buckets of ${args.interval}; use a longer interval or a shorter range`, {
          param: 'range',
        });
      const { timezone, currency, last_snapshot } = await account(accountId);
      const before = compared(range, args.compareTo);
      const rows = await repo.profitSums(accountId, timezone, range, args.interval, before);
      const byStart = new Map(rows.filter((r) => r.bucket !== null).map((r) => [r.bucket!, sumsOf(r)]));
      const previousRow = rows.find((r) => r.bucket === null);
      const previous = before ? totalsOf(previousRow ? sumsOf(previousRow) : emptySums()) : null;
      const today = localDate(now, timezone);
      const closedBefore = last_snapshot === null ? null : last_snapshot < today ? last_snapshot : today;
      let whole = emptySums();
      const out = buckets(range, args.interval).map((b) => {
        const sums = byStart.get(b.from) ?? emptySums();
        whole = addSums(whole, sums);
        return { start: b.from, end: b.to, complete: closedBefore !== null && b.to < closedBefore, totals: totalsOf(sums) };
      });
      const totals = totalsOf(whole);
      return {
        currency,
        range,
        interval: args.interval,
        buckets: out,
        totals,
        previousRange: before,
        previous,
        change: previous ? changeOf(totals, previous) : null,
      };
    },

    /** Orders, gross revenue and customers per key of `by` over the range, the `first` largest by revenue (ties: key order). */
    async salesBreakdown(accountId: string, args: { range: DateRange; by: BreakdownDimension; first: number; compareTo?: ComparePeriod | null }) {
      const range = checkRange(args.range);
      if (!Number.isInteger(args.first) || args.first < 1 || args.first > BREAKDOWN_ROWS.max)
        throw new AppError('invalid_parameter', `first: 1 to ${BREAKDOWN_ROWS.max}`, { param: 'first' });
      const { timezone, currency } = await account(accountId);
      const before = compared(range, args.compareTo);
      const [current, previous] = await Promise.all([
        repo.salesGroups(accountId, timezone, range, args.by).then(breakdownFigures),
        before ? repo.salesGroups(accountId, timezone, before, args.by).then(breakdownFigures) : null,
      ]);
      const rows = [...current.groups.entries()]
        .sort(([ka, a], [kb, b]) => b.grossRevenue - a.grossRevenue || (ka < kb ? -1 : ka > kb ? 1 : 0))
        .slice(0, args.first)
        .map(([key, figures]) => {
          const { label, ...rest } = figures;
          const prior = previous?.groups.get(key);
          return {
            key,
            label,
            ...rest,
            previous: previous
              ? prior
                ? { orders: prior.orders, grossRevenue: prior.grossRevenue, customers: prior.customers, share: prior.share }
                : { orders: 0, grossRevenue: 0, customers: 0, share: 0 }
              : null,
          };
        });
      return {
        currency,
        range,
        by: args.by,
        rows,
        groupCount: current.groups.size,
        totals: current.totals,
        previousRange: before,
        previousTotals: previous?.totals ?? null,
      };
    },

    /**
     * Spend, platform-attributed revenue, clicks, impressions and conversions per campaign and
     * platform over the range (ad_spend rows dated in it), with ROAS (attributed revenue / spend)
     * and CPA (spend / conversions); totals, and the previous period's totals when asked.
     */
    async adPerformance(accountId: string, args: { range: DateRange; compareTo?: ComparePeriod | null }) {
      const range = checkRange(args.range);
      const { currency } = await account(accountId);
      const before = compared(range, args.compareTo);
      const figures = (rows: Array<{ spend: number; revenue: number; clicks: number; impressions: number; conversions: number }>) => {
        const s = rows.reduce(
          (a, r) => ({
            spend: a.spend + r.spend,
            revenue: a.revenue + r.revenue,
            clicks: a.clicks + r.clicks,
            impressions: a.impressions + r.impressions,
            conversions: a.conversions + r.conversions,
          }),
          { spend: 0, revenue: 0, clicks: 0, impressions: 0, conversions: 0 },
        );
        return { ...s, roas: ratio4(s.revenue, s.spend), cpa: cpaCents(s.spend, s.conversions) };
      };
      const load = async (r: DateRange) =>
        (await repo.adCampaigns(accountId, r)).map((c) => ({
          platform: c.platform,
          campaignId: c.campaign_id,
          campaignName: c.campaign_name,
          spend: toCents(c.spend),
          revenue: toCents(c.revenue),
          clicks: c.clicks,
          impressions: c.impressions,
          conversions: c.conversions,
        }));
      const [campaigns, prior] = await Promise.all([load(range), before ? load(before) : null]);
      const byName = (a: { platform: string; campaignId: string }, b: { platform: string; campaignId: string }) =>
        a.platform + a.campaignId < b.platform + b.campaignId ? -1 : 1;
      const platforms = [...new Set(campaigns.map((c) => c.platform))]
        .sort()
        .map((platform) => ({ platform, ...figures(campaigns.filter((c) => c.platform === platform)) }));
      return {
        currency,
        range,
        campaigns: campaigns
          .sort((a, b) => b.spend - a.spend || byName(a, b))
          .map((c) => ({ platform: c.platform, campaignId: c.campaignId, campaignName: c.campaignName, ...figures([c]) })),
        platforms,
        totals: figures(campaigns),
        previousRange: before,
        previous: prior ? figures(prior) : null,
      };
    },

    /** The range's best customers by `sortKey` (orders without a customer are not ranked). */
    async topCustomers(accountId: string, args: { range: DateRange; first: number; sortKey: CustomerRankKey }) {
      const range = checkRange(args.range);
      if (!Number.isInteger(args.first) || args.first < 1 || args.first > TOP_CUSTOMERS.max)
        throw new AppError('invalid_parameter', `first: 1 to ${TOP_CUSTOMERS.max}`, { param: 'first' });
      const { timezone, currency } = await account(accountId);
      const { rows, totalGross } = await repo.topCustomers(accountId, timezone, range, args.sortKey, args.first);
      const whole = toCents(totalGross);
      return rows.map((r, i) => ({
        rank: i + 1,
        currency,
        customerId: r.customer_id,
        orders: r.orders,
        grossRevenue: toCents(r.gross),
        netRevenue: toCents(r.net),
        share: sharePct(toCents(r.gross), whole),
        firstOrderAt: r.first_at,
        lastOrderAt: r.last_at,
      }));
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
