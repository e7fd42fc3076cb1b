// Inventory velocity: the rules of the inventory_velocity job (docs/analytics.md, decisions.md
// "Statuses and sets").
//
// The job applies them in SQL, to every item of an account in one UPDATE (repo.ts), with the
// constants below as parameters. This module writes the same rules in TypeScript so that they can
// be read and tested on their own; the tests hold the SQL to it. The comparisons are made on
// integers (units × days) in both places, so the two never disagree at a boundary.
import type { InventoryStatus, InventoryTrend } from '../../db/__generated__/prisma/enums.ts';
import { addDays } from './profit.ts';

export const VELOCITY = {
  /** The short and the long sales windows, in days before `now`. */
  shortWindowDays: 7,
  longWindowDays: 30,
  /** accelerating when the short-window daily average is above 120 % of the long one. */
  acceleratingPct: 120,
  /** decelerating when it is below 80 % of the long one. */
  deceleratingPct: 80,
  /** low when the stock lasts less than the lead time plus this many days. */
  lowBufferDays: 14,
  /** overstocked when the stock lasts more than this many days. */
  overstockedDays: 120,
} as const;

/** days_of_stock is a numeric(12,2) column; an absurdly slow seller is clamped to this bound. */
export const DAYS_OF_STOCK_LIMIT = 9_999_999_999.99;
/** The stock-out date is at most this many days away (a date column cannot hold any number). */
export const STOCKOUT_DAYS_LIMIT = 1_000_000;

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
