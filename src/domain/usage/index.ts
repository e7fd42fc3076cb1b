// The usage module's public surface.
export { type UsagePeriod, type UsageReport, usageService, type UsageService, type UsageTotals } from './service.ts';
export type { UsageBucket, UsageRecord } from './repo.ts';
