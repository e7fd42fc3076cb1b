// Period reports (profitReport, salesBreakdown, adPerformance, topCustomers) and the orders list:
// one service call each, the domain's cents turned into Money in the account's currency.
import type { Resolvers, ProfitPeriodTotals } from '../__generated__/resolvers.ts';
import { centsToAmount, type PeriodTotals } from '../../domain/reports/index.ts';
import { cursorValue, type OrderSortKey } from '../../domain/orders/index.ts';
import { AppError } from '../../errors.ts';
import { connection, parseId, sortedCursors } from '../connection.ts';

const orderCursors = sortedCursors('order');

const money = (cents: number, currencyCode: string) => ({ amount: centsToAmount(cents), currencyCode });
const maybeMoney = (cents: number | null, currencyCode: string) => (cents === null ? null : money(cents, currencyCode));

function periodTotals(t: PeriodTotals, currency: string): ProfitPeriodTotals {
  return {
    grossRevenue: money(t.grossRevenue, currency),
    refunds: money(t.refunds, currency),
    adSpend: money(t.adSpend, currency),
    cogsEstimate: money(t.cogsEstimate, currency),
    feesEstimate: money(t.feesEstimate, currency),
    shippingEstimate: money(t.shippingEstimate, currency),
    extraExpenses: money(t.extraExpenses, currency),
    netRevenue: money(t.netRevenue, currency),
    operationalProfit: money(t.operationalProfit, currency),
    finalProfit: money(t.finalProfit, currency),
    purchaseCount: t.purchaseCount,
    aov: maybeMoney(t.aov, currency),
    newCustomers: t.newCustomers,
    roas: t.roas,
    marginPct: t.marginPct,
  };
}

type AdSums = { spend: number; revenue: number; roas: number | null; cpa: number | null; clicks: number; impressions: number; conversions: number };
const adFigures = (f: AdSums, currency: string) => ({
  spend: money(f.spend, currency),
  attributedRevenue: money(f.revenue, currency),
  roas: f.roas,
  cpa: maybeMoney(f.cpa, currency),
  clicks: f.clicks,
  impressions: f.impressions,
  conversions: f.conversions,
});

const sales = (f: { orders: number; grossRevenue: number; customers: number }, currency: string) => ({
  orders: f.orders,
  grossRevenue: money(f.grossRevenue, currency),
  customers: f.customers,
});

/** Readable names of the breakdown keys that are codes. */
const SOURCE_LABELS: Record<string, string> = { shopify: 'Shopify', woo_commerce: 'WooCommerce', mercado_libre: 'Mercado Libre' };
const SEGMENT_LABELS: Record<string, string> = { vip: 'VIP', loyal: 'Loyal', regular: 'Regular', new: 'New', at_risk: 'At risk', churned: 'Churned' };
const countries = new Intl.DisplayNames(['en'], { type: 'region' });
function label(by: string, key: string, given: string | null): string {
  if (key === 'unknown') return 'Unknown';
  if (by === 'SOURCE') return SOURCE_LABELS[key] ?? key;
  if (by === 'SEGMENT') return SEGMENT_LABELS[key] ?? key;
  if (by === 'COUNTRY') {
    try {
      return countries.of(key) ?? key;
    } catch {
      return key;
    }
  }
  return given ?? key;
}

export const reportResolvers: Resolvers = {
  Query: {
    async profitReport(_parent, { range, interval, compareTo }, { principal, services }) {
      const r = await services.reports.profitReport(principal.accountId, { range, interval: interval ?? 'DAY', compareTo });
      return {
        range: r.range,
        interval: r.interval,
        buckets: r.buckets.map((b) => ({ start: b.start, end: b.end, complete: b.complete, totals: periodTotals(b.totals, r.currency) })),
        totals: periodTotals(r.totals, r.currency),
        previousRange: r.previousRange,
        previous: r.previous && periodTotals(r.previous, r.currency),
        change: r.change,
      };
    },
    async salesBreakdown(_parent, { range, by, first, compareTo }, { principal, services }) {
      const r = await services.reports.salesBreakdown(principal.accountId, { range, by, first: first ?? 20, compareTo });
      return {
        range: r.range,
        by: r.by,
        rows: r.rows.map((row) => ({
          key: row.key,
          label: label(r.by, row.key, row.label),
          ...sales(row, r.currency),
          share: row.share,
          previous: row.previous && { ...sales(row.previous, r.currency), share: row.previous.share },
        })),
        groupCount: r.groupCount,
        totals: sales(r.totals, r.currency),
        previousRange: r.previousRange,
        previousTotals: r.previousTotals && sales(r.previousTotals, r.currency),
      };
    },
    async adPerformance(_parent, { range, compareTo }, { principal, services }) {
      const r = await services.reports.adPerformance(principal.accountId, { range, compareTo });
      return {
        range: r.range,
        campaigns: r.campaigns.map((c) => ({ platform: c.platform, campaignId: c.campaignId, campaignName: c.campaignName, ...adFigures(c, r.currency) })),
        platforms: r.platforms.map((p) => ({ platform: p.platform, ...adFigures(p, r.currency) })),
        totals: adFigures(r.totals, r.currency),
        previousRange: r.previousRange,
        previous: r.previous && adFigures(r.previous, r.currency),
      };
    },
    async topCustomers(_parent, { range, first, sortKey }, { principal, services, loaders }) {
      const ranking = await services.reports.topCustomers(principal.accountId, { range, first: first ?? 10, sortKey: sortKey ?? 'REVENUE' });
      const customers = await loaders.customer.loadMany(ranking.map((r) => r.customerId));
      return ranking.map((r, i) => {
        const customer = customers[i];
        // A ranked customer has orders of this account, so it is this account's (foreign key).
        if (!customer || customer instanceof Error) throw new AppError('internal_error', 'ranked customer not found');
        return {
          rank: r.rank,
          customer,
          orders: r.orders,
          grossRevenue: money(r.grossRevenue, r.currency),
          netRevenue: money(r.netRevenue, r.currency),
          share: r.share,
          firstOrderAt: r.firstOrderAt,
          lastOrderAt: r.lastOrderAt,
        };
      });
    },
    async orders(_parent, args, { principal, services }) {
      const sortKey: OrderSortKey = args.sortKey ?? 'PLACED_AT';
      const reverse = args.reverse ?? true;
      const orderName = `${sortKey}:${reverse ? 'desc' : 'asc'}`;
      const { range, source, status, customerId } = args.filter ?? {};
      const page = await services.orders.ordersPage(principal.accountId, {
        first: args.first,
        last: args.last,
        after: orderCursors.decode(args.after, 'after', orderName),
        before: orderCursors.decode(args.before, 'before', orderName),
        filter: {
          ...(range ? { range } : {}),
          ...(source ? { source } : {}),
          ...(status ? { status } : {}),
          ...(customerId != null ? { customerId: parseId(customerId, 'Customer', 'filter.customerId') } : {}),
        },
        sortKey,
        reverse,
      });
      return connection(page, (o) => orderCursors.encode(orderName, cursorValue(sortKey, o), o.id), page.totalCount);
    },
  },
  OrderConnection: { totalCount: (c) => c.totalCount() },
};
