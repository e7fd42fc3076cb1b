/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** State of the account's AI access. */
export type AiState =
  /** AI features may spend credits. */
  | 'enabled'
  /** AI features are stopped; nothing is debited. */
  | 'paused';

/** A metric watched for anomalies. */
export type AnomalyMetric =
  /** Ad spend. */
  | 'ad_spend'
  /** Average order value. */
  | 'aov'
  /** Conversion rate. */
  | 'conversion_rate'
  /** Cost per acquisition. */
  | 'cpa'
  /** Margin percentage. */
  | 'margin_pct'
  /** New customers. */
  | 'new_customers'
  /** Order count. */
  | 'orders'
  /** Refunds. */
  | 'refunds'
  /** Revenue. */
  | 'revenue'
  /** Return on ad spend. */
  | 'roas';

/** The platform a customer or an order comes from (the REST API spells these with hyphens: woo-commerce, mercado-libre). */
export type CommerceSource =
  /** Mercado Libre marketplace. */
  | 'mercado_libre'
  /** Shopify storefront. */
  | 'shopify'
  /** WooCommerce storefront. */
  | 'woo_commerce';

/** The period a report compares with. */
export type ComparePeriod =
  /** As many days, ending the day before the range starts. */
  | 'PREVIOUS_PERIOD'
  /** The same calendar dates one year earlier (29 February becomes 28 February). */
  | 'PREVIOUS_YEAR';

/** Input of createApiKey. */
export type CreateApiKeyInput = {
  /** live or test (default test). */
  environment?: KeyEnvironment | null | undefined;
  /** When the key stops working (must be in the future); never when absent. */
  expiresAt?: string | null | undefined;
  /** A label for the key. */
  name?: string | null | undefined;
  /** The scopes of the new key (at least one). */
  scopes: Array<Scope>;
};

/** Input of createDashboardUser. */
export type CreateDashboardUserInput = {
  /** The new user's e-mail (unique across the service). */
  email: string;
  /** owner or member (default member). */
  role?: DashboardRole | null | undefined;
};

/** Input of createWebhook. */
export type CreateWebhookInput = {
  /** Event names from the catalog, or * (default ["*"]). */
  events?: Array<string> | null | undefined;
  /** An HTTPS URL on a public address. */
  url: string;
};

/** A customer's segment, computed from its orders. */
export type CustomerSegment =
  /** Likely to churn (churn score of 0.6 or more). */
  | 'at_risk'
  /** No purchase in 180 days. */
  | 'churned'
  /** Frequent purchases. */
  | 'loyal'
  /** First purchase in the last 30 days. */
  | 'new'
  /** Neither new nor frequent. */
  | 'regular'
  /** High revenue and frequent purchases. */
  | 'vip';

/** What a dashboard user may do: owners everything, members read and work on insights, reorder suggestions and webhook deliveries. */
export type DashboardRole =
  /** Reads everything; resolves, dismisses and generates insights; marks or dismisses reorder suggestions; tests and resends webhooks. */
  | 'member'
  /** Every action, user management included. */
  | 'owner';

/** A range of the account's local days, both ends included. */
export type DateRangeInput = {
  /** The first day (1970-01-01 or later). */
  from: string;
  /** The last day (on or after from, at most 3,660 days later, 2999-12-31 at the latest). */
  to: string;
};

/** Direction of a change. */
export type Direction =
  /** The value fell. */
  | 'down'
  /** The value rose. */
  | 'up';

/** Input of disconnectIntegration. */
export type DisconnectIntegrationInput = {
  /** The integration. */
  id: string | number;
};

/** Input of importData. */
export type ImportDataInput = {
  /** The file's text. */
  content: string;
  /** A name to show for the import. */
  fileName?: string | null | undefined;
  /** csv or ndjson. */
  format: ImportFormat;
  /** What the file holds. */
  kind: ImportKind;
  /** The storefront the records are from: shopify (default), woo-commerce or mercado-libre. */
  source?: string | null | undefined;
};

/** The file format. */
export type ImportFormat =
  /** Comma-separated values with a header row. */
  | 'csv'
  /** One JSON object per line. */
  | 'ndjson';

/** What an import file holds. */
export type ImportKind =
  /** Ad spend by day, platform and campaign. */
  | 'ad_spend'
  /** Customers. */
  | 'customers'
  /** Expenses, one-off (on their day) or monthly (spread over the days of each month). */
  | 'expenses'
  /** Orders, one row per line item (Shopify's orders export, or the generic columns). */
  | 'orders'
  /** Products (variants by SKU) with cost, price and stock. */
  | 'products';

/** Where an import is. */
export type ImportStatus =
  /** Could not be read as its kind (see error); rows read before that are kept. */
  | 'failed'
  /** Waiting for a worker. */
  | 'queued'
  /** The file is being received. */
  | 'receiving'
  /** A worker is reading it. */
  | 'running'
  /** Read to the end (rows may have been rejected: see rowsRejected). */
  | 'succeeded';

/** What an insight is about. */
export type InsightCategory =
  /** Advertising. */
  | 'ads'
  /** An anomaly. */
  | 'anomaly'
  /** Customers likely to churn. */
  | 'churn_risk'
  /** Customers. */
  | 'customers'
  /** An integration. */
  | 'integration'
  /** Stock. */
  | 'inventory'
  /** Profit. */
  | 'profit'
  /** Revenue. */
  | 'revenue';

/** State of an insight: open to resolved or dismissed; resolved or dismissed back to open. */
export type InsightStatus =
  /** Set aside. */
  | 'dismissed'
  /** Not handled yet. */
  | 'open'
  /** Handled. */
  | 'resolved';

/** Where an integration's error arose. */
export type IntegrationErrorSource =
  /** A sync stream: the backfill, the reconciliation or the webhook registration. */
  | 'SYNC'
  /** The processing of a webhook delivery (the connector's inbox). */
  | 'WEBHOOK';

/** State of an integration, evaluated when read. */
export type IntegrationStatus =
  /** Connected and synced in the last 24 hours. */
  | 'connected'
  /** Connected, but no sync has completed yet. */
  | 'never_synced'
  /** Access revoked. */
  | 'revoked'
  /** Connected but not synced for more than 24 hours. */
  | 'stale';

/** Where an integration's sync stands. */
export type IntegrationSyncPhase =
  /** The backfill of the store's history is running. */
  | 'BACKFILL'
  /** A stream failed; lastError says why (the next run retries). */
  | 'FAILED'
  /** Nothing synced yet. */
  | 'IDLE'
  /** The backfill is complete; reconciliation keeps it current. */
  | 'SYNCED';

/** The length of a report bucket. */
export type Interval =
  /** One local day. */
  | 'DAY'
  /** A calendar month. */
  | 'MONTH'
  /** A calendar quarter (January, April, July, October). */
  | 'QUARTER'
  /** An ISO week, Monday to Sunday. */
  | 'WEEK'
  /** A calendar year. */
  | 'YEAR';

/** Stock status against the item's lead time. */
export type InventoryStatus =
  /** Stock lasts less than the lead time. */
  | 'critical'
  /** Stock lasts less than the lead time plus 14 days. */
  | 'low'
  /** Enough stock. */
  | 'ok'
  /** More than 120 days of stock. */
  | 'overstocked';

/** How an item's sales are moving. */
export type InventoryTrend =
  /** Selling faster lately. */
  | 'accelerating'
  /** Selling slower lately. */
  | 'decelerating'
  /** No sales. */
  | 'no_sales'
  /** Selling steadily. */
  | 'stable';

/** The environment of an API key, visible in its prefix. */
export type KeyEnvironment =
  /** svc_live_ keys. */
  | 'live'
  /** svc_test_ keys. */
  | 'test';

/** The state of an order. */
export type OrderStatus =
  /** Cancelled. */
  | 'cancelled'
  /** Paid. */
  | 'paid'
  /** Refunded in part. */
  | 'partially_refunded'
  /** Refunded in full. */
  | 'refunded';

/** Account plan. */
export type Plan =
  /** Free plan. */
  | 'free'
  /** Growth plan. */
  | 'growth'
  /** Scale plan. */
  | 'scale'
  /** Starter plan. */
  | 'starter';

/** Which day a refund is counted on in the profit snapshots and reports: an account setting. */
export type RefundAttribution =
  /** On its order's local day, as /api/v1 always answered (the default). */
  | 'ORDER_DAY'
  /** On the refund's own local day (refunds of counted orders). */
  | 'REFUND_DAY';

/** State of a reorder suggestion: pending to ordered or dismissed; dismissed back to pending; ordered is final. */
export type ReorderStatus =
  /** Set aside. */
  | 'dismissed'
  /** Ordered (final). */
  | 'ordered'
  /** Waiting for a decision. */
  | 'pending';

/** Input of resyncIntegration. */
export type ResyncIntegrationInput = {
  /** The integration. */
  id: string | number;
};

/** A permission of a credential. Scopes are independent: write does not imply read. */
export type Scope =
  /** Read data (every query field). */
  | 'read'
  /** Change data (every mutation). */
  | 'write';

/** Input of setRefundAttribution. */
export type SetRefundAttributionInput = {
  /** The new refund attribution. */
  attribution: RefundAttribution;
};

/** Severity of an insight or an anomaly. */
export type Severity =
  /** Needs attention now. */
  | 'critical'
  /** Needs attention soon. */
  | 'high'
  /** Informational. */
  | 'low'
  /** Worth a look. */
  | 'medium';

/** Input of startShopifyInstall. */
export type StartShopifyInstallInput = {
  /** The shop domain, your-store.myshopify.com. */
  shop: string;
};

/** Input of updateAutoTopup: the whole setting (every field is replaced). */
export type UpdateAutoTopupInput = {
  /** Whether auto top-up is on. */
  enabled: boolean;
  /** The balance below which a recharge is made (1 to 1,000,000). */
  threshold: number;
  /** Credits added per recharge (1 to 1,000,000). */
  topUpAmount: number;
};

/** Where a delivery stands. */
export type WebhookDeliveryStatus =
  /** Dropped because the subscription was deactivated or revoked. */
  | 'cancelled'
  /** A 2xx answer was received. */
  | 'delivered'
  /** Every attempt failed. */
  | 'failed'
  /** Waiting for its next attempt (or being sent). */
  | 'pending';

export type ImportJobViewFragment = { id: string, kind: ImportKind, format: ImportFormat, status: ImportStatus, dialect: string | null, fileName: string | null, rowsRead: number, rowsStored: number, rowsSkipped: number, rowsRejected: number, error: string | null, rejectedRows: Array<{ line: number, field: string | null, reason: string }> };

export type ImportDataMutationVariables = Exact<{
  input: ImportDataInput;
}>;


export type ImportDataMutation = { importData: { importJob: { id: string, kind: ImportKind, format: ImportFormat, status: ImportStatus, dialect: string | null, fileName: string | null, rowsRead: number, rowsStored: number, rowsSkipped: number, rowsRejected: number, error: string | null, rejectedRows: Array<{ line: number, field: string | null, reason: string }> } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type ImportJobQueryVariables = Exact<{
  id: string | number;
}>;


export type ImportJobQuery = { importJob: { id: string, kind: ImportKind, format: ImportFormat, status: ImportStatus, dialect: string | null, fileName: string | null, rowsRead: number, rowsStored: number, rowsSkipped: number, rowsRejected: number, error: string | null, rejectedRows: Array<{ line: number, field: string | null, reason: string }> } | null };

export type InsightsQueryVariables = Exact<{
  status?: InsightStatus | null | undefined;
}>;


export type InsightsQuery = { insights: { totalCount: number, nodes: Array<{ id: string, severity: Severity, category: InsightCategory, title: string, body: string, suggestedAction: string, impactEstimate: string, status: InsightStatus, computedAt: string, resolvedAt: string | null }> } | null, aiAccess: { state: AiState, reason: string | null } | null, viewer: { credits: { balance: number } } | null };

export type SetInsightStatusMutationVariables = Exact<{
  id: string | number;
  status: InsightStatus;
}>;


export type SetInsightStatusMutation = { setInsightStatus: { insight: { id: string, status: InsightStatus } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type GenerateInsightsMutationVariables = Exact<{ [key: string]: never; }>;


export type GenerateInsightsMutation = { generateInsights: { skippedOpen: number | null, refunded: boolean | null, balance: number | null, insights: Array<{ id: string }> | null, failed: Array<{ error: string }> | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } };

export type IntegrationViewFragment = { id: string, provider: string, shop: string, status: IntegrationStatus, connectedAt: string, revokedAt: string | null, lastSyncAt: string | null, syncStatus: { phase: IntegrationSyncPhase, lastError: string | null, progress: { records: number, percent: number | null, etaSeconds: number | null }, recentErrors: Array<{ at: string, source: IntegrationErrorSource, topic: string | null, message: string, attempts: number | null, willRetry: boolean, nextAttemptAt: string | null }> } | null };

export type IntegrationsQueryVariables = Exact<{ [key: string]: never; }>;


export type IntegrationsQuery = { integrations: { nodes: Array<{ id: string, provider: string, shop: string, status: IntegrationStatus, connectedAt: string, revokedAt: string | null, lastSyncAt: string | null, syncStatus: { phase: IntegrationSyncPhase, lastError: string | null, progress: { records: number, percent: number | null, etaSeconds: number | null }, recentErrors: Array<{ at: string, source: IntegrationErrorSource, topic: string | null, message: string, attempts: number | null, willRetry: boolean, nextAttemptAt: string | null }> } | null }> } | null };

export type StartShopifyInstallMutationVariables = Exact<{
  input: StartShopifyInstallInput;
}>;


export type StartShopifyInstallMutation = { startShopifyInstall: { shop: string | null, installUrl: string | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type DisconnectIntegrationMutationVariables = Exact<{
  input: DisconnectIntegrationInput;
}>;


export type DisconnectIntegrationMutation = { disconnectIntegration: { integration: { id: string, provider: string, shop: string, status: IntegrationStatus, connectedAt: string, revokedAt: string | null, lastSyncAt: string | null, syncStatus: { phase: IntegrationSyncPhase, lastError: string | null, progress: { records: number, percent: number | null, etaSeconds: number | null }, recentErrors: Array<{ at: string, source: IntegrationErrorSource, topic: string | null, message: string, attempts: number | null, willRetry: boolean, nextAttemptAt: string | null }> } | null } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type ResyncIntegrationMutationVariables = Exact<{
  input: ResyncIntegrationInput;
}>;


export type ResyncIntegrationMutation = { resyncIntegration: { integration: { id: string, provider: string, shop: string, status: IntegrationStatus, connectedAt: string, revokedAt: string | null, lastSyncAt: string | null, syncStatus: { phase: IntegrationSyncPhase, lastError: string | null, progress: { records: number, percent: number | null, etaSeconds: number | null }, recentErrors: Array<{ at: string, source: IntegrationErrorSource, topic: string | null, message: string, attempts: number | null, willRetry: boolean, nextAttemptAt: string | null }> } | null } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type ApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiKeysQuery = { viewer: { apiKeys: Array<{ id: string, name: string, prefix: string, environment: KeyEnvironment, scopes: Array<Scope>, createdAt: string, lastUsedAt: string | null, revokedAt: string | null, expiresAt: string | null }> | null } | null };

export type CreateApiKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type CreateApiKeyMutation = { createApiKey: { key: string | null, apiKey: { id: string, prefix: string } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type RevokeApiKeyMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeApiKeyMutation = { revokeApiKey: { alreadyRevoked: boolean | null, apiKey: { id: string, revokedAt: string | null } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type ProblemFragment = { field: Array<string> | null, code: string, message: string };

export type CustomersQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  segment?: CustomerSegment | null | undefined;
  source?: CommerceSource | null | undefined;
}>;


export type CustomersQuery = { customers: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, nodes: Array<{ id: string, name: string, email: string, source: CommerceSource, country: string, segment: CustomerSegment, ordersCount: number, lastPurchaseAt: string | null, revenueTotalMoney: { amount: string } }> } | null };

export type OrdersQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: OrderStatus | null | undefined;
}>;


export type OrdersQuery = { orders: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, nodes: Array<{ id: string, externalId: string, source: CommerceSource, status: OrderStatus, placedAt: string, totalAmountMoney: { amount: string }, refundedAmountMoney: { amount: string }, customer: { id: string, name: string } | null }> } | null };

export type InventoryQueryVariables = Exact<{ [key: string]: never; }>;


export type InventoryQuery = { inventory: { summary: { total: number, critical: number, low: number, ok: number, overstocked: number }, nodes: Array<{ id: string, sku: string, productName: string, currentStock: number, unitsSold30d: number, daysOfStock: string | null, estimatedStockoutAt: string | null, status: InventoryStatus | null, trend: InventoryTrend | null }> } | null, reorderSuggestions: { totalCount: number, nodes: Array<{ id: string, qtySuggested: number, reason: string, forecastDays: number, status: ReorderStatus, inventoryItem: { sku: string, productName: string } }> } | null };

export type SetReorderStatusMutationVariables = Exact<{
  id: string | number;
  status: ReorderStatus;
}>;


export type SetReorderStatusMutation = { setReorderStatus: { reorderSuggestion: { id: string, status: ReorderStatus } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type OverviewQueryVariables = Exact<{
  range: DateRangeInput;
  compareTo: ComparePeriod;
  chartRange: DateRangeInput;
  interval: Interval;
}>;


export type OverviewQuery = { kpis: { range: { from: string, to: string }, previousRange: { from: string, to: string } | null, totals: { purchaseCount: number, newCustomers: number, roas: number | null, marginPct: number, grossRevenue: { amount: string }, netRevenue: { amount: string }, adSpend: { amount: string }, finalProfit: { amount: string }, aov: { amount: string } | null }, change: { grossRevenue: number | null, netRevenue: number | null, adSpend: number | null, finalProfit: number | null, purchaseCount: number | null, newCustomers: number | null, aov: number | null, roas: number | null, marginPctPoints: number | null } | null } | null, chart: { buckets: Array<{ start: string, end: string, complete: boolean, totals: { marginPct: number, grossRevenue: { amount: string }, adSpend: { amount: string }, finalProfit: { amount: string } } }> } | null, topCustomers: Array<{ rank: number, orders: number, share: number, grossRevenue: { amount: string }, customer: { id: string, name: string, email: string, segment: CustomerSegment } }> | null, anomalies: { totalCount: number, nodes: Array<{ id: string, metric: AnomalyMetric, metricName: string, severity: Severity, direction: Direction, observedOn: string, observedValue: string, expectedValue: string, inferredCause: string }> } | null, insights: { totalCount: number, nodes: Array<{ id: string, severity: Severity, category: InsightCategory, title: string, computedAt: string }> } | null, stock: { summary: { critical: number, low: number }, nodes: Array<{ id: string, sku: string, productName: string, currentStock: number, daysOfStock: string | null, estimatedStockoutAt: string | null, status: InventoryStatus | null }> } | null, integrations: { totals: { total: number, connected: number, stale: number, revoked: number, neverSynced: number }, nodes: Array<{ id: string, provider: string, shop: string, status: IntegrationStatus, lastSyncMinutesAgo: number | null }> } | null, viewer: { credits: { balance: number, autoTopup: { enabled: boolean, threshold: number, topUpAmount: number } } } | null, aiAccess: { state: AiState, reason: string | null } | null, usage: { thisMonth: { totals: { requests: number, costUsd: number, credits: number } } } | null };

export type KpiTotalsFragment = { purchaseCount: number, newCustomers: number, roas: number | null, marginPct: number, grossRevenue: { amount: string }, netRevenue: { amount: string }, adSpend: { amount: string }, finalProfit: { amount: string }, aov: { amount: string } | null };

export type LiveFeedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type LiveFeedSubscription = { anomalyDetected: { eventId: string, occurredAt: string, metric: string, metricName: string, severity: Severity, direction: Direction } };

export type LiveInsightsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type LiveInsightsSubscription = { insightCreated: { eventId: string, insightId: string, occurredAt: string, severity: Severity, category: string, title: string } };

export type SettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type SettingsQuery = { aiAccess: { state: AiState, reason: string | null, changedBy: string | null, changedAt: string | null, autoPause: boolean } | null, viewer: { account: { refundAttribution: RefundAttribution }, credits: { balance: number, totalPurchased: number, totalSpent: number, autoTopup: { enabled: boolean, threshold: number, topUpAmount: number, lastChargedAt: string | null } } } | null };

export type PauseAiMutationVariables = Exact<{
  reason?: string | null | undefined;
}>;


export type PauseAiMutation = { pauseAiAccess: { aiAccess: { state: AiState } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type ResumeAiMutationVariables = Exact<{ [key: string]: never; }>;


export type ResumeAiMutation = { resumeAiAccess: { aiAccess: { state: AiState } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type DashboardUsersQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardUsersQuery = { dashboardUsers: Array<{ id: string, email: string, role: DashboardRole, mustChangePassword: boolean, createdAt: string, lastSignInAt: string | null }> };

export type CreateDashboardUserMutationVariables = Exact<{
  input: CreateDashboardUserInput;
}>;


export type CreateDashboardUserMutation = { createDashboardUser: { oneTimePassword: string | null, user: { id: string, email: string } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type RemoveDashboardUserMutationVariables = Exact<{
  id: string | number;
}>;


export type RemoveDashboardUserMutation = { removeDashboardUser: { removedUserId: string | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type UpdateAutoTopupMutationVariables = Exact<{
  input: UpdateAutoTopupInput;
}>;


export type UpdateAutoTopupMutation = { updateAutoTopup: { autoTopup: { enabled: boolean, threshold: number, topUpAmount: number, lastChargedAt: string | null } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type SetRefundAttributionMutationVariables = Exact<{
  input: SetRefundAttributionInput;
}>;


export type SetRefundAttributionMutation = { setRefundAttribution: { changed: boolean | null, markedDays: number | null, account: { refundAttribution: RefundAttribution } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type ShellQueryVariables = Exact<{ [key: string]: never; }>;


export type ShellQuery = { viewer: { account: { id: string, name: string, plan: Plan, currency: string, timezone: string } } | null };

export type WebhooksQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhooksQuery = { webhookSubscriptions: { totalCount: number, nodes: Array<{ id: string, url: string, events: Array<string>, active: boolean, failCount: number, totalFired: number, totalFailed: number, lastStatus: number | null, lastFiredAt: string | null, createdAt: string, deliveries: { totalCount: number, nodes: Array<{ id: string, event: string, status: WebhookDeliveryStatus, attemptCount: number, createdAt: string, lastError: string | null, nextAttemptAt: string | null }> } }> } | null };

export type CreateWebhookMutationVariables = Exact<{
  input: CreateWebhookInput;
}>;


export type CreateWebhookMutation = { createWebhook: { secret: string | null, warning: string | null, webhook: { id: string } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type DeleteWebhookMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteWebhookMutation = { revokeWebhook: { revokedWebhookId: string | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type TestWebhookMutationVariables = Exact<{
  id: string | number;
}>;


export type TestWebhookMutation = { testWebhook: { deliveryId: string | null, success: boolean | null, statusCode: number | null, error: string | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type ResendDeliveryMutationVariables = Exact<{
  id: string | number;
}>;


export type ResendDeliveryMutation = { resendWebhookDelivery: { delivery: { id: string, status: WebhookDeliveryStatus } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: string | number;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { secret: string | null, previousSecretExpiresAt: string | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export type EnableWebhookMutationVariables = Exact<{
  id: string | number;
}>;


export type EnableWebhookMutation = { enableWebhook: { webhook: { id: string, active: boolean } | null, userErrors: Array<{ field: Array<string> | null, code: string, message: string }> } | null };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const ImportJobViewFragmentDoc = new TypedDocumentString(`
    fragment ImportJobView on ImportJob {
  id
  kind
  format
  status
  dialect
  fileName
  rowsRead
  rowsStored
  rowsSkipped
  rowsRejected
  error
  rejectedRows {
    line
    field
    reason
  }
}
    `, {"fragmentName":"ImportJobView"}) as unknown as TypedDocumentString<ImportJobViewFragment, unknown>;
export const IntegrationViewFragmentDoc = new TypedDocumentString(`
    fragment IntegrationView on Integration {
  id
  provider
  shop
  status
  connectedAt
  revokedAt
  lastSyncAt
  syncStatus {
    phase
    lastError
    progress {
      records
      percent
      etaSeconds
    }
    recentErrors {
      at
      source
      topic
      message
      attempts
      willRetry
      nextAttemptAt
    }
  }
}
    `, {"fragmentName":"IntegrationView"}) as unknown as TypedDocumentString<IntegrationViewFragment, unknown>;
export const ProblemFragmentDoc = new TypedDocumentString(`
    fragment Problem on UserError {
  field
  code
  message
}
    `, {"fragmentName":"Problem"}) as unknown as TypedDocumentString<ProblemFragment, unknown>;
export const KpiTotalsFragmentDoc = new TypedDocumentString(`
    fragment KpiTotals on ProfitPeriodTotals {
  grossRevenue {
    amount
  }
  netRevenue {
    amount
  }
  adSpend {
    amount
  }
  finalProfit {
    amount
  }
  purchaseCount
  newCustomers
  aov {
    amount
  }
  roas
  marginPct
}
    `, {"fragmentName":"KpiTotals"}) as unknown as TypedDocumentString<KpiTotalsFragment, unknown>;
export const ImportDataDocument = new TypedDocumentString(`
    mutation ImportData($input: ImportDataInput!) {
  importData(input: $input) {
    importJob {
      ...ImportJobView
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment ImportJobView on ImportJob {
  id
  kind
  format
  status
  dialect
  fileName
  rowsRead
  rowsStored
  rowsSkipped
  rowsRejected
  error
  rejectedRows {
    line
    field
    reason
  }
}
fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<ImportDataMutation, ImportDataMutationVariables>;
export const ImportJobDocument = new TypedDocumentString(`
    query ImportJob($id: ID!) {
  importJob(id: $id) {
    ...ImportJobView
  }
}
    fragment ImportJobView on ImportJob {
  id
  kind
  format
  status
  dialect
  fileName
  rowsRead
  rowsStored
  rowsSkipped
  rowsRejected
  error
  rejectedRows {
    line
    field
    reason
  }
}`) as unknown as TypedDocumentString<ImportJobQuery, ImportJobQueryVariables>;
export const InsightsDocument = new TypedDocumentString(`
    query Insights($status: InsightStatus) {
  insights(first: 50, status: $status) {
    totalCount
    nodes {
      id
      severity
      category
      title
      body
      suggestedAction
      impactEstimate
      status
      computedAt
      resolvedAt
    }
  }
  aiAccess {
    state
    reason
  }
  viewer {
    credits {
      balance
    }
  }
}
    `) as unknown as TypedDocumentString<InsightsQuery, InsightsQueryVariables>;
export const SetInsightStatusDocument = new TypedDocumentString(`
    mutation SetInsightStatus($id: ID!, $status: InsightStatus!) {
  setInsightStatus(input: {id: $id, status: $status}) {
    insight {
      id
      status
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<SetInsightStatusMutation, SetInsightStatusMutationVariables>;
export const GenerateInsightsDocument = new TypedDocumentString(`
    mutation GenerateInsights {
  generateInsights {
    insights {
      id
    }
    skippedOpen
    refunded
    balance
    failed {
      error
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<GenerateInsightsMutation, GenerateInsightsMutationVariables>;
export const IntegrationsDocument = new TypedDocumentString(`
    query Integrations {
  integrations {
    nodes {
      ...IntegrationView
    }
  }
}
    fragment IntegrationView on Integration {
  id
  provider
  shop
  status
  connectedAt
  revokedAt
  lastSyncAt
  syncStatus {
    phase
    lastError
    progress {
      records
      percent
      etaSeconds
    }
    recentErrors {
      at
      source
      topic
      message
      attempts
      willRetry
      nextAttemptAt
    }
  }
}`) as unknown as TypedDocumentString<IntegrationsQuery, IntegrationsQueryVariables>;
export const StartShopifyInstallDocument = new TypedDocumentString(`
    mutation StartShopifyInstall($input: StartShopifyInstallInput!) {
  startShopifyInstall(input: $input) {
    shop
    installUrl
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<StartShopifyInstallMutation, StartShopifyInstallMutationVariables>;
export const DisconnectIntegrationDocument = new TypedDocumentString(`
    mutation DisconnectIntegration($input: DisconnectIntegrationInput!) {
  disconnectIntegration(input: $input) {
    integration {
      ...IntegrationView
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment IntegrationView on Integration {
  id
  provider
  shop
  status
  connectedAt
  revokedAt
  lastSyncAt
  syncStatus {
    phase
    lastError
    progress {
      records
      percent
      etaSeconds
    }
    recentErrors {
      at
      source
      topic
      message
      attempts
      willRetry
      nextAttemptAt
    }
  }
}
fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<DisconnectIntegrationMutation, DisconnectIntegrationMutationVariables>;
export const ResyncIntegrationDocument = new TypedDocumentString(`
    mutation ResyncIntegration($input: ResyncIntegrationInput!) {
  resyncIntegration(input: $input) {
    integration {
      ...IntegrationView
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment IntegrationView on Integration {
  id
  provider
  shop
  status
  connectedAt
  revokedAt
  lastSyncAt
  syncStatus {
    phase
    lastError
    progress {
      records
      percent
      etaSeconds
    }
    recentErrors {
      at
      source
      topic
      message
      attempts
      willRetry
      nextAttemptAt
    }
  }
}
fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<ResyncIntegrationMutation, ResyncIntegrationMutationVariables>;
export const ApiKeysDocument = new TypedDocumentString(`
    query ApiKeys {
  viewer {
    apiKeys {
      id
      name
      prefix
      environment
      scopes
      createdAt
      lastUsedAt
      revokedAt
      expiresAt
    }
  }
}
    `) as unknown as TypedDocumentString<ApiKeysQuery, ApiKeysQueryVariables>;
export const CreateApiKeyDocument = new TypedDocumentString(`
    mutation CreateApiKey($input: CreateApiKeyInput!) {
  createApiKey(input: $input) {
    key
    apiKey {
      id
      prefix
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const RevokeApiKeyDocument = new TypedDocumentString(`
    mutation RevokeApiKey($id: ID!) {
  revokeApiKey(input: {id: $id}) {
    alreadyRevoked
    apiKey {
      id
      revokedAt
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const CustomersDocument = new TypedDocumentString(`
    query Customers($first: Int, $after: String, $segment: CustomerSegment, $source: CommerceSource) {
  customers(first: $first, after: $after, segment: $segment, source: $source) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    nodes {
      id
      name
      email
      source
      country
      segment
      ordersCount
      revenueTotalMoney {
        amount
      }
      lastPurchaseAt
    }
  }
}
    `) as unknown as TypedDocumentString<CustomersQuery, CustomersQueryVariables>;
export const OrdersDocument = new TypedDocumentString(`
    query Orders($first: Int, $after: String, $status: OrderStatus) {
  orders(first: $first, after: $after, filter: {status: $status}) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    nodes {
      id
      externalId
      source
      status
      placedAt
      totalAmountMoney {
        amount
      }
      refundedAmountMoney {
        amount
      }
      customer {
        id
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<OrdersQuery, OrdersQueryVariables>;
export const InventoryDocument = new TypedDocumentString(`
    query Inventory {
  inventory(first: 100) {
    summary {
      total
      critical
      low
      ok
      overstocked
    }
    nodes {
      id
      sku
      productName
      currentStock
      unitsSold30d
      daysOfStock
      estimatedStockoutAt
      status
      trend
    }
  }
  reorderSuggestions(first: 50, status: pending) {
    totalCount
    nodes {
      id
      qtySuggested
      reason
      forecastDays
      status
      inventoryItem {
        sku
        productName
      }
    }
  }
}
    `) as unknown as TypedDocumentString<InventoryQuery, InventoryQueryVariables>;
export const SetReorderStatusDocument = new TypedDocumentString(`
    mutation SetReorderStatus($id: ID!, $status: ReorderStatus!) {
  setReorderStatus(input: {id: $id, status: $status}) {
    reorderSuggestion {
      id
      status
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<SetReorderStatusMutation, SetReorderStatusMutationVariables>;
export const OverviewDocument = new TypedDocumentString(`
    query Overview($range: DateRangeInput!, $compareTo: ComparePeriod!, $chartRange: DateRangeInput!, $interval: Interval!) {
  kpis: profitReport(range: $range, interval: YEAR, compareTo: $compareTo) {
    range {
      from
      to
    }
    previousRange {
      from
      to
    }
    totals {
      ...KpiTotals
    }
    change {
      grossRevenue
      netRevenue
      adSpend
      finalProfit
      purchaseCount
      newCustomers
      aov
      roas
      marginPctPoints
    }
  }
  chart: profitReport(range: $chartRange, interval: $interval) {
    buckets {
      start
      end
      complete
      totals {
        grossRevenue {
          amount
        }
        adSpend {
          amount
        }
        finalProfit {
          amount
        }
        marginPct
      }
    }
  }
  topCustomers(range: $range, first: 5) {
    rank
    orders
    share
    grossRevenue {
      amount
    }
    customer {
      id
      name
      email
      segment
    }
  }
  anomalies(days: 7) {
    totalCount
    nodes {
      id
      metric
      metricName
      severity
      direction
      observedOn
      observedValue
      expectedValue
      inferredCause
    }
  }
  insights(first: 5, status: open) {
    totalCount
    nodes {
      id
      severity
      category
      title
      computedAt
    }
  }
  stock: inventory(first: 12) {
    summary {
      critical
      low
    }
    nodes {
      id
      sku
      productName
      currentStock
      daysOfStock
      estimatedStockoutAt
      status
    }
  }
  integrations {
    totals {
      total
      connected
      stale
      revoked
      neverSynced
    }
    nodes {
      id
      provider
      shop
      status
      lastSyncMinutesAgo
    }
  }
  viewer {
    credits {
      balance
      autoTopup {
        enabled
        threshold
        topUpAmount
      }
    }
  }
  aiAccess {
    state
    reason
  }
  usage {
    thisMonth {
      totals {
        requests
        costUsd
        credits
      }
    }
  }
}
    fragment KpiTotals on ProfitPeriodTotals {
  grossRevenue {
    amount
  }
  netRevenue {
    amount
  }
  adSpend {
    amount
  }
  finalProfit {
    amount
  }
  purchaseCount
  newCustomers
  aov {
    amount
  }
  roas
  marginPct
}`) as unknown as TypedDocumentString<OverviewQuery, OverviewQueryVariables>;
export const LiveFeedDocument = new TypedDocumentString(`
    subscription LiveFeed {
  anomalyDetected(minSeverity: low) {
    eventId
    occurredAt
    metric
    metricName
    severity
    direction
  }
}
    `) as unknown as TypedDocumentString<LiveFeedSubscription, LiveFeedSubscriptionVariables>;
export const LiveInsightsDocument = new TypedDocumentString(`
    subscription LiveInsights {
  insightCreated {
    eventId
    insightId
    occurredAt
    severity
    category
    title
  }
}
    `) as unknown as TypedDocumentString<LiveInsightsSubscription, LiveInsightsSubscriptionVariables>;
export const SettingsDocument = new TypedDocumentString(`
    query Settings {
  aiAccess {
    state
    reason
    changedBy
    changedAt
    autoPause
  }
  viewer {
    account {
      refundAttribution
    }
    credits {
      balance
      totalPurchased
      totalSpent
      autoTopup {
        enabled
        threshold
        topUpAmount
        lastChargedAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<SettingsQuery, SettingsQueryVariables>;
export const PauseAiDocument = new TypedDocumentString(`
    mutation PauseAi($reason: String) {
  pauseAiAccess(input: {reason: $reason}) {
    aiAccess {
      state
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<PauseAiMutation, PauseAiMutationVariables>;
export const ResumeAiDocument = new TypedDocumentString(`
    mutation ResumeAi {
  resumeAiAccess {
    aiAccess {
      state
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<ResumeAiMutation, ResumeAiMutationVariables>;
export const DashboardUsersDocument = new TypedDocumentString(`
    query DashboardUsers {
  dashboardUsers {
    id
    email
    role
    mustChangePassword
    createdAt
    lastSignInAt
  }
}
    `) as unknown as TypedDocumentString<DashboardUsersQuery, DashboardUsersQueryVariables>;
export const CreateDashboardUserDocument = new TypedDocumentString(`
    mutation CreateDashboardUser($input: CreateDashboardUserInput!) {
  createDashboardUser(input: $input) {
    oneTimePassword
    user {
      id
      email
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<CreateDashboardUserMutation, CreateDashboardUserMutationVariables>;
export const RemoveDashboardUserDocument = new TypedDocumentString(`
    mutation RemoveDashboardUser($id: ID!) {
  removeDashboardUser(id: $id) {
    removedUserId
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<RemoveDashboardUserMutation, RemoveDashboardUserMutationVariables>;
export const UpdateAutoTopupDocument = new TypedDocumentString(`
    mutation UpdateAutoTopup($input: UpdateAutoTopupInput!) {
  updateAutoTopup(input: $input) {
    autoTopup {
      enabled
      threshold
      topUpAmount
      lastChargedAt
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<UpdateAutoTopupMutation, UpdateAutoTopupMutationVariables>;
export const SetRefundAttributionDocument = new TypedDocumentString(`
    mutation SetRefundAttribution($input: SetRefundAttributionInput!) {
  setRefundAttribution(input: $input) {
    account {
      refundAttribution
    }
    changed
    markedDays
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<SetRefundAttributionMutation, SetRefundAttributionMutationVariables>;
export const ShellDocument = new TypedDocumentString(`
    query Shell {
  viewer {
    account {
      id
      name
      plan
      currency
      timezone
    }
  }
}
    `) as unknown as TypedDocumentString<ShellQuery, ShellQueryVariables>;
export const WebhooksDocument = new TypedDocumentString(`
    query Webhooks {
  webhookSubscriptions {
    totalCount
    nodes {
      id
      url
      events
      active
      failCount
      totalFired
      totalFailed
      lastStatus
      lastFiredAt
      createdAt
      deliveries(first: 5) {
        totalCount
        nodes {
          id
          event
          status
          attemptCount
          createdAt
          lastError
          nextAttemptAt
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<WebhooksQuery, WebhooksQueryVariables>;
export const CreateWebhookDocument = new TypedDocumentString(`
    mutation CreateWebhook($input: CreateWebhookInput!) {
  createWebhook(input: $input) {
    secret
    warning
    webhook {
      id
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const DeleteWebhookDocument = new TypedDocumentString(`
    mutation DeleteWebhook($id: ID!) {
  revokeWebhook(input: {id: $id}) {
    revokedWebhookId
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<DeleteWebhookMutation, DeleteWebhookMutationVariables>;
export const TestWebhookDocument = new TypedDocumentString(`
    mutation TestWebhook($id: ID!) {
  testWebhook(input: {id: $id}) {
    deliveryId
    success
    statusCode
    error
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<TestWebhookMutation, TestWebhookMutationVariables>;
export const ResendDeliveryDocument = new TypedDocumentString(`
    mutation ResendDelivery($id: ID!) {
  resendWebhookDelivery(input: {id: $id}) {
    delivery {
      id
      status
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<ResendDeliveryMutation, ResendDeliveryMutationVariables>;
export const RotateWebhookSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookSecret($id: ID!) {
  rotateWebhookSecret(input: {id: $id}) {
    secret
    previousSecretExpiresAt
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const EnableWebhookDocument = new TypedDocumentString(`
    mutation EnableWebhook($id: ID!) {
  enableWebhook(input: {id: $id}) {
    webhook {
      id
      active
    }
    userErrors {
      ...Problem
    }
  }
}
    fragment Problem on UserError {
  field
  code
  message
}`) as unknown as TypedDocumentString<EnableWebhookMutation, EnableWebhookMutationVariables>;