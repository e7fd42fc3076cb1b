// Insights, anomalies, profit snapshots, inventory items and reorder suggestions, field by field
// in the contract's order. Decimal columns become JSON numbers; money is rounded to 2 decimals.
import type { DecimalLike, ProfitSnapshot, ProfitTotals } from '../../src/domain/profit/index.ts';
import { INSIGHT_CATEGORIES, INSIGHT_STATUSES, SEVERITIES } from '../../src/domain/insights/index.ts';
import { ANOMALY_METRICS, type CorrelatedMetric } from '../../src/domain/anomalies/index.ts';
import { INVENTORY_STATUSES, INVENTORY_TRENDS, type InventoryItem } from '../../src/domain/inventory/index.ts';
import { REORDER_STATUSES, type ReorderSuggestion } from '../../src/domain/reorder/index.ts';
import { exact } from '../openapi/schemas.ts';
import { date, money, nullableTimestamp, timestamp } from './common.ts';

const num = (value: DecimalLike): number => Number(value.toString());
const nullableNum = (value: DecimalLike | null): number | null => (value === null ? null : num(value));
const nullableDate = (value: Date | null): string | null => (value ? date(value) : null);

export function serializeInsight(i: {
  id: number;
  severity: string;
  category: string;
  title: string;
  body: string;
  suggestedAction: string;
  impactEstimate: string;
  status: string;
  computedAt: Date;
  resolvedAt: Date | null;
}) {
  return {
    id: i.id,
    severity: i.severity,
    category: i.category,
    title: i.title,
    body: i.body,
    suggested_action: i.suggestedAction,
    impact_estimate: i.impactEstimate,
    status: i.status,
    computed_at: timestamp(i.computedAt),
    resolved_at: nullableTimestamp(i.resolvedAt),
  };
}

export function serializeAnomaly(a: {
  id: number;
  metric: string;
  observedValue: DecimalLike;
  expectedValue: DecimalLike;
  zScore: DecimalLike;
  direction: string;
  severity: string;
  detectedAt: Date;
  metricDate: Date;
  inferredCause: string;
  confidence: DecimalLike;
  correlatedMetrics: CorrelatedMetric[];
}) {
  return {
    id: a.id,
    metric: a.metric,
    observed_value: num(a.observedValue),
    expected_value: num(a.expectedValue),
    z_score: num(a.zScore),
    direction: a.direction,
    severity: a.severity,
    detected_at: timestamp(a.detectedAt),
    observed_on: date(a.metricDate),
    inferred_cause: a.inferredCause,
    confidence: num(a.confidence),
    correlated_metrics: a.correlatedMetrics.map(({ metric, modz, direction }) => ({ metric, modz, direction })),
  };
}

export const PROFIT_COLUMNS = [
  'snapshot_date',
  'gross_revenue',
  'refunds',
  'ad_spend',
  'cogs_estimate',
  'fees_estimate',
  'shipping_estimate',
  'extra_expenses',
  'net_revenue',
  'operational_profit',
  'final_profit',
  'margin_pct',
  'purchase_count',
] as const;

/** The v1 shape keeps its fields; `complete` (the partial-day flag) is a GraphQL field only. */
export function serializeProfitSnapshot(s: Omit<ProfitSnapshot, 'complete'>) {
  return {
    snapshot_date: date(s.snapshotDate),
    gross_revenue: money(s.grossRevenue),
    refunds: money(s.refunds),
    ad_spend: money(s.adSpend),
    cogs_estimate: money(s.cogsEstimate),
    fees_estimate: money(s.feesEstimate),
    shipping_estimate: money(s.shippingEstimate),
    extra_expenses: money(s.extraExpenses),
    net_revenue: money(s.netRevenue),
    operational_profit: money(s.operationalProfit),
    final_profit: money(s.finalProfit),
    margin_pct: money(s.marginPct),
    purchase_count: s.purchaseCount,
  };
}

export function serializeProfitTotals(t: ProfitTotals) {
  return {
    days_returned: t.daysReturned,
    gross_revenue: money(t.grossRevenue),
    ad_spend: money(t.adSpend),
    final_profit: money(t.finalProfit),
    purchase_count: t.purchaseCount,
    avg_margin_pct: money(t.avgMarginPct),
  };
}

export function serializeInventoryItem(i: InventoryItem) {
  return {
    sku: i.sku,
    product_name: i.productName,
    current_stock: i.currentStock,
    units_sold_30d: i.unitsSold30d,
    units_sold_7d: i.unitsSold7d,
    avg_daily_units_30d: num(i.avgDailyUnits30d),
    avg_daily_units_7d: num(i.avgDailyUnits7d),
    days_of_stock: nullableNum(i.daysOfStock),
    trend: i.trend,
    status: i.status,
    estimated_stockout_at: nullableDate(i.estimatedStockoutAt),
    computed_at: nullableTimestamp(i.computedAt),
  };
}

export function serializeReorderSuggestion(r: ReorderSuggestion) {
  return {
    id: r.id,
    inventory_item_id: r.inventoryItemId,
    qty_suggested: r.qtySuggested,
    reason: r.reason,
    confidence: num(r.confidence),
    forecast_days: r.forecastDays,
    computed_at: timestamp(r.computedAt),
    status: r.status,
  };
}

// JSON Schemas of the bodies above, for the OpenAPI document (see rest-compat/openapi/schemas.ts).
const ts = { type: 'string', format: 'date-time' } as const;
const day = { type: 'string', format: 'date' } as const;
const int = { type: 'integer' } as const;
const number = { type: 'number' } as const;
const str = { type: 'string' } as const;
const version = { type: 'string', const: 'v1' } as const;
const oneOf = (values: readonly string[]) => ({ type: 'string', enum: values }) as const;
const severity = oneOf(SEVERITIES);

export const InsightSchema = exact({
  id: int,
  severity,
  category: oneOf(INSIGHT_CATEGORIES),
  title: str,
  body: str,
  suggested_action: str,
  impact_estimate: str,
  status: oneOf(INSIGHT_STATUSES),
  computed_at: ts,
  resolved_at: { type: ['string', 'null'], format: 'date-time' },
});
export const InsightsSchema = exact({ data: { type: 'array', items: InsightSchema }, api_version: version });

const direction = oneOf(['up', 'down']);
export const AnomalySchema = exact({
  id: int,
  metric: oneOf(ANOMALY_METRICS),
  observed_value: number,
  expected_value: number,
  z_score: number,
  direction,
  severity,
  detected_at: ts,
  observed_on: { ...day, description: 'The local day (account time zone) the anomaly is about: a closed day, before detected_at.' },
  inferred_cause: str,
  confidence: number,
  correlated_metrics: { type: 'array', items: exact({ metric: str, modz: number, direction }) },
});
export const AnomaliesSchema = exact({ data: { type: 'array', items: AnomalySchema }, window_days: int, api_version: version });

export const ProfitSnapshotSchema = exact(
  Object.fromEntries(PROFIT_COLUMNS.map((c) => [c, c === 'snapshot_date' ? day : c === 'purchase_count' ? int : number])),
);
export const ProfitSchema = exact({
  data: { type: 'array', items: ProfitSnapshotSchema },
  totals: exact({ days_returned: int, gross_revenue: number, ad_spend: number, final_profit: number, purchase_count: int, avg_margin_pct: number }),
  window_days: int,
  api_version: version,
});

export const InventoryItemSchema = exact({
  sku: str,
  product_name: str,
  current_stock: int,
  units_sold_30d: int,
  units_sold_7d: int,
  avg_daily_units_30d: number,
  avg_daily_units_7d: number,
  days_of_stock: { type: ['number', 'null'], description: 'null when nothing sold in 30 days.' },
  trend: { type: ['string', 'null'], enum: [...INVENTORY_TRENDS, null] },
  status: oneOf(INVENTORY_STATUSES),
  estimated_stockout_at: { type: ['string', 'null'], format: 'date' },
  computed_at: ts,
});
export const InventorySchema = exact({
  items: { type: 'array', items: InventoryItemSchema },
  summary: exact({ total: int, critical: int, low: int, ok: int, overstocked: int }),
  generated_at: ts,
  api_version: version,
});

export const ReorderSuggestionSchema = exact({
  id: int,
  inventory_item_id: int,
  qty_suggested: int,
  reason: str,
  confidence: number,
  forecast_days: int,
  computed_at: ts,
  status: oneOf(REORDER_STATUSES),
});
export const ReorderSchema = exact({ items: { type: 'array', items: ReorderSuggestionSchema }, generated_at: ts, api_version: version });
