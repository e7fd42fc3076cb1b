// The usage module's public surface.
export * from './service.ts';
export type { UsageBucket, UsageRecord } from './repo.ts';
