// Period reports (profit by interval, sales breakdowns, ad performance, top customers): the
// module's only public surface. Doors import from here, never from service.ts, repo.ts or rules.ts.
import type { ReportsService } from './service.ts';

export { reportsService, MAX_BUCKETS, BREAKDOWN_ROWS, TOP_CUSTOMERS, type ReportsService } from './service.ts';
export type { BreakdownDimension, CustomerRankKey } from './repo.ts';
export { bucketCount, checkRange, centsToAmount, MAX_RANGE_DAYS, type DateRange, type Interval, type ComparePeriod, type PeriodTotals } from './rules.ts';

type Result<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
/** What profitReport returns (money in cents, in `currency`). */
export type ProfitReport = Result<ReportsService['profitReport']>;
export type ProfitBucket = ProfitReport['buckets'][number];
export type ProfitChange = NonNullable<ProfitReport['change']>;
export type SalesBreakdown = Result<ReportsService['salesBreakdown']>;
export type SalesBreakdownRow = SalesBreakdown['rows'][number];
export type AdPerformance = Result<ReportsService['adPerformance']>;
export type AdCampaignFigures = AdPerformance['campaigns'][number];
export type AdPlatformFigures = AdPerformance['platforms'][number];
export type AdFigures = AdPerformance['totals'];
export type CustomerRanking = Result<ReportsService['topCustomers']>[number];
