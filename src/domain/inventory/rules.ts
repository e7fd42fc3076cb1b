// Inventory velocity: the thresholds of the inventory_velocity job (docs/analytics.md, decisions.md
// "Statuses and sets").
//
// The job applies them in SQL, to every item of an account in one UPDATE (repo.ts), with the
// constants below as parameters; the comparisons are made on integers (units × days). The tests
// hold the SQL to a TypeScript oracle of the same rules (test/factories/oracles.ts).
import type { InventoryStatus, InventoryTrend } from '../shared/enums.ts';

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

/** The v1 sets (decisions.md); `satisfies` keeps them inside the data model's enums. */
export const INVENTORY_STATUSES = ['critical', 'low', 'ok', 'overstocked'] as const satisfies readonly InventoryStatus[];
export const INVENTORY_TRENDS = ['accelerating', 'stable', 'decelerating', 'no_sales'] as const satisfies readonly InventoryTrend[];
export const INVENTORY_PAGE = { default: 100, max: 500 };
