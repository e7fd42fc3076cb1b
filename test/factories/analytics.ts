// Factories for the analytics rows the background jobs write (insights, anomalies, profit
// snapshots, inventory items, reorder suggestions), built through the service's Prisma client.
import type { PrismaClient } from '../../src/db/client.ts';

let sequence = 0;
const DAY_MS = 86_400_000;

export async function makeInsight(
  prisma: PrismaClient,
  accountId: string,
  overrides: Partial<{
    severity: 'low' | 'medium' | 'high' | 'critical';
    category: 'ads' | 'churn_risk' | 'inventory' | 'profit' | 'revenue' | 'customers' | 'anomaly' | 'integration';
    status: 'open' | 'resolved' | 'dismissed';
    title: string;
    body: string;
    suggestedAction: string;
    impactEstimate: string;
    computedAt: Date;
    resolvedAt: Date | null;
  }> = {},
) {
  const n = ++sequence;
  return prisma.insight.create({
    data: {
      accountId,
      severity: 'medium',
      category: 'ads',
      title: `Insight ${n}`,
      body: `Body of insight ${n}.`,
      suggestedAction: 'Review the campaign.',
      impactEstimate: '~$120/week',
      fingerprint: `test:${n}`,
      ...overrides,
    },
  });
}

export async function makeAnomaly(
  prisma: PrismaClient,
  accountId: string,
  overrides: Partial<{
    kind: 'univariate' | 'correlated';
    metric: 'revenue' | 'orders' | 'aov' | 'ad_spend' | 'roas' | 'cpa' | 'refunds' | 'new_customers' | 'conversion_rate' | 'margin_pct';
    observedValue: number | string;
    expectedValue: number | string;
    zScore: number | string;
    direction: 'up' | 'down';
    severity: 'low' | 'medium' | 'high' | 'critical';
    detectedAt: Date;
    metricDate: Date;
    inferredCause: string;
    confidence: number | string;
    correlatedMetrics: Array<{ metric: string; modz: number | string; direction: 'up' | 'down' }>;
  }> = {},
) {
  const n = ++sequence;
  // metric_date is v1 observed_on; a distinct date per row keeps (account, metric, date) unique.
  return prisma.anomaly.create({
    data: {
      accountId,
      kind: 'univariate',
      metric: 'roas',
      metricDate: new Date(Date.UTC(2000, 0, 1) + n * DAY_MS),
      observedValue: 1.2,
      expectedValue: 2.5,
      zScore: -3.1,
      direction: 'down',
      severity: 'high',
      inferredCause: 'Spend rose without matching revenue.',
      confidence: 0.8,
      ...overrides,
    },
  });
}

export interface SnapshotValues {
  grossRevenue: string;
  refunds: string;
  adSpend: string;
  cogsEstimate: string;
  feesEstimate: string;
  shippingEstimate: string;
  extraExpenses: string;
  netRevenue: string;
  operationalProfit: string;
  finalProfit: string;
  marginPct: string;
  purchaseCount: number;
}

/** A profit snapshot for `date` (YYYY-MM-DD); money as decimal strings. */
export async function makeProfitSnapshot(prisma: PrismaClient, accountId: string, date: string, overrides: Partial<SnapshotValues> = {}) {
  return prisma.profitSnapshot.create({
    data: {
      accountId,
      snapshotDate: new Date(`${date}T00:00:00.000Z`),
      grossRevenue: '1000.00',
      refunds: '50.00',
      adSpend: '200.00',
      cogsEstimate: '300.00',
      feesEstimate: '30.00',
      shippingEstimate: '40.00',
      extraExpenses: '10.00',
      netRevenue: '950.00',
      operationalProfit: '380.00',
      finalProfit: '370.00',
      marginPct: '37.00',
      purchaseCount: 10,
      ...overrides,
    },
  });
}

export async function makeInventoryItem(
  prisma: PrismaClient,
  accountId: string,
  overrides: Partial<{
    sku: string;
    productName: string;
    currentStock: number;
    unitsSold30d: number;
    unitsSold7d: number;
    avgDailyUnits30d: number | string;
    avgDailyUnits7d: number | string;
    daysOfStock: number | string | null;
    trend: 'accelerating' | 'stable' | 'decelerating' | 'no_sales' | null;
    status: 'critical' | 'low' | 'ok' | 'overstocked' | null;
    estimatedStockoutAt: Date | null;
    computedAt: Date | null;
  }> = {},
) {
  const n = ++sequence;
  return prisma.inventoryItem.create({
    data: {
      accountId,
      sku: `SKU-${String(n).padStart(4, '0')}`,
      productName: `Product ${n}`,
      currentStock: 40,
      unitsSold30d: 60,
      unitsSold7d: 14,
      avgDailyUnits30d: 2,
      avgDailyUnits7d: 2,
      daysOfStock: 20,
      trend: 'stable',
      status: 'low',
      estimatedStockoutAt: new Date(Date.UTC(2026, 0, 21)),
      computedAt: new Date(Date.UTC(2026, 0, 1, 6)),
      ...overrides,
    },
  });
}

export async function makeReorderSuggestion(
  prisma: PrismaClient,
  accountId: string,
  inventoryItemId: number,
  overrides: Partial<{
    qtySuggested: number;
    reason: string;
    confidence: number | string;
    forecastDays: number;
    status: 'pending' | 'ordered' | 'dismissed';
    computedAt: Date;
  }> = {},
) {
  return prisma.reorderSuggestion.create({
    data: {
      accountId,
      inventoryItemId,
      qtySuggested: 120,
      reason: 'Stock runs out before the next delivery.',
      confidence: 0.75,
      forecastDays: 30,
      ...overrides,
    },
  });
}

/** `count` open insights in one statement (for page-size limits). */
export async function makeManyInsights(prisma: PrismaClient, accountId: string, count: number) {
  const start = sequence;
  sequence += count;
  return prisma.insight.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      accountId,
      severity: 'low' as const,
      category: 'revenue' as const,
      title: `Bulk ${start + i}`,
      body: '',
      suggestedAction: '',
      fingerprint: `bulk:${start + i}`,
    })),
  });
}

/** `count` computed inventory items in one statement. */
export async function makeManyInventoryItems(prisma: PrismaClient, accountId: string, count: number) {
  const start = sequence;
  sequence += count;
  return prisma.inventoryItem.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      accountId,
      sku: `BULK-${start + i}`,
      productName: 'Bulk',
      status: 'ok' as const,
      trend: 'stable' as const,
      daysOfStock: 60,
      computedAt: new Date(),
    })),
  });
}

/** `count` pending suggestions for one item in one statement. */
export async function makeManyReorderSuggestions(prisma: PrismaClient, accountId: string, inventoryItemId: number, count: number) {
  return prisma.reorderSuggestion.createMany({
    data: Array.from({ length: count }, () => ({ accountId, inventoryItemId, qtySuggested: 1, reason: 'bulk', confidence: 0.5, forecastDays: 30 })),
  });
}

/** An alert rule (active, not firing unless given). */
export async function makeAlertRule(
  prisma: PrismaClient,
  accountId: string,
  values: {
    metric: string;
    comparator: 'gt' | 'gte' | 'lt' | 'lte';
    threshold: number | string;
    windowHours?: number;
    severity?: 'low' | 'medium' | 'high' | 'critical';
    name?: string;
    active?: boolean;
  },
) {
  const n = ++sequence;
  return prisma.alertRule.create({
    data: {
      accountId,
      name: values.name ?? `Rule ${n}`,
      metric: values.metric,
      comparator: values.comparator,
      threshold: values.threshold,
      windowHours: values.windowHours ?? 24,
      severity: values.severity ?? 'high',
      active: values.active ?? true,
    },
  });
}
