// The demo's data, generated in memory by pure functions (no database access), as generateDemo
// returns it for repo.ts to write. Deterministic: all randomness comes from a fixed-seed PRNG,
// forked per part of the demo, and every timestamp is relative to the seeding day's timeline.
//
// This file has the smaller parts (ad spend, expenses, integrations, the AI credit ledger, alert
// rules) and puts the whole demo together; generate-time.ts has the timeline and the demand
// calendar, generate-orders.ts the customers, products and orders.
import type { Prisma } from '../../db/client.ts';
import type { AdPlatform, IntegrationStatus, TransactionKind } from '../../db/__generated__/prisma/enums.ts';
import { CAMPAIGNS, MONTHLY_EXPENSES, OCCASIONAL_EXPENSES } from './catalog.ts';
import { buildCustomers, buildItems, buildOrders, stockItems, type CustomerSeed, type ItemSeed, type OrderSeed } from './generate-orders.ts';
import { at, buildCalendar, type Calendar, clamp, DAY_MS, HOUR_MS, MINUTE_MS, money, ORDER_DAYS, type Timeline } from './generate-time.ts';
import { Rng } from './rng.ts';

export const DEMO_ACCOUNT_ID = 'acc_demo';

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

function buildAdSpend(rng: Rng, timeline: Timeline, calendar: Calendar): AdSpendSeed[] {
  const rows: AdSpendSeed[] = [];
  for (let d = 0; d < ORDER_DAYS; d++) {
    const promo = at(calendar.promo, d);
    // Budgets are raised on promotion days, and those days convert a little better.
    const budgetBoost = 1 + (promo - 1) * 0.6;
    for (const c of CAMPAIGNS) {
      const spend = clamp(c.baseSpend * at(calendar.base, d) * budgetBoost * rng.noise(0.15), 20, 400);
      const roas = c.roas * rng.noise(0.2) * (promo > 1 ? 1.15 : 1);
      const revenue = spend * roas;
      const costPerClick = ((AD_ORDER_VALUE * c.conversionRate) / c.roas) * rng.noise(0.1);
      const clicks = Math.max(1, Math.round(spend / costPerClick));
      rows.push({
        date: timeline.orderStart + d * DAY_MS,
        platform: c.platform,
        campaignId: c.campaignId,
        campaignName: c.campaignName,
        spend: Math.round(spend * 100),
        revenue: Math.round(revenue * 100),
        clicks,
        impressions: Math.round(clicks / (c.ctr * rng.noise(0.1))),
        conversions: Math.max(1, Math.round(revenue / (AD_ORDER_VALUE * rng.noise(0.15)))),
      });
    }
  }
  return rows;
}

function buildExpenses(rng: Rng, timeline: Timeline): Prisma.ExpenseCreateManyInput[] {
  const rows: Prisma.ExpenseCreateManyInput[] = [];
  // Fixed costs on the 1st of each month inside the order window.
  const start = new Date(timeline.orderStart);
  for (let m = 0; ; m++) {
    const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1);
    if (first >= timeline.asOf) break;
    if (first < timeline.orderStart) continue;
    for (const e of MONTHLY_EXPENSES) {
      rows.push({ accountId: DEMO_ACCOUNT_ID, date: new Date(first), category: e.category, description: e.description, amount: money(e.amount * 100), createdAt: new Date(first + 9 * HOUR_MS) });
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
      createdAt: new Date(date + rng.int(8, 20) * HOUR_MS),
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
    { provider: 'shopify', shop: 'demo-store.myshopify.com', scopes: ['read_orders', 'read_customers', 'read_products', 'read_inventory'], status: 'connected', connectedAt: accountStart + HOUR_MS, lastSyncAt: asOf - 12 * MINUTE_MS },
    { provider: 'woo-commerce', shop: 'shop.demo-woo.com', scopes: ['read'], status: 'stale', connectedAt: accountStart + 3 * DAY_MS, lastSyncAt: asOf - 3 * DAY_MS },
    { provider: 'mercado-libre', shop: 'demo-meli', scopes: ['read', 'offline_access'], status: 'connected', connectedAt: accountStart + 9 * DAY_MS, lastSyncAt: asOf - 40 * MINUTE_MS },
    { provider: 'meta-ads', shop: 'act_1029384756', scopes: ['ads_read', 'read_insights'], status: 'never_synced', connectedAt: asOf - 2 * HOUR_MS, lastSyncAt: null },
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
// AI credits: an append-only ledger, its balance, and the AI calls that consumed credits

const AUTO_TOPUP = { enabled: true, threshold: 100, amount: 500 };

const AI_FEATURES: ReadonlyArray<{ feature: string; credits: number; weight: number; tokensIn: readonly [number, number]; tokensOut: readonly [number, number] }> = [
  { feature: 'ai_insight', credits: 5, weight: 40, tokensIn: [800, 1_800], tokensOut: [200, 500] },
  { feature: 'daily_brief', credits: 10, weight: 30, tokensIn: [1_500, 3_000], tokensOut: [300, 700] },
  { feature: 'forecast', credits: 20, weight: 20, tokensIn: [2_000, 4_000], tokensOut: [400, 900] },
  { feature: 'creative_analysis', credits: 50, weight: 10, tokensIn: [4_000, 8_000], tokensOut: [800, 1_500] },
];

export interface LedgerEntry {
  kind: TransactionKind;
  feature: string;
  amount: number;
  balanceAfter: number;
  meta: Prisma.InputJsonObject;
  at: number;
  /** For a refund: the consume it gives back. */
  refundOf?: LedgerEntry;
}

export interface CreditPlan {
  entries: LedgerEntry[];
  usage: Prisma.AiUsageCreateManyInput[];
  balance: Prisma.CreditBalanceCreateManyInput;
}

function consumeEntries(rng: Rng, timeline: Timeline): LedgerEntry[] {
  const count = rng.int(20, 30);
  const entries: LedgerEntry[] = [];
  for (let i = 0; i < count; i++) {
    const f = rng.weighted(AI_FEATURES, AI_FEATURES.map((x) => x.weight));
    // Within the last 150 days, at whole seconds.
    const t = timeline.latest - Math.floor(rng.float(0, 150 * DAY_MS) / 1_000) * 1_000;
    const meta: Prisma.InputJsonObject = f.feature === 'creative_analysis' ? { campaign_id: rng.pick(CAMPAIGNS.filter((c) => c.platform === 'meta_ads')).campaignId } : {};
    entries.push({ kind: 'consume', feature: f.feature, amount: -f.credits, balanceAfter: 0, meta, at: t });
  }
  return entries.sort((a, b) => a.at - b.at);
}

/** Orders the entries by time (unique instants), adds automatic top-ups, and computes running balances. */
function settleLedger(entries: LedgerEntry[]): LedgerEntry[] {
  entries.sort((a, b) => a.at - b.at);
  for (let i = 1; i < entries.length; i++) {
    const prev = at(entries, i - 1);
    const cur = at(entries, i);
    if (cur.at <= prev.at) cur.at = prev.at + 1_000;
  }
  const settled: LedgerEntry[] = [];
  let balance = 0;
  for (const entry of entries) {
    balance += entry.amount;
    entry.balanceAfter = balance;
    settled.push(entry);
    if (entry.kind === 'consume' && AUTO_TOPUP.enabled && balance < AUTO_TOPUP.threshold) {
      balance += AUTO_TOPUP.amount;
      settled.push({ kind: 'auto_topup', feature: '', amount: AUTO_TOPUP.amount, balanceAfter: balance, meta: { trigger: 'threshold' }, at: entry.at + 500 });
    }
  }
  return settled;
}

function aiUsageFor(rng: Rng, entry: LedgerEntry): Prisma.AiUsageCreateManyInput {
  const f = AI_FEATURES.find((x) => x.feature === entry.feature) ?? at(AI_FEATURES, 0);
  const tokensIn = rng.int(f.tokensIn[0], f.tokensIn[1]);
  const tokensOut = rng.int(f.tokensOut[0], f.tokensOut[1]);
  return {
    accountId: DEMO_ACCOUNT_ID,
    feature: entry.feature,
    model: 'local-deterministic',
    tokensIn,
    tokensOut,
    costUsd: (tokensIn * 0.000_000_5 + tokensOut * 0.000_001_5).toFixed(6),
    credits: -entry.amount,
    createdAt: new Date(entry.at),
  };
}

function buildCredits(rng: Rng, timeline: Timeline): CreditPlan {
  const consumes = consumeEntries(rng, timeline);
  // One failed creative analysis gets its credits back; make sure there is one to refund.
  const refunded = consumes.find((e) => e.feature === 'creative_analysis') ?? at(consumes, Math.floor(consumes.length / 2));
  const purchaseAt = timeline.asOf - 96 * DAY_MS + rng.int(10, 18) * HOUR_MS;
  const entries = settleLedger([
    { kind: 'grant', feature: '', amount: 1_000, balanceAfter: 0, meta: { reason: 'welcome_grant' }, at: timeline.accountStart + 10 * MINUTE_MS },
    { kind: 'purchase', feature: '', amount: 500, balanceAfter: 0, meta: { checkout_session: `cs_demo_${rng.token(24)}` }, at: purchaseAt },
    ...consumes,
    { kind: 'refund', feature: refunded.feature, amount: -refunded.amount, balanceAfter: 0, meta: {}, at: refunded.at + 4 * MINUTE_MS, refundOf: refunded },
  ]);
  const last = at(entries, entries.length - 1);
  const sum = (kinds: TransactionKind[]) => entries.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + e.amount, 0);
  const topups = entries.filter((e) => e.kind === 'auto_topup');
  return {
    entries,
    usage: entries.filter((e) => e.kind === 'consume').map((e) => aiUsageFor(rng, e)),
    balance: {
      accountId: DEMO_ACCOUNT_ID,
      balance: last.balanceAfter,
      totalPurchased: sum(['grant', 'purchase', 'auto_topup']),
      totalSpent: -sum(['consume', 'refund']),
      autoTopupEnabled: AUTO_TOPUP.enabled,
      autoTopupThreshold: AUTO_TOPUP.threshold,
      autoTopupAmount: AUTO_TOPUP.amount,
      autoTopupLastChargedAt: topups.length ? new Date(at(topups, topups.length - 1).at) : null,
      updatedAt: new Date(last.at),
    },
  };
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
  const orders = buildOrders(rng.fork('orders'), timeline, calendar, customers, items);
  stockItems(rng.fork('stock'), items, orders, timeline);
  return {
    timeline,
    customers,
    items,
    orders,
    adSpend: buildAdSpend(rng.fork('ads'), timeline, calendar),
    expenses: buildExpenses(rng.fork('expenses'), timeline),
    integrations: buildIntegrations(rng.fork('integrations'), timeline),
    credits: buildCredits(rng.fork('credits'), timeline),
    alertRules: buildAlertRules(timeline),
  };
}
