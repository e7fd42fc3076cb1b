// The demo's data, generated in memory by pure functions (no database access), as generateDemo
// returns it for repo.ts to write. Deterministic: all randomness comes from a fixed-seed PRNG,
// forked per part of the demo, and every timestamp is relative to the seeding day's timeline.
//
// This file has the smaller parts (ad spend, expenses, integrations, the AI credit ledger, alert
// rules) and puts the whole demo together; generate-time.ts has the timeline and the demand
// calendar, generate-orders.ts the customers, products and orders.
import type { Prisma } from '../db/client.ts';
import type { AdPlatform, IntegrationStatus } from '../domain/shared/enums.ts';
import { CAMPAIGNS, MONTHLY_EXPENSES, OCCASIONAL_EXPENSES } from './catalog.ts';
import { buildItems, buildOrders, stockItems, type ItemSeed, type OrderSeed } from './generate-orders.ts';
import { buildCustomers, type CustomerSeed } from './generate-customers.ts';
import { at, buildCalendar, type Calendar, clamp, DAY_MS, elapsedToday, HOUR_MS, MINUTE_MS, money, ORDER_DAYS, type Timeline } from './generate-time.ts';
import { Rng } from './rng.ts';
import { DEMO_ACCOUNT_ID } from './catalog.ts';
import { buildCredits, type CreditPlan, type LedgerEntry } from './generate-credits.ts';

export type { LedgerEntry, CreditPlan };

export { DEMO_ACCOUNT_ID };

/** Changing the seed changes every generated row; bump the version suffix deliberately. */
const SEED = 'commerce-analytics-demo/v1';

// ---------------------------------------------------------------------------------------------
// Ad spend and expenses

/** Revenue per conversion the ad platforms report; sets cost per click so that CTR and conversion rates stay consistent. */
const AD_ORDER_VALUE = 150;

export interface AdSpendSeed {
  date: number;
  platform: AdPlatform;
  campaignId: string;
  campaignName: string;
  spend: number; // cents
  revenue: number; // cents
  clicks: number;
  impressions: number;
  conversions: number;
}

/** What an order brings for the ad budget's pacing: its net value (a cancelled one brings nothing). */
const orderValue = (o: OrderSeed) => (o.status === 'cancelled' ? 0 : o.subtotal - o.discount - o.refunded);

/**
 * The share of the store's today's budget spent at the moment of the seed. Ad spend follows the
 * orders it brings, so it is the value of today's orders so far (the store's own day, New York)
 * over a typical whole day's (the mean of the seven UTC days before today): no orders, no spend,
 * and never more than the day's budget. Pacing by the hour alone once left 04:00 in New York with
 * two orders against a sixth of the day's budget (a margin of −200 %).
 */
function todaysSpendShare(timeline: Timeline, wholeDays: readonly OrderSeed[]): number {
  const storeDayStart = timeline.now - Math.round(elapsedToday(timeline) * DAY_MS);
  let soFar = 0;
  let week = 0;
  for (const o of wholeDays) {
    if (o.placedAt >= storeDayStart && o.placedAt <= timeline.now) soFar += orderValue(o);
    if (o.placedAt >= timeline.asOf - 7 * DAY_MS && o.placedAt < timeline.asOf) week += orderValue(o);
  }
  return week > 0 ? clamp(soFar / (week / 7), 0, 1) : 0;
}

function buildAdSpend(rng: Rng, timeline: Timeline, calendar: Calendar, todayShare: number): AdSpendSeed[] {
  const rows: AdSpendSeed[] = [];
  for (let d = 0; d < ORDER_DAYS; d++) {
    // A day that has not begun in the store's time zone has no spend yet (the draws below are
    // skipped with it, so the earlier days are the same whatever the hour).
    if (timeline.orderStart + d * DAY_MS > timeline.localToday) break;
    const promo = at(calendar.promo, d);
    // Budgets are raised on promotion days, and those days convert a little better.
    const budgetBoost = 1 + (promo - 1) * 0.6;
    for (const c of CAMPAIGNS) {
      const spend = clamp(c.baseSpend * at(calendar.base, d) * budgetBoost * rng.noise(0.15), 20, 400);
      const roas = c.roas * rng.noise(0.2) * (promo > 1 ? 1.15 : 1);
      const revenue = spend * roas;
      const costPerClick = ((AD_ORDER_VALUE * c.conversionRate) / c.roas) * rng.noise(0.1);
      const clicks = Math.max(1, Math.round(spend / costPerClick));
      const impressions = Math.round(clicks / (c.ctr * rng.noise(0.1)));
      const conversions = Math.max(1, Math.round(revenue / (AD_ORDER_VALUE * rng.noise(0.15))));
      // The store's today (the last row) has spent its share of the budget so far; the draws are
      // the same whatever the hour, so the other days do not depend on it.
      const share = timeline.orderStart + d * DAY_MS === timeline.localToday ? todayShare : 1;
      rows.push({
        date: timeline.orderStart + d * DAY_MS,
        platform: c.platform,
        campaignId: c.campaignId,
        campaignName: c.campaignName,
        spend: Math.round(spend * 100 * share),
        revenue: Math.round(revenue * 100 * share),
        clicks: Math.round(clicks * share),
        impressions: Math.round(impressions * share),
        conversions: Math.round(conversions * share),
      });
    }
  }
  return rows;
}

function buildExpenses(rng: Rng, timeline: Timeline): Prisma.ExpenseCreateManyInput[] {
  const rows: Prisma.ExpenseCreateManyInput[] = [];
  // Fixed costs: monthly recurring expenses from the first whole month of the order window, spread
  // over the days of each month by the profit snapshot (ongoing: no end).
  const start = new Date(timeline.orderStart);
  const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + (start.getUTCDate() === 1 ? 0 : 1), 1);
  if (first < timeline.asOf) {
    for (const e of MONTHLY_EXPENSES) {
      rows.push({
        accountId: DEMO_ACCOUNT_ID,
        date: new Date(first),
        category: e.category,
        description: e.description,
        amount: money(e.amount * 100),
        recurrence: 'monthly',
        createdAt: new Date(first + 9 * HOUR_MS),
      });
    }
  }
  // About forty one-off costs on random days.
  const count = rng.int(38, 42);
  const weights = OCCASIONAL_EXPENSES.map((e) => e.weight);
  for (let i = 0; i < count; i++) {
    const e = rng.weighted(OCCASIONAL_EXPENSES, weights);
    const date = timeline.orderStart + rng.int(0, ORDER_DAYS - 1) * DAY_MS;
    rows.push({
      accountId: DEMO_ACCOUNT_ID,
      date: new Date(date),
      category: e.category,
      description: rng.pick(e.descriptions),
      amount: money(rng.int(e.amount[0] * 100, e.amount[1] * 100)),
      // Recorded during its day, and not after the moment of the seed (a cost booked today).
      createdAt: new Date(Math.min(date + rng.int(8, 20) * HOUR_MS, timeline.now)),
    });
  }
  return rows.sort((a, b) => (a.date as Date).getTime() - (b.date as Date).getTime());
}

// ---------------------------------------------------------------------------------------------
// Integrations

function buildIntegrations(rng: Rng, timeline: Timeline): Prisma.IntegrationCreateManyInput[] {
  const { asOf, accountStart } = timeline;
  const specs: Array<{
    provider: string;
    shop: string;
    scopes: string[];
    status: IntegrationStatus;
    connectedAt: number;
    lastSyncAt: number | null;
    revokedAt?: number;
    revokeReason?: string;
  }> = [
    {
      provider: 'shopify',
      shop: 'demo-store.myshopify.com',
      scopes: ['read_orders', 'read_customers', 'read_products', 'read_inventory'],
      status: 'connected',
      connectedAt: accountStart + HOUR_MS,
      lastSyncAt: asOf - 12 * MINUTE_MS,
    },
    {
      provider: 'woo-commerce',
      shop: 'shop.demo-woo.com',
      scopes: ['read'],
      status: 'stale',
      connectedAt: accountStart + 3 * DAY_MS,
      lastSyncAt: asOf - 3 * DAY_MS,
    },
    {
      provider: 'mercado-libre',
      shop: 'demo-meli',
      scopes: ['read', 'offline_access'],
      status: 'connected',
      connectedAt: accountStart + 9 * DAY_MS,
      lastSyncAt: asOf - 40 * MINUTE_MS,
    },
    {
      provider: 'meta-ads',
      shop: 'act_1029384756',
      scopes: ['ads_read', 'read_insights'],
      status: 'never_synced',
      connectedAt: asOf - 2 * HOUR_MS,
      lastSyncAt: null,
    },
    {
      provider: 'google-ads',
      shop: '123-456-7890',
      scopes: ['https://www.googleapis.com/auth/adwords'],
      status: 'revoked',
      connectedAt: accountStart + 14 * DAY_MS,
      lastSyncAt: asOf - 5 * DAY_MS - 2 * HOUR_MS,
      revokedAt: asOf - 5 * DAY_MS,
      revokeReason: 'app_uninstalled',
    },
    { provider: 'stripe', shop: 'acct_demo', scopes: ['read_only'], status: 'connected', connectedAt: accountStart + DAY_MS, lastSyncAt: asOf - 5 * MINUTE_MS },
  ];
  return specs.map((s) => ({
    accountId: DEMO_ACCOUNT_ID,
    provider: s.provider,
    shop: s.shop,
    scopes: s.scopes,
    status: s.status,
    tokenType: 'oauth',
    tokenLast4: rng.token(4),
    connectedAt: new Date(s.connectedAt),
    lastSyncAt: s.lastSyncAt === null ? null : new Date(s.lastSyncAt),
    revokedAt: s.revokedAt === undefined ? null : new Date(s.revokedAt),
    revokeReason: s.revokeReason ?? null,
    createdAt: new Date(s.connectedAt),
    updatedAt: new Date(Math.max(s.connectedAt, s.lastSyncAt ?? 0, s.revokedAt ?? 0)),
  }));
}

// ---------------------------------------------------------------------------------------------
// Alert rules

function buildAlertRules(timeline: Timeline): Prisma.AlertRuleCreateManyInput[] {
  const createdAt = new Date(timeline.asOf - 45 * DAY_MS);
  const rule = (name: string, metric: string, comparator: 'gt' | 'lt', threshold: number, severity: 'medium' | 'high') => ({
    accountId: DEMO_ACCOUNT_ID,
    name,
    metric,
    comparator,
    threshold: String(threshold),
    windowHours: 24,
    severity,
    createdAt,
  });
  return [
    rule('ROAS below 1.5', 'roas', 'lt', 1.5, 'high'),
    rule('Refunds above 500', 'refunds', 'gt', 500, 'medium'),
    rule('Daily revenue drop', 'revenue', 'lt', 1000, 'high'),
  ];
}

// ---------------------------------------------------------------------------------------------
// The whole demo, in memory

export interface DemoData {
  timeline: Timeline;
  customers: CustomerSeed[];
  items: ItemSeed[];
  orders: OrderSeed[];
  adSpend: AdSpendSeed[];
  expenses: Prisma.ExpenseCreateManyInput[];
  integrations: Prisma.IntegrationCreateManyInput[];
  credits: CreditPlan;
  alertRules: Prisma.AlertRuleCreateManyInput[];
}

export function generateDemo(timeline: Timeline): DemoData {
  const rng = new Rng(SEED);
  const calendar = buildCalendar(timeline);
  const customers = buildCustomers(rng.fork('customers'), timeline);
  const items = buildItems(rng.fork('items'), timeline);
  const wholeDays = buildOrders(rng.fork('orders'), timeline, calendar, customers, items);
  // Stock from the whole days' sales, so that it does not depend on the hour of the seed.
  stockItems(rng.fork('stock'), items, wholeDays, timeline);
  return {
    timeline,
    customers,
    items,
    // Today's orders up to the moment of the seed (they are in time order: a prefix is kept).
    orders: wholeDays.filter((o) => o.placedAt <= timeline.now),
    adSpend: buildAdSpend(rng.fork('ads'), timeline, calendar, todaysSpendShare(timeline, wholeDays)),
    expenses: buildExpenses(rng.fork('expenses'), timeline),
    integrations: buildIntegrations(rng.fork('integrations'), timeline),
    credits: buildCredits(rng.fork('credits'), timeline),
    alertRules: buildAlertRules(timeline),
  };
}
