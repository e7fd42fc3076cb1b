// The insights module's public surface: findings, their status moves, and the v1 sets.
export * from './service.ts';
export type { InsightRow as Insight, InsightFilter } from './repo.ts';
