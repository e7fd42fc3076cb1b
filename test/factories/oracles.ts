// Oracles: the analytics jobs' rules written once more in TypeScript, in integers, so that the
// tests can hold the jobs' SQL (src/domain/profit|inventory/repo.ts) and the detector's passes to
// them. Production does not use them; the constants come from the modules' rules.
import type { InventoryStatus, InventoryTrend } from '../../src/db/__generated__/prisma/enums.ts';
import { MARGIN_PCT_LIMIT } from '../../src/domain/profit/index.ts';
import { DAYS_OF_STOCK_LIMIT, STOCKOUT_DAYS_LIMIT, VELOCITY } from '../../src/domain/inventory/index.ts';
import { findingOf, scoreSeries, type AnomalyMetric, type DailySeries, type Finding } from '../../src/domain/anomalies/index.ts';
import { addDays } from '../../src/domain/shared/index.ts';

/** A local day's sums, in currency units, as the SQL aggregates them. */
export interface ProfitDayInputs {
  /** sum(total_amount) of the day's non-cancelled orders. */
  grossRevenue: number;
  /** sum(refunded_amount) of the same orders. */
  refunds: number;
  /** sum(ad_spend.spend) dated that day. */
  adSpend: number;
  /** sum(quantity × unit_cost) of the same orders' items. */
  cogsEstimate: number;
  /** sum(fees_amount) of the same orders. */
  feesEstimate: number;
  /** sum(shipping_cost) of the same orders. */
  shippingEstimate: number;
  /** sum(expenses.amount) dated that day. */
  extraExpenses: number;
  /** Number of the day's non-cancelled orders. */
  purchaseCount: number;
}

export interface ProfitDay extends ProfitDayInputs {
  netRevenue: number;
  operationalProfit: number;
  finalProfit: number;
  /** final_profit / net_revenue × 100, rounded half away from zero to 2 decimals; 0 without net revenue. */
  marginPct: number;
}

const toCents = (amount: number): number => Math.round(amount * 100);

/** `numerator / denominator` rounded half away from zero, for integers (exact). */
function roundedQuotient(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

export function profitDay(inputs: ProfitDayInputs): ProfitDay {
  const net = toCents(inputs.grossRevenue) - toCents(inputs.refunds);
  const operational = net - toCents(inputs.cogsEstimate) - toCents(inputs.feesEstimate) - toCents(inputs.shippingEstimate);
  const final = operational - toCents(inputs.adSpend) - toCents(inputs.extraExpenses);
  // Margin in hundredths of a percent: final / net × 100 × 100.
  const margin = net === 0 ? 0 : roundedQuotient(final * 10_000, net) / 100;
  return {
    ...inputs,
    netRevenue: net / 100,
    operationalProfit: operational / 100,
    finalProfit: final / 100,
    marginPct: Math.min(MARGIN_PCT_LIMIT, Math.max(-MARGIN_PCT_LIMIT, margin)),
  };
}

export interface VelocityInputs {
  currentStock: number;
  leadTimeDays: number;
  /** Units sold (non-cancelled orders) in the short and the long window. */
  unitsSold7d: number;
  unitsSold30d: number;
  /** The account's local date of `now` (YYYY-MM-DD). */
  today: string;
}

export interface Velocity {
  unitsSold7d: number;
  unitsSold30d: number;
  avgDailyUnits7d: number;
  avgDailyUnits30d: number;
  daysOfStock: number | null;
  estimatedStockoutAt: string | null;
  trend: InventoryTrend;
  status: InventoryStatus;
}

const round = (value: number, decimals: number): number => Number(value.toFixed(decimals));

export function inventoryTrend(unitsSold7d: number, unitsSold30d: number): InventoryTrend {
  const { shortWindowDays: s, longWindowDays: l, acceleratingPct, deceleratingPct } = VELOCITY;
  if (unitsSold7d === 0 && unitsSold30d === 0) return 'no_sales';
  // avg7 > avg30 × 1.2  ⇔  100 × u7 × 30 > 120 × u30 × 7
  if (100 * unitsSold7d * l > acceleratingPct * unitsSold30d * s) return 'accelerating';
  if (100 * unitsSold7d * l < deceleratingPct * unitsSold30d * s) return 'decelerating';
  return 'stable';
}

/**
 * critical: the stock lasts less than the lead time; low: less than the lead time plus 14 days;
 * overstocked: more than 120 days; else ok. Days of stock = stock / (u30 / 30), compared as
 * stock × 30 against days × u30. Without sales the stock lasts indefinitely: ok, unless there is
 * none (critical: out of stock). Negative stock counts as none.
 */
export function inventoryStatus(currentStock: number, leadTimeDays: number, unitsSold30d: number): InventoryStatus {
  const stock = Math.max(currentStock, 0);
  const { longWindowDays: l, lowBufferDays, overstockedDays } = VELOCITY;
  if (unitsSold30d === 0) return stock === 0 ? 'critical' : 'ok';
  if (stock * l < leadTimeDays * unitsSold30d) return 'critical';
  if (stock * l < (leadTimeDays + lowBufferDays) * unitsSold30d) return 'low';
  if (stock * l > overstockedDays * unitsSold30d) return 'overstocked';
  return 'ok';
}

export function inventoryVelocity(inputs: VelocityInputs): Velocity {
  const { shortWindowDays: s, longWindowDays: l } = VELOCITY;
  const stock = Math.max(inputs.currentStock, 0);
  const sold = inputs.unitsSold30d > 0;
  const days = sold ? (stock * l) / inputs.unitsSold30d : null;
  return {
    unitsSold7d: inputs.unitsSold7d,
    unitsSold30d: inputs.unitsSold30d,
    avgDailyUnits7d: round(inputs.unitsSold7d / s, 4),
    avgDailyUnits30d: round(inputs.unitsSold30d / l, 4),
    daysOfStock: days === null ? null : Math.min(round(days, 2), DAYS_OF_STOCK_LIMIT),
    estimatedStockoutAt: sold ? addDays(inputs.today, Math.min(Math.floor((stock * l) / inputs.unitsSold30d), STOCKOUT_DAYS_LIMIT)) : null,
    trend: inventoryTrend(inputs.unitsSold7d, inputs.unitsSold30d),
    status: inventoryStatus(inputs.currentStock, inputs.leadTimeDays, inputs.unitsSold30d),
  };
}

/** Univariate anomalies of one metric on the days at index `from` and after. */
export function detectSeries(metric: AnomalyMetric, series: DailySeries, from: number): Finding[] {
  return scoreSeries(series, from).flatMap(({ day, score }) => findingOf(metric, day, score) ?? []);
}
