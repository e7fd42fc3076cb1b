// The profit module's declared types: what its service returns to the doors.
import type { ProfitTotals } from './rules.ts';
import type { DecimalLike } from '../shared/types.ts';

export type { DecimalLike };

/** One local day's snapshot, written by the profit-snapshot job. */
export interface ProfitSnapshot {
  snapshotDate: Date;
  grossRevenue: DecimalLike;
  refunds: DecimalLike;
  adSpend: DecimalLike;
  cogsEstimate: DecimalLike;
  feesEstimate: DecimalLike;
  shippingEstimate: DecimalLike;
  extraExpenses: DecimalLike;
  netRevenue: DecimalLike;
  operationalProfit: DecimalLike;
  finalProfit: DecimalLike;
  marginPct: DecimalLike;
  purchaseCount: number;
  /** False when the row was computed while its local day was still open (a partial day). */
  complete: boolean;
}

/** A window of snapshots, oldest first, with its totals. */
export interface Profit {
  items: ProfitSnapshot[];
  totals: ProfitTotals;
  windowDays: number;
}
