// The profit module's public surface: daily snapshots (written by the profit-snapshot job) and
// their totals over a window.
export { profitService, type ProfitService } from './service.ts';
export type { Profit, ProfitSnapshot, DecimalLike } from './types.ts';
export { MARGIN_PCT_LIMIT, RECENT_DAYS, PROFIT_WINDOW, profitTotals, recomputeFrom, type ProfitTotals, type ProfitCoverage } from './rules.ts';
export { expenseCosts } from './repo.ts';
