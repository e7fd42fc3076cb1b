// The domain's closed value sets, declared here so services and doors never import Prisma's generated
// enums (only repo.ts files and src/db talk to Prisma). Each union is checked against the database enum of
// the same name at compile time (test/unit/enums.test.ts), so a migration that changes one fails the typecheck.

export type Plan = 'free' | 'starter' | 'growth' | 'scale';
export type KeyEnvironment = 'live' | 'test';
export type Scope = 'read' | 'write';
export type CommerceSource = 'shopify' | 'woo_commerce' | 'mercado_libre';
export type CustomerSegment = 'vip' | 'loyal' | 'regular' | 'new' | 'at_risk' | 'churned';
export type IntegrationStatus = 'connected' | 'stale' | 'revoked' | 'never_synced';
export type OrderStatus = 'paid' | 'refunded' | 'partially_refunded' | 'cancelled';
export type AdPlatform = 'meta_ads' | 'google_ads';
export type TransactionKind = 'consume' | 'refund' | 'purchase' | 'auto_topup' | 'grant';
export type AiState = 'enabled' | 'paused';
export type ActorKind = 'system' | 'admin';
export type Severity = 'low' | 'medium' | 'high' | 'critical';
export type InsightCategory = 'ads' | 'churn_risk' | 'inventory' | 'profit' | 'revenue' | 'customers' | 'anomaly' | 'integration';
export type InsightStatus = 'open' | 'resolved' | 'dismissed';
export type AnomalyMetric = 'revenue' | 'orders' | 'aov' | 'ad_spend' | 'roas' | 'cpa' | 'refunds' | 'new_customers' | 'conversion_rate' | 'margin_pct';
export type AnomalyKind = 'univariate' | 'correlated';
export type Direction = 'up' | 'down';
export type InventoryTrend = 'accelerating' | 'stable' | 'decelerating' | 'no_sales';
export type InventoryStatus = 'critical' | 'low' | 'ok' | 'overstocked';
export type ReorderStatus = 'pending' | 'ordered' | 'dismissed';
export type Comparator = 'gt' | 'gte' | 'lt' | 'lte';
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';
export type ChangelogTag = 'Launch' | 'Feature' | 'Improvement' | 'Fix';
export type IncidentSeverity = 'minor' | 'major' | 'critical';
export type IncidentStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved';
export type MonitoredService = 'api' | 'database' | 'jobs' | 'webhooks';
export type JobRunStatus = 'running' | 'succeeded' | 'failed';
