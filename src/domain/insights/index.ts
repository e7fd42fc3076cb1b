// The insights module's public surface: findings, their status moves, and the v1 sets.
export { INSIGHT_CATEGORIES, INSIGHT_STATUSES, type InsightQuery, insightsService, type InsightsService, SEVERITIES } from './service.ts';
export type { InsightRow as Insight, InsightFilter } from './repo.ts';
