import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { ViewerModel, AccountModel, ApiKeyModel, CreditsModel, CreditTransactionModel, CustomerModel, OrderModel, IntegrationModel, IntegrationsModel, WebhookModel, InsightModel, AnomalyModel, AnomalyWindowModel, ProfitModel, ProfitSnapshotModel, InventoryModel, InventoryItemModel, ReorderSuggestionModel, RateLimitModel, ServiceStatusModel, AiAccessModel, UsageModel, UsagePeriodModel, FeatureUsageModel, UsageDayModel, UsageTotalsModel, GenerateInsightsModel } from '../mappers.ts';
import type { GraphQLContext } from '../context.ts';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A calendar date, `YYYY-MM-DD`, in the account's time zone where it names a business day. */
  Date: { input: string; output: Date | string; }
  /**
   * An instant in time, serialized as an ISO 8601 UTC string with milliseconds and `Z`
   * (for example `2026-01-31T09:15:00.000Z`), the same form as the REST API's timestamps.
   */
  DateTime: { input: Date; output: Date; }
  /**
   * An exact decimal number (money, rates, scores), serialized as a string such as `"1234.50"` or
   * `"37.5"` so that no precision is lost in JavaScript clients (trailing zeros may be left out). The
   * REST API rounds the same values to 2-decimal JSON numbers.
   */
  Decimal: { input: string; output: string | number | { toString(): string }; }
  /** A JSON object (used for free-form event properties and transaction metadata). */
  JSONObject: { input: Record<string, unknown>; output: Record<string, unknown>; }
};

/** An account (a store's tenant) and its profile. */
export type Account = {
  __typename?: 'Account';
  /** When the account was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Currency code (ISO 4217) of the account's money amounts. */
  currency: Scalars['String']['output'];
  /** The account identifier (the REST API's user_id). */
  id: Scalars['ID']['output'];
  /** The account's display name. */
  name: Scalars['String']['output'];
  /** The account's plan. */
  plan: Plan;
  /** IANA time zone naming the account's business days. */
  timezone: Scalars['String']['output'];
};

/** Who changed the AI access state. */
export type ActorKind =
  /** An administrator (dashboard session or command-line tool). */
  | 'admin'
  /** The service itself (the monthly cost check). */
  | 'system';

/** The account's AI access. */
export type AiAccess = {
  __typename?: 'AiAccess';
  /** Whether the monthly cost check pauses AI access at the critical threshold. */
  autoPause: Scalars['Boolean']['output'];
  /** When it last changed. */
  changedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Who last changed it. */
  changedBy?: Maybe<Scalars['String']['output']>;
  /** Whether an administrator or the service changed it. */
  changedByKind?: Maybe<ActorKind>;
  /** Monthly AI cost (USD) at which usage.threshold_crossed is sent with severity critical. */
  criticalThresholdUsd: Scalars['Float']['output'];
  /** Why it was last changed. */
  reason?: Maybe<Scalars['String']['output']>;
  /** enabled or paused. */
  state: AiState;
  /** Monthly AI cost (USD) at which usage.threshold_crossed is sent with severity warning. */
  warningThresholdUsd: Scalars['Float']['output'];
};

/** Input of pauseAi and resumeAi. */
export type AiAccessChangeInput = {
  /** Why (free text, recorded and sent in the event). */
  reason?: InputMaybe<Scalars['String']['input']>;
};

/** State of the account's AI access. */
export type AiState =
  /** AI features may spend credits. */
  | 'enabled'
  /** AI features are stopped; nothing is debited. */
  | 'paused';

/** A deviation of a metric from its expected value. */
export type Anomaly = {
  __typename?: 'Anomaly';
  /** Confidence in the inferred cause, 0 to 1. */
  confidence: Scalars['Decimal']['output'];
  /** Metrics that moved with it (correlated anomalies). */
  correlatedMetrics: Array<CorrelatedMetric>;
  /** When it was detected. */
  detectedAt: Scalars['DateTime']['output'];
  /** Up or down. */
  direction: Direction;
  /** The expected value. */
  expectedValue: Scalars['Decimal']['output'];
  /** The anomaly's identifier. */
  id: Scalars['ID']['output'];
  /** The inferred cause (free text). */
  inferredCause: Scalars['String']['output'];
  /** Univariate or correlated. */
  kind: AnomalyKind;
  /** The metric. */
  metric: AnomalyMetric;
  /** The observed value. */
  observedValue: Scalars['Decimal']['output'];
  /** How serious it is. */
  severity: Severity;
  /** Standard score of the deviation. */
  zScore: Scalars['Decimal']['output'];
};

/** How an anomaly was found. */
export type AnomalyKind =
  /** A cross-metric root-cause inference. */
  | 'correlated'
  /** A z-score on one metric. */
  | 'univariate';

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

/** The anomalies of a window. */
export type AnomalyWindow = {
  __typename?: 'AnomalyWindow';
  /** The anomalies, newest first. */
  nodes: Array<Anomaly>;
  /** The window in days actually used. */
  windowDays: Scalars['Int']['output'];
};

/** An API key's metadata. The key itself is shown only once, in createApiKey's payload. */
export type ApiKey = {
  __typename?: 'ApiKey';
  /** When the key was created. */
  createdAt: Scalars['DateTime']['output'];
  /** live or test. */
  environment: KeyEnvironment;
  /** When the key stops working, if it expires. */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** The key's identifier. */
  id: Scalars['ID']['output'];
  /** When the key was last used (recorded with a short delay). */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  /** A label. */
  name: Scalars['String']['output'];
  /** The key's display prefix (not enough to use it). */
  prefix: Scalars['String']['output'];
  /** When the key was revoked, if it was. */
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The key's scopes. */
  scopes: Array<Scope>;
};

/** Automatic recharge of credits. */
export type AutoTopup = {
  __typename?: 'AutoTopup';
  /** Whether auto top-up is on. */
  enabled: Scalars['Boolean']['output'];
  /** When the last recharge was charged. */
  lastChargedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The balance below which a recharge is made. */
  threshold: Scalars['Int']['output'];
  /** Credits added per recharge. */
  topUpAmount: Scalars['Int']['output'];
};

/** State of a dependency check. */
export type CheckState =
  /** The check failed. */
  | 'error'
  /** The check passed. */
  | 'ok';

/** The platform a customer or an order comes from (the REST API spells these with hyphens: woo-commerce, mercado-libre). */
export type CommerceSource =
  /** Mercado Libre marketplace. */
  | 'mercado_libre'
  /** Shopify storefront. */
  | 'shopify'
  /** WooCommerce storefront. */
  | 'woo_commerce';

/** A metric that moved together with an anomaly. */
export type CorrelatedMetric = {
  __typename?: 'CorrelatedMetric';
  /** Up or down. */
  direction: Direction;
  /** The metric. */
  metric: Scalars['String']['output'];
  /** Modified z-score. */
  modz: Scalars['Float']['output'];
};

/** Input of createApiKey. */
export type CreateApiKeyInput = {
  /** live or test (default test). */
  environment?: InputMaybe<KeyEnvironment>;
  /** When the key stops working (must be in the future); never when absent. */
  expiresAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** A label for the key. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** The scopes of the new key (at least one). */
  scopes: Array<Scope>;
};

/** Result of createApiKey. */
export type CreateApiKeyPayload = {
  __typename?: 'CreateApiKeyPayload';
  /** The new key's metadata. */
  apiKey: ApiKey;
  /** The full key. Store it now: it is never shown again. */
  key: Scalars['String']['output'];
};

/** Input of createWebhook. */
export type CreateWebhookInput = {
  /** Event names from the catalog, or * (default ["*"]). */
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  /** An HTTPS URL on a public address. */
  url: Scalars['String']['input'];
};

/** Result of createWebhook. */
export type CreateWebhookPayload = {
  __typename?: 'CreateWebhookPayload';
  /** The signing secret (whsec_…): store it now, it cannot be retrieved later. */
  secret: Scalars['String']['output'];
  /** A reminder that the secret is shown once. */
  warning: Scalars['String']['output'];
  /** The new subscription. */
  webhook: WebhookSubscription;
};

/** The kind of credential that made the request. */
export type CredentialKind =
  /** An API key (svc_live_… or svc_test_…). */
  | 'api_key'
  /** A signed-in dashboard session (a JWT). */
  | 'session';

/** One entry of the credit ledger. */
export type CreditTransaction = {
  __typename?: 'CreditTransaction';
  /** Credits added (positive) or spent (negative). */
  amount: Scalars['Int']['output'];
  /** The balance after this transaction. */
  balanceAfter: Scalars['Int']['output'];
  /** When it happened. */
  createdAt: Scalars['DateTime']['output'];
  /** The AI feature charged or refunded (empty for purchases and grants). */
  feature: Scalars['String']['output'];
  /** The transaction's identifier. */
  id: Scalars['ID']['output'];
  /** What happened. */
  kind: TransactionKind;
  /** Extra facts (campaign_id, job_id, refund_of, checkout_session, order_count). */
  meta: Scalars['JSONObject']['output'];
};

/** A page of credit transactions. */
export type CreditTransactionConnection = {
  __typename?: 'CreditTransactionConnection';
  /** The transactions with their cursors. */
  edges: Array<CreditTransactionEdge>;
  /** The transactions. */
  nodes: Array<CreditTransaction>;
  /** Where this page lies. */
  pageInfo: PageInfo;
};

/** A credit transaction and its cursor. */
export type CreditTransactionEdge = {
  __typename?: 'CreditTransactionEdge';
  /** Opaque cursor of this transaction. */
  cursor: Scalars['String']['output'];
  /** The transaction. */
  node: CreditTransaction;
};

/** The account's credits. */
export type Credits = {
  __typename?: 'Credits';
  /** Automatic recharge settings. */
  autoTopup: AutoTopup;
  /** Current balance in credits. */
  balance: Scalars['Int']['output'];
  /** Credits purchased over the account's life. */
  totalPurchased: Scalars['Int']['output'];
  /** Credits spent over the account's life. */
  totalSpent: Scalars['Int']['output'];
  /** The ledger, newest first. */
  transactions: CreditTransactionConnection;
  /** When the balance last changed. */
  updatedAt: Scalars['DateTime']['output'];
};


/** The account's credits. */
export type CreditsTransactionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

/** A buyer of the store, with metrics computed from its orders. */
export type Customer = {
  __typename?: 'Customer';
  /** Average order value. */
  aov: Scalars['Decimal']['output'];
  /** Likelihood of churn, 0 to 1. */
  churnScore: Scalars['Decimal']['output'];
  /** City. */
  city: Scalars['String']['output'];
  /** Two-letter country code. */
  country: Scalars['String']['output'];
  /** When the customer was recorded. */
  createdAt: Scalars['DateTime']['output'];
  /** E-mail address. */
  email: Scalars['String']['output'];
  /** source:store:e-mail, as in the REST API. */
  externalId: Scalars['String']['output'];
  /** When the customer first bought. */
  firstPurchaseAt?: Maybe<Scalars['DateTime']['output']>;
  /** The customer's identifier. */
  id: Scalars['ID']['output'];
  /** When the customer last bought. */
  lastPurchaseAt?: Maybe<Scalars['DateTime']['output']>;
  /** Estimated lifetime value. */
  ltvEstimate: Scalars['Decimal']['output'];
  /** Full name. */
  name: Scalars['String']['output'];
  /** Number of orders counted (cancelled ones excluded). */
  ordersCount: Scalars['Int']['output'];
  /** Phone number, if known. */
  phone?: Maybe<Scalars['String']['output']>;
  /** The customer's most recent orders, newest first. */
  recentOrders: Array<Order>;
  /** Paid totals less refunds. */
  revenueTotal: Scalars['Decimal']['output'];
  /** The computed segment. */
  segment: CustomerSegment;
  /** The platform the customer comes from. */
  source: CommerceSource;
};


/** A buyer of the store, with metrics computed from its orders. */
export type CustomerRecentOrdersArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of customers. */
export type CustomerConnection = {
  __typename?: 'CustomerConnection';
  /** The customers with their cursors. */
  edges: Array<CustomerEdge>;
  /** The customers. */
  nodes: Array<Customer>;
  /** Where this page lies. */
  pageInfo: PageInfo;
};

/** A customer and its cursor. */
export type CustomerEdge = {
  __typename?: 'CustomerEdge';
  /** Opaque cursor of this customer in the requested order. */
  cursor: Scalars['String']['output'];
  /** The customer. */
  node: Customer;
};

/** An ordering of customers; ties are broken by id in the same direction. */
export type CustomerOrder = {
  /** The direction. */
  direction?: SortDirection;
  /** The field to order by. */
  field: CustomerOrderField;
};

/** What customers can be ordered by. */
export type CustomerOrderField =
  /** The customer id. */
  | 'ID'
  /** The time of the last purchase (customers without one sort as the oldest). */
  | 'LAST_PURCHASE'
  /** Total revenue. */
  | 'REVENUE';

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

/** The database check. */
export type DatabaseCheck = {
  __typename?: 'DatabaseCheck';
  /** Round-trip time of a trivial query, in milliseconds. */
  latencyMs: Scalars['Int']['output'];
  /** ok or error. */
  status: CheckState;
};

/** Direction of a change. */
export type Direction =
  /** The value fell. */
  | 'down'
  /** The value rose. */
  | 'up';

/** An insight generation that failed after its debit (refunded at once). */
export type FailedGeneration = {
  __typename?: 'FailedGeneration';
  /** What went wrong. */
  error: Scalars['String']['output'];
  /** Always true: the debit was refunded. */
  refunded: Scalars['Boolean']['output'];
  /** The debit's ledger id. */
  transactionId: Scalars['ID']['output'];
};

/** The usage of one feature in a period. */
export type FeatureUsage = {
  __typename?: 'FeatureUsage';
  /** The feature (as in the credit-cost table). */
  feature: Scalars['String']['output'];
  /** Its totals. */
  totals: UsageTotals;
};

/** Result of generateInsights. */
export type GenerateInsightsPayload = {
  __typename?: 'GenerateInsightsPayload';
  /** The credit balance after the call. */
  balance: Scalars['Int']['output'];
  /** Generations that failed after the debit. */
  failed: Array<FailedGeneration>;
  /** Insights created by this call. */
  insights: Array<Insight>;
  /** True when any debit of this call was refunded. */
  refunded: Scalars['Boolean']['output'];
  /** Findings that already had an open insight (nothing charged). */
  skippedOpen: Scalars['Int']['output'];
};

/** A finding with a suggested action. */
export type Insight = {
  __typename?: 'Insight';
  /** Explanation. */
  body: Scalars['String']['output'];
  /** What it is about. */
  category: InsightCategory;
  /** When it was found. */
  computedAt: Scalars['DateTime']['output'];
  /** The insight's identifier. */
  id: Scalars['ID']['output'];
  /** Estimated impact (free text). */
  impactEstimate: Scalars['String']['output'];
  /** The anomaly it was derived from, if any. */
  relatedAnomaly?: Maybe<Anomaly>;
  /** When it was resolved. */
  resolvedAt?: Maybe<Scalars['DateTime']['output']>;
  /** How urgent it is. */
  severity: Severity;
  /** Its state. */
  status: InsightStatus;
  /** What to do. */
  suggestedAction: Scalars['String']['output'];
  /** Headline. */
  title: Scalars['String']['output'];
};

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

/** A page of insights. */
export type InsightConnection = {
  __typename?: 'InsightConnection';
  /** The insights with their cursors. */
  edges: Array<InsightEdge>;
  /** The insights. */
  nodes: Array<Insight>;
  /** Where this page lies. */
  pageInfo: PageInfo;
};

/** An insight and its cursor. */
export type InsightEdge = {
  __typename?: 'InsightEdge';
  /** Opaque cursor of this insight. */
  cursor: Scalars['String']['output'];
  /** The insight. */
  node: Insight;
};

/** State of an insight: open to resolved or dismissed; resolved or dismissed back to open. */
export type InsightStatus =
  /** Set aside. */
  | 'dismissed'
  /** Not handled yet. */
  | 'open'
  /** Handled. */
  | 'resolved';

/** A connection to an external platform. Tokens are never returned. */
export type Integration = {
  __typename?: 'Integration';
  /** When it was connected. */
  connectedAt: Scalars['DateTime']['output'];
  /** When the last sync completed. */
  lastSyncAt?: Maybe<Scalars['DateTime']['output']>;
  /** Whole minutes since the last sync. */
  lastSyncMinutesAgo?: Maybe<Scalars['Int']['output']>;
  /** Platform identifier. */
  provider: Scalars['String']['output'];
  /** When it was revoked. */
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** OAuth scopes granted. */
  scopes: Array<Scalars['String']['output']>;
  /** Store domain. */
  shop: Scalars['String']['output'];
  /** The integration's state. */
  status: IntegrationStatus;
};

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

/** Counts of integrations by status. */
export type IntegrationTotals = {
  __typename?: 'IntegrationTotals';
  /** Connected ones. */
  connected: Scalars['Int']['output'];
  /** Ones never synced. */
  neverSynced: Scalars['Int']['output'];
  /** Revoked ones. */
  revoked: Scalars['Int']['output'];
  /** Stale ones. */
  stale: Scalars['Int']['output'];
  /** All integrations. */
  total: Scalars['Int']['output'];
};

/** The integrations with their totals by status. */
export type Integrations = {
  __typename?: 'Integrations';
  /** Every integration of the account. */
  nodes: Array<Integration>;
  /** How many integrations are in each status. */
  totals: IntegrationTotals;
};

/** The inventory list and its summary. */
export type Inventory = {
  __typename?: 'Inventory';
  /** When this answer was made. */
  generatedAt: Scalars['DateTime']['output'];
  /** The items, most urgent first. */
  nodes: Array<InventoryItem>;
  /** Counts over every computed item of the account. */
  summary: InventorySummary;
};

/** A stocked product with its sales velocity. */
export type InventoryItem = {
  __typename?: 'InventoryItem';
  /** Average units a day over 7 days. */
  avgDailyUnits7d: Scalars['Decimal']['output'];
  /** Average units a day over 30 days. */
  avgDailyUnits30d: Scalars['Decimal']['output'];
  /** When velocity was computed. */
  computedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Units on hand. */
  currentStock: Scalars['Int']['output'];
  /** Days the stock lasts at the current pace (null with no sales). */
  daysOfStock?: Maybe<Scalars['Decimal']['output']>;
  /** The day stock is expected to run out. */
  estimatedStockoutAt?: Maybe<Scalars['Date']['output']>;
  /** The item's identifier. */
  id: Scalars['ID']['output'];
  /** Product name. */
  productName: Scalars['String']['output'];
  /** The item's reorder suggestions, newest first. */
  reorderSuggestions: Array<ReorderSuggestion>;
  /** Stock keeping unit. */
  sku: Scalars['String']['output'];
  /** Stock status. */
  status?: Maybe<InventoryStatus>;
  /** Sales trend. */
  trend?: Maybe<InventoryTrend>;
  /** Units sold in 7 days. */
  unitsSold7d: Scalars['Int']['output'];
  /** Units sold in 30 days. */
  unitsSold30d: Scalars['Int']['output'];
};


/** A stocked product with its sales velocity. */
export type InventoryItemReorderSuggestionsArgs = {
  status?: InputMaybe<ReorderStatus>;
};

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

/** Counts of computed items by status. */
export type InventorySummary = {
  __typename?: 'InventorySummary';
  /** Critical ones. */
  critical: Scalars['Int']['output'];
  /** Low ones. */
  low: Scalars['Int']['output'];
  /** OK ones. */
  ok: Scalars['Int']['output'];
  /** Overstocked ones. */
  overstocked: Scalars['Int']['output'];
  /** All computed items. */
  total: Scalars['Int']['output'];
};

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

/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type Mutation = {
  __typename?: 'Mutation';
  /** Creates an API key for the session's account. Dashboard sessions only; the key is shown once. */
  createApiKey: CreateApiKeyPayload;
  /** Subscribes an HTTPS URL to events; the signing secret is in the payload, once. Needs write. */
  createWebhook: CreateWebhookPayload;
  /** Runs the AI insight generation for the account now: 5 credits per new insight (at most 10 per call); a generation that fails after its debit is refunded at once. payment_required while AI access is paused or when the balance covers no insight. Needs write. */
  generateInsights: GenerateInsightsPayload;
  /** Pauses AI access (enabled to paused) and emits ai.paused; while paused every operation that would spend credits answers payment_required. Dashboard session only. */
  pauseAi: AiAccess;
  /** Resumes AI access (paused to enabled) and emits ai.resumed. Dashboard session only. */
  resumeAi: AiAccess;
  /** Revokes one of the session account's API keys. Dashboard sessions only. */
  revokeApiKey: RevokeApiKeyPayload;
  /** Revokes a subscription (irreversibly). Needs write. */
  revokeWebhook: RevokeWebhookPayload;
  /** Resolves, dismisses or reopens an insight (reopening clears resolvedAt). Needs write. */
  setInsightStatus: SetInsightStatusPayload;
  /** Marks a reorder suggestion ordered or dismissed, or a dismissed one pending again (ordered is final). Needs write. */
  setReorderStatus: SetReorderStatusPayload;
  /** Records a custom tracking event in the account's event stream (geo from the client address). Needs write. */
  trackEvent: TrackEventPayload;
  /** Changes a customer's contact fields (metrics are computed and cannot be set). Needs write. */
  updateCustomerContact: UpdateCustomerContactPayload;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationCreateApiKeyArgs = {
  input: CreateApiKeyInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationCreateWebhookArgs = {
  input: CreateWebhookInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationPauseAiArgs = {
  input?: InputMaybe<AiAccessChangeInput>;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationResumeAiArgs = {
  input?: InputMaybe<AiAccessChangeInput>;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationRevokeApiKeyArgs = {
  input: RevokeApiKeyInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationRevokeWebhookArgs = {
  input: RevokeWebhookInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationSetInsightStatusArgs = {
  input: SetInsightStatusInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationSetReorderStatusArgs = {
  input: SetReorderStatusInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationTrackEventArgs = {
  input: TrackEventInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationUpdateCustomerContactArgs = {
  input: UpdateCustomerContactInput;
};

/** An order placed on one of the account's storefronts or marketplaces. */
export type Order = {
  __typename?: 'Order';
  /** Currency code of its amounts. */
  currency: Scalars['String']['output'];
  /** The buyer, if known. */
  customer?: Maybe<Customer>;
  /** The platform's own order identifier. */
  externalId: Scalars['String']['output'];
  /** The order's identifier. */
  id: Scalars['ID']['output'];
  /** When it was placed. */
  placedAt: Scalars['DateTime']['output'];
  /** Amount refunded. */
  refundedAmount: Scalars['Decimal']['output'];
  /** Where it was placed. */
  source: CommerceSource;
  /** The order's state. */
  status: OrderStatus;
  /** Sum of the lines before discounts, shipping and tax. */
  subtotal: Scalars['Decimal']['output'];
  /** Amount paid. */
  totalAmount: Scalars['Decimal']['output'];
};

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

/** Where a page of a connection starts and ends, and whether more items lie on either side. */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** The cursor of the last item of this page; null when the page is empty. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** Whether items follow the last one of this page (in the connection's order). */
  hasNextPage: Scalars['Boolean']['output'];
  /** Whether items precede the first one of this page (in the connection's order). */
  hasPreviousPage: Scalars['Boolean']['output'];
  /** The cursor of the first item of this page; null when the page is empty. */
  startCursor?: Maybe<Scalars['String']['output']>;
};

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

/** Profit over a window of days. */
export type Profit = {
  __typename?: 'Profit';
  /** One snapshot per day that has one, oldest first. */
  days: Array<ProfitSnapshot>;
  /** Totals over the returned days. */
  totals: ProfitTotals;
  /** The window in days actually used. */
  windowDays: Scalars['Int']['output'];
};

/** The profit of one day. */
export type ProfitSnapshot = {
  __typename?: 'ProfitSnapshot';
  /** Ad spend. */
  adSpend: Scalars['Decimal']['output'];
  /** Estimated cost of goods. */
  cogsEstimate: Scalars['Decimal']['output'];
  /** Other expenses. */
  extraExpenses: Scalars['Decimal']['output'];
  /** Estimated fees. */
  feesEstimate: Scalars['Decimal']['output'];
  /** Profit after everything. */
  finalProfit: Scalars['Decimal']['output'];
  /** Gross revenue. */
  grossRevenue: Scalars['Decimal']['output'];
  /** Final profit as a percentage of net revenue. */
  marginPct: Scalars['Decimal']['output'];
  /** Revenue after refunds. */
  netRevenue: Scalars['Decimal']['output'];
  /** Profit before ads and expenses. */
  operationalProfit: Scalars['Decimal']['output'];
  /** Purchases that day. */
  purchaseCount: Scalars['Int']['output'];
  /** Refunds. */
  refunds: Scalars['Decimal']['output'];
  /** Estimated shipping. */
  shippingEstimate: Scalars['Decimal']['output'];
  /** The day, in the account's time zone. */
  snapshotDate: Scalars['Date']['output'];
};

/** Totals over the returned days. */
export type ProfitTotals = {
  __typename?: 'ProfitTotals';
  /** Sum of ad spend. */
  adSpend: Scalars['Decimal']['output'];
  /** Mean margin percentage of the returned days. */
  avgMarginPct: Scalars['Decimal']['output'];
  /** Days returned. */
  daysReturned: Scalars['Int']['output'];
  /** Sum of final profit. */
  finalProfit: Scalars['Decimal']['output'];
  /** Sum of gross revenue. */
  grossRevenue: Scalars['Decimal']['output'];
  /** Sum of purchases. */
  purchaseCount: Scalars['Int']['output'];
};

/** The entry points for reading. Every field needs the read scope. */
export type Query = {
  __typename?: 'Query';
  /** Whether the account's AI features may spend credits, and its monthly cost thresholds. */
  aiAccess: AiAccess;
  /** Anomalies detected in the last `days` whole days (1 to 90, default 7), newest first. */
  anomalies: AnomalyWindow;
  /** One customer of the account by id; null when the account has no such customer. */
  customer?: Maybe<Customer>;
  /** The account's customers, a page at a time (at most 100 per page). */
  customers: CustomerConnection;
  /** Insights found by the ai-insights-generate job, newest first. */
  insights: InsightConnection;
  /** The account's integrations (storefronts, marketplaces, ad accounts, payments) and their totals. */
  integrations: Integrations;
  /** Computed inventory items, most urgent first, with a summary of the whole account. */
  inventory: Inventory;
  /** Daily profit snapshots of the last `days` local days (1 to 365, default 30), today included, oldest first, with totals. */
  profit: Profit;
  /** The caller's request budget after this request (shared with the REST API). */
  rateLimit: RateLimit;
  /** Reorder suggestions of the smart-reorder job, newest first. */
  reorderSuggestions: ReorderSuggestionConnection;
  /** The service's health, as the public GET /api/v1/status reports it. */
  status: ServiceStatus;
  /** AI usage of the account: three periods (today, this month, the last 30 days) with a per-feature breakdown, and a 30-day daily series, in the account's time zone (the twin of GET /api/v1/usage). */
  usage: Usage;
  /** The caller: its account profile, the scopes of its credential and the kind of credential. */
  viewer: Viewer;
  /** The account's active webhook subscriptions, oldest first (at most 25). */
  webhooks: Array<WebhookSubscription>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryAnomaliesArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
  severity?: InputMaybe<Severity>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryCustomerArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryCustomersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<CustomerOrder>;
  segment?: InputMaybe<CustomerSegment>;
  source?: InputMaybe<CommerceSource>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryInsightsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  category?: InputMaybe<InsightCategory>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  severity?: InputMaybe<Severity>;
  status?: InputMaybe<InsightStatus>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryInventoryArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<InventoryStatus>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryProfitArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryReorderSuggestionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<ReorderStatus>;
};

/**
 * Budget of the calling API key (or dashboard session): one rolling minute of requests, shared by
 * the REST API and GraphQL. Every GraphQL request spends one request of it, whatever it selects.
 */
export type RateLimit = {
  __typename?: 'RateLimit';
  /** Requests this operation took from the budget (always 1: one HTTP request). */
  cost: Scalars['Int']['output'];
  /** Requests allowed per rolling minute. */
  limit: Scalars['Int']['output'];
  /** The calculated cost of this operation (see extensions.cost; at most 1,000). */
  queryCost: Scalars['Int']['output'];
  /** Requests left in the rolling minute after this one. */
  remaining: Scalars['Int']['output'];
  /** When the budget is fully restored. */
  resetAt: Scalars['DateTime']['output'];
};

/** State of a reorder suggestion: pending to ordered or dismissed; dismissed back to pending; ordered is final. */
export type ReorderStatus =
  /** Set aside. */
  | 'dismissed'
  /** Ordered (final). */
  | 'ordered'
  /** Waiting for a decision. */
  | 'pending';

/** A suggested purchase order for an item. */
export type ReorderSuggestion = {
  __typename?: 'ReorderSuggestion';
  /** When it was computed. */
  computedAt: Scalars['DateTime']['output'];
  /** Confidence, 0 to 1. */
  confidence: Scalars['Decimal']['output'];
  /** Days of demand covered. */
  forecastDays: Scalars['Int']['output'];
  /** The suggestion's identifier. */
  id: Scalars['ID']['output'];
  /** The item. */
  inventoryItem: InventoryItem;
  /** The item's identifier. */
  inventoryItemId: Scalars['ID']['output'];
  /** Units suggested. */
  qtySuggested: Scalars['Int']['output'];
  /** Why (free text). */
  reason: Scalars['String']['output'];
  /** Its state. */
  status: ReorderStatus;
};

/** A page of reorder suggestions. */
export type ReorderSuggestionConnection = {
  __typename?: 'ReorderSuggestionConnection';
  /** The suggestions with their cursors. */
  edges: Array<ReorderSuggestionEdge>;
  /** The suggestions. */
  nodes: Array<ReorderSuggestion>;
  /** Where this page lies. */
  pageInfo: PageInfo;
};

/** A reorder suggestion and its cursor. */
export type ReorderSuggestionEdge = {
  __typename?: 'ReorderSuggestionEdge';
  /** Opaque cursor of this suggestion. */
  cursor: Scalars['String']['output'];
  /** The suggestion. */
  node: ReorderSuggestion;
};

/** Input of revokeApiKey. */
export type RevokeApiKeyInput = {
  /** The id of the key to revoke. */
  id: Scalars['ID']['input'];
};

/** Result of revokeApiKey. */
export type RevokeApiKeyPayload = {
  __typename?: 'RevokeApiKeyPayload';
  /** True when the key had already been revoked before this call. */
  alreadyRevoked: Scalars['Boolean']['output'];
  /** The revoked key's metadata. */
  apiKey: ApiKey;
};

/** Input of revokeWebhook. */
export type RevokeWebhookInput = {
  /** The subscription to revoke. */
  id: Scalars['ID']['input'];
};

/** Result of revokeWebhook. */
export type RevokeWebhookPayload = {
  __typename?: 'RevokeWebhookPayload';
  /** The id of the revoked subscription. */
  revokedWebhookId: Scalars['ID']['output'];
};

/** A permission of a credential. Scopes are independent: write does not imply read. */
export type Scope =
  /** Read data (every query field). */
  | 'read'
  /** Change data (every mutation). */
  | 'write';

/** Overall state of the service. */
export type ServiceState =
  /** The database is slower than 250 ms, or a scheduled job is more than two periods late. */
  | 'degraded'
  /** The database does not answer. */
  | 'down'
  /** Everything answers in time. */
  | 'operational';

/** The service's health. */
export type ServiceStatus = {
  __typename?: 'ServiceStatus';
  /** How long the checks took, in milliseconds. */
  checkTotalMs: Scalars['Int']['output'];
  /** When the checks ran. */
  checkedAt: Scalars['DateTime']['output'];
  /** The running commit. */
  commit: Scalars['String']['output'];
  /** The database check. */
  database: DatabaseCheck;
  /** Runtime environment (development, production, test). */
  env: Scalars['String']['output'];
  /** Scheduled jobs more than two periods late. */
  lateJobs: Array<Scalars['String']['output']>;
  /** Deployment region. */
  region: Scalars['String']['output'];
  /** Overall state. */
  status: ServiceState;
};

/** Input of setInsightStatus. */
export type SetInsightStatusInput = {
  /** The insight. */
  id: Scalars['ID']['input'];
  /** The new status. */
  status: InsightStatus;
};

/** Result of setInsightStatus. */
export type SetInsightStatusPayload = {
  __typename?: 'SetInsightStatusPayload';
  /** The insight as changed. */
  insight: Insight;
};

/** Input of setReorderStatus. */
export type SetReorderStatusInput = {
  /** The suggestion. */
  id: Scalars['ID']['input'];
  /** The new status. */
  status: ReorderStatus;
};

/** Result of setReorderStatus. */
export type SetReorderStatusPayload = {
  __typename?: 'SetReorderStatusPayload';
  /** The suggestion as changed. */
  reorderSuggestion: ReorderSuggestion;
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

/** Ordering direction. */
export type SortDirection =
  /** Ascending: smallest first. */
  | 'ASC'
  /** Descending: largest first. */
  | 'DESC';

/** Input of trackEvent (the same rules as POST /api/v1/track). */
export type TrackEventInput = {
  /** Event name: 1 to 64 characters of a-z, A-Z, 0-9, '.', '_' or '-'. */
  event: Scalars['String']['input'];
  /** Properties: a JSON object of at most 8192 bytes. */
  props?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Session identifier (up to 128 characters). */
  sessionId?: InputMaybe<Scalars['String']['input']>;
  /** Page URL (http or https, up to 2048 characters). */
  url?: InputMaybe<Scalars['String']['input']>;
  /** Visitor identifier (up to 128 characters). */
  visitorId?: InputMaybe<Scalars['String']['input']>;
};

/** Result of trackEvent. */
export type TrackEventPayload = {
  __typename?: 'TrackEventPayload';
  /** The stored event's identifier. */
  eventId: Scalars['ID']['output'];
};

/** Kind of a credit transaction. */
export type TransactionKind =
  /** Credits bought automatically below the auto top-up threshold. */
  | 'auto_topup'
  /** Credits spent by an AI feature (negative amount). */
  | 'consume'
  /** Credits granted by the service. */
  | 'grant'
  /** Credits bought. */
  | 'purchase'
  /** Credits given back after a failed AI job. */
  | 'refund';

/** Input of updateCustomerContact: only the fields given change. */
export type UpdateCustomerContactInput = {
  /** New city (up to 200 characters). */
  city?: InputMaybe<Scalars['String']['input']>;
  /** New two-letter country code. */
  country?: InputMaybe<Scalars['String']['input']>;
  /** New e-mail address. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** The customer to change. */
  id: Scalars['ID']['input'];
  /** New full name (1 to 200 characters). */
  name?: InputMaybe<Scalars['String']['input']>;
  /** New phone number (up to 40 characters); null clears it. */
  phone?: InputMaybe<Scalars['String']['input']>;
};

/** Result of updateCustomerContact. */
export type UpdateCustomerContactPayload = {
  __typename?: 'UpdateCustomerContactPayload';
  /** The customer as changed. */
  customer: Customer;
};

/** The account's AI usage. */
export type Usage = {
  __typename?: 'Usage';
  /** The last 30 days, oldest first (days without calls at zero). */
  daily: Array<UsageDay>;
  /** The last 30 days, today included. */
  last30Days: UsagePeriod;
  /** This calendar month so far. */
  thisMonth: UsagePeriod;
  /** The time zone the days are counted in. */
  timeZone: Scalars['String']['output'];
  /** Today so far. */
  today: UsagePeriod;
};

/** One local day of usage. */
export type UsageDay = {
  __typename?: 'UsageDay';
  /** The day. */
  date: Scalars['Date']['output'];
  /** The day's totals. */
  totals: UsageTotals;
};

/** Usage over a period of local days. */
export type UsagePeriod = {
  __typename?: 'UsagePeriod';
  /** The same per feature. */
  byFeature: Array<FeatureUsage>;
  /** First day of the period (inclusive). */
  from: Scalars['Date']['output'];
  /** Last day of the period (inclusive). */
  to: Scalars['Date']['output'];
  /** The period's totals. */
  totals: UsageTotals;
};

/** Totals of AI calls. */
export type UsageTotals = {
  __typename?: 'UsageTotals';
  /** Cost in USD. */
  costUsd: Scalars['Float']['output'];
  /** Credits charged. */
  credits: Scalars['Int']['output'];
  /** AI calls. */
  requests: Scalars['Int']['output'];
  /** Tokens sent to the model. */
  tokensIn: Scalars['Int']['output'];
  /** Tokens received from the model. */
  tokensOut: Scalars['Int']['output'];
};

/** Who is calling. */
export type Viewer = {
  __typename?: 'Viewer';
  /** The account every field of this API reads from and writes to. */
  account: Account;
  /** The account's API keys, newest first (dashboard sessions only; null for an API key). */
  apiKeys?: Maybe<Array<ApiKey>>;
  /** Whether the caller is an API key or a dashboard session. */
  credential: CredentialKind;
  /** The account's credit balance, auto top-up settings and transactions. */
  credits: Credits;
  /** The scopes of the calling credential. */
  scopes: Array<Scope>;
};

/** A webhook subscription. Its secret is never returned after creation. */
export type WebhookSubscription = {
  __typename?: 'WebhookSubscription';
  /** Whether deliveries are made (false after 20 consecutive failures). */
  active: Scalars['Boolean']['output'];
  /** When it was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Event names, or * for all. */
  events: Array<Scalars['String']['output']>;
  /** Consecutive failed attempts since the last success. */
  failCount: Scalars['Int']['output'];
  /** The subscription's identifier. */
  id: Scalars['ID']['output'];
  /** When a delivery was last attempted. */
  lastFiredAt?: Maybe<Scalars['DateTime']['output']>;
  /** HTTP status of the last delivery attempt. */
  lastStatus?: Maybe<Scalars['Int']['output']>;
  /** Failed attempts. */
  totalFailed: Scalars['Int']['output'];
  /** Attempts made. */
  totalFired: Scalars['Int']['output'];
  /** The HTTPS URL deliveries are posted to. */
  url: Scalars['String']['output'];
};

export type WithIndex<TObject> = TObject & Record<string, any>;
export type ResolversObject<TObject> = WithIndex<TObject>;

export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  Account: ResolverTypeWrapper<AccountModel>;
  ActorKind: ActorKind;
  AiAccess: ResolverTypeWrapper<AiAccessModel>;
  AiAccessChangeInput: AiAccessChangeInput;
  AiState: AiState;
  Anomaly: ResolverTypeWrapper<AnomalyModel>;
  AnomalyKind: AnomalyKind;
  AnomalyMetric: AnomalyMetric;
  AnomalyWindow: ResolverTypeWrapper<AnomalyWindowModel>;
  ApiKey: ResolverTypeWrapper<ApiKeyModel>;
  AutoTopup: ResolverTypeWrapper<AutoTopup>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  CheckState: CheckState;
  CommerceSource: CommerceSource;
  CorrelatedMetric: ResolverTypeWrapper<CorrelatedMetric>;
  CreateApiKeyInput: CreateApiKeyInput;
  CreateApiKeyPayload: ResolverTypeWrapper<Omit<CreateApiKeyPayload, 'apiKey'> & { apiKey: ResolversTypes['ApiKey'] }>;
  CreateWebhookInput: CreateWebhookInput;
  CreateWebhookPayload: ResolverTypeWrapper<Omit<CreateWebhookPayload, 'webhook'> & { webhook: ResolversTypes['WebhookSubscription'] }>;
  CredentialKind: CredentialKind;
  CreditTransaction: ResolverTypeWrapper<CreditTransactionModel>;
  CreditTransactionConnection: ResolverTypeWrapper<Omit<CreditTransactionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['CreditTransactionEdge']>, nodes: Array<ResolversTypes['CreditTransaction']> }>;
  CreditTransactionEdge: ResolverTypeWrapper<Omit<CreditTransactionEdge, 'node'> & { node: ResolversTypes['CreditTransaction'] }>;
  Credits: ResolverTypeWrapper<CreditsModel>;
  Customer: ResolverTypeWrapper<CustomerModel>;
  CustomerConnection: ResolverTypeWrapper<Omit<CustomerConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['CustomerEdge']>, nodes: Array<ResolversTypes['Customer']> }>;
  CustomerEdge: ResolverTypeWrapper<Omit<CustomerEdge, 'node'> & { node: ResolversTypes['Customer'] }>;
  CustomerOrder: CustomerOrder;
  CustomerOrderField: CustomerOrderField;
  CustomerSegment: CustomerSegment;
  DatabaseCheck: ResolverTypeWrapper<DatabaseCheck>;
  Date: ResolverTypeWrapper<Scalars['Date']['output']>;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  Decimal: ResolverTypeWrapper<Scalars['Decimal']['output']>;
  Direction: Direction;
  FailedGeneration: ResolverTypeWrapper<FailedGeneration>;
  FeatureUsage: ResolverTypeWrapper<FeatureUsageModel>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  GenerateInsightsPayload: ResolverTypeWrapper<GenerateInsightsModel>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Insight: ResolverTypeWrapper<InsightModel>;
  InsightCategory: InsightCategory;
  InsightConnection: ResolverTypeWrapper<Omit<InsightConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['InsightEdge']>, nodes: Array<ResolversTypes['Insight']> }>;
  InsightEdge: ResolverTypeWrapper<Omit<InsightEdge, 'node'> & { node: ResolversTypes['Insight'] }>;
  InsightStatus: InsightStatus;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  Integration: ResolverTypeWrapper<IntegrationModel>;
  IntegrationStatus: IntegrationStatus;
  IntegrationTotals: ResolverTypeWrapper<IntegrationTotals>;
  Integrations: ResolverTypeWrapper<IntegrationsModel>;
  Inventory: ResolverTypeWrapper<InventoryModel>;
  InventoryItem: ResolverTypeWrapper<InventoryItemModel>;
  InventoryStatus: InventoryStatus;
  InventorySummary: ResolverTypeWrapper<InventorySummary>;
  InventoryTrend: InventoryTrend;
  JSONObject: ResolverTypeWrapper<Scalars['JSONObject']['output']>;
  KeyEnvironment: KeyEnvironment;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Order: ResolverTypeWrapper<OrderModel>;
  OrderStatus: OrderStatus;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Plan: Plan;
  Profit: ResolverTypeWrapper<ProfitModel>;
  ProfitSnapshot: ResolverTypeWrapper<ProfitSnapshotModel>;
  ProfitTotals: ResolverTypeWrapper<ProfitTotals>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RateLimit: ResolverTypeWrapper<RateLimitModel>;
  ReorderStatus: ReorderStatus;
  ReorderSuggestion: ResolverTypeWrapper<ReorderSuggestionModel>;
  ReorderSuggestionConnection: ResolverTypeWrapper<Omit<ReorderSuggestionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['ReorderSuggestionEdge']>, nodes: Array<ResolversTypes['ReorderSuggestion']> }>;
  ReorderSuggestionEdge: ResolverTypeWrapper<Omit<ReorderSuggestionEdge, 'node'> & { node: ResolversTypes['ReorderSuggestion'] }>;
  RevokeApiKeyInput: RevokeApiKeyInput;
  RevokeApiKeyPayload: ResolverTypeWrapper<Omit<RevokeApiKeyPayload, 'apiKey'> & { apiKey: ResolversTypes['ApiKey'] }>;
  RevokeWebhookInput: RevokeWebhookInput;
  RevokeWebhookPayload: ResolverTypeWrapper<RevokeWebhookPayload>;
  Scope: Scope;
  ServiceState: ServiceState;
  ServiceStatus: ResolverTypeWrapper<ServiceStatusModel>;
  SetInsightStatusInput: SetInsightStatusInput;
  SetInsightStatusPayload: ResolverTypeWrapper<Omit<SetInsightStatusPayload, 'insight'> & { insight: ResolversTypes['Insight'] }>;
  SetReorderStatusInput: SetReorderStatusInput;
  SetReorderStatusPayload: ResolverTypeWrapper<Omit<SetReorderStatusPayload, 'reorderSuggestion'> & { reorderSuggestion: ResolversTypes['ReorderSuggestion'] }>;
  Severity: Severity;
  SortDirection: SortDirection;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  TrackEventInput: TrackEventInput;
  TrackEventPayload: ResolverTypeWrapper<TrackEventPayload>;
  TransactionKind: TransactionKind;
  UpdateCustomerContactInput: UpdateCustomerContactInput;
  UpdateCustomerContactPayload: ResolverTypeWrapper<Omit<UpdateCustomerContactPayload, 'customer'> & { customer: ResolversTypes['Customer'] }>;
  Usage: ResolverTypeWrapper<UsageModel>;
  UsageDay: ResolverTypeWrapper<UsageDayModel>;
  UsagePeriod: ResolverTypeWrapper<UsagePeriodModel>;
  UsageTotals: ResolverTypeWrapper<UsageTotalsModel>;
  Viewer: ResolverTypeWrapper<ViewerModel>;
  WebhookSubscription: ResolverTypeWrapper<WebhookModel>;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  Account: AccountModel;
  AiAccess: AiAccessModel;
  AiAccessChangeInput: AiAccessChangeInput;
  Anomaly: AnomalyModel;
  AnomalyWindow: AnomalyWindowModel;
  ApiKey: ApiKeyModel;
  AutoTopup: AutoTopup;
  Boolean: Scalars['Boolean']['output'];
  CorrelatedMetric: CorrelatedMetric;
  CreateApiKeyInput: CreateApiKeyInput;
  CreateApiKeyPayload: Omit<CreateApiKeyPayload, 'apiKey'> & { apiKey: ResolversParentTypes['ApiKey'] };
  CreateWebhookInput: CreateWebhookInput;
  CreateWebhookPayload: Omit<CreateWebhookPayload, 'webhook'> & { webhook: ResolversParentTypes['WebhookSubscription'] };
  CreditTransaction: CreditTransactionModel;
  CreditTransactionConnection: Omit<CreditTransactionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['CreditTransactionEdge']>, nodes: Array<ResolversParentTypes['CreditTransaction']> };
  CreditTransactionEdge: Omit<CreditTransactionEdge, 'node'> & { node: ResolversParentTypes['CreditTransaction'] };
  Credits: CreditsModel;
  Customer: CustomerModel;
  CustomerConnection: Omit<CustomerConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['CustomerEdge']>, nodes: Array<ResolversParentTypes['Customer']> };
  CustomerEdge: Omit<CustomerEdge, 'node'> & { node: ResolversParentTypes['Customer'] };
  CustomerOrder: CustomerOrder;
  DatabaseCheck: DatabaseCheck;
  Date: Scalars['Date']['output'];
  DateTime: Scalars['DateTime']['output'];
  Decimal: Scalars['Decimal']['output'];
  FailedGeneration: FailedGeneration;
  FeatureUsage: FeatureUsageModel;
  Float: Scalars['Float']['output'];
  GenerateInsightsPayload: GenerateInsightsModel;
  ID: Scalars['ID']['output'];
  Insight: InsightModel;
  InsightConnection: Omit<InsightConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['InsightEdge']>, nodes: Array<ResolversParentTypes['Insight']> };
  InsightEdge: Omit<InsightEdge, 'node'> & { node: ResolversParentTypes['Insight'] };
  Int: Scalars['Int']['output'];
  Integration: IntegrationModel;
  IntegrationTotals: IntegrationTotals;
  Integrations: IntegrationsModel;
  Inventory: InventoryModel;
  InventoryItem: InventoryItemModel;
  InventorySummary: InventorySummary;
  JSONObject: Scalars['JSONObject']['output'];
  Mutation: Record<PropertyKey, never>;
  Order: OrderModel;
  PageInfo: PageInfo;
  Profit: ProfitModel;
  ProfitSnapshot: ProfitSnapshotModel;
  ProfitTotals: ProfitTotals;
  Query: Record<PropertyKey, never>;
  RateLimit: RateLimitModel;
  ReorderSuggestion: ReorderSuggestionModel;
  ReorderSuggestionConnection: Omit<ReorderSuggestionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['ReorderSuggestionEdge']>, nodes: Array<ResolversParentTypes['ReorderSuggestion']> };
  ReorderSuggestionEdge: Omit<ReorderSuggestionEdge, 'node'> & { node: ResolversParentTypes['ReorderSuggestion'] };
  RevokeApiKeyInput: RevokeApiKeyInput;
  RevokeApiKeyPayload: Omit<RevokeApiKeyPayload, 'apiKey'> & { apiKey: ResolversParentTypes['ApiKey'] };
  RevokeWebhookInput: RevokeWebhookInput;
  RevokeWebhookPayload: RevokeWebhookPayload;
  ServiceStatus: ServiceStatusModel;
  SetInsightStatusInput: SetInsightStatusInput;
  SetInsightStatusPayload: Omit<SetInsightStatusPayload, 'insight'> & { insight: ResolversParentTypes['Insight'] };
  SetReorderStatusInput: SetReorderStatusInput;
  SetReorderStatusPayload: Omit<SetReorderStatusPayload, 'reorderSuggestion'> & { reorderSuggestion: ResolversParentTypes['ReorderSuggestion'] };
  String: Scalars['String']['output'];
  TrackEventInput: TrackEventInput;
  TrackEventPayload: TrackEventPayload;
  UpdateCustomerContactInput: UpdateCustomerContactInput;
  UpdateCustomerContactPayload: Omit<UpdateCustomerContactPayload, 'customer'> & { customer: ResolversParentTypes['Customer'] };
  Usage: UsageModel;
  UsageDay: UsageDayModel;
  UsagePeriod: UsagePeriodModel;
  UsageTotals: UsageTotalsModel;
  Viewer: ViewerModel;
  WebhookSubscription: WebhookModel;
}>;

export type AccountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Account'] = ResolversParentTypes['Account']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  plan?: Resolver<ResolversTypes['Plan'], ParentType, ContextType>;
  timezone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type AiAccessResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AiAccess'] = ResolversParentTypes['AiAccess']> = ResolversObject<{
  autoPause?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  changedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  changedBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  changedByKind?: Resolver<Maybe<ResolversTypes['ActorKind']>, ParentType, ContextType>;
  criticalThresholdUsd?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['AiState'], ParentType, ContextType>;
  warningThresholdUsd?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type AnomalyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Anomaly'] = ResolversParentTypes['Anomaly']> = ResolversObject<{
  confidence?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  correlatedMetrics?: Resolver<Array<ResolversTypes['CorrelatedMetric']>, ParentType, ContextType>;
  detectedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  direction?: Resolver<ResolversTypes['Direction'], ParentType, ContextType>;
  expectedValue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  inferredCause?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['AnomalyKind'], ParentType, ContextType>;
  metric?: Resolver<ResolversTypes['AnomalyMetric'], ParentType, ContextType>;
  observedValue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  severity?: Resolver<ResolversTypes['Severity'], ParentType, ContextType>;
  zScore?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
}>;

export type AnomalyWindowResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AnomalyWindow'] = ResolversParentTypes['AnomalyWindow']> = ResolversObject<{
  nodes?: Resolver<Array<ResolversTypes['Anomaly']>, ParentType, ContextType>;
  windowDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ApiKeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ApiKey'] = ResolversParentTypes['ApiKey']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  environment?: Resolver<ResolversTypes['KeyEnvironment'], ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  prefix?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['Scope']>, ParentType, ContextType>;
}>;

export type AutoTopupResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AutoTopup'] = ResolversParentTypes['AutoTopup']> = ResolversObject<{
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastChargedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  threshold?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  topUpAmount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type CorrelatedMetricResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CorrelatedMetric'] = ResolversParentTypes['CorrelatedMetric']> = ResolversObject<{
  direction?: Resolver<ResolversTypes['Direction'], ParentType, ContextType>;
  metric?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  modz?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type CreateApiKeyPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateApiKeyPayload'] = ResolversParentTypes['CreateApiKeyPayload']> = ResolversObject<{
  apiKey?: Resolver<ResolversTypes['ApiKey'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type CreateWebhookPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateWebhookPayload'] = ResolversParentTypes['CreateWebhookPayload']> = ResolversObject<{
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  warning?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  webhook?: Resolver<ResolversTypes['WebhookSubscription'], ParentType, ContextType>;
}>;

export type CreditTransactionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreditTransaction'] = ResolversParentTypes['CreditTransaction']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  balanceAfter?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  feature?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['TransactionKind'], ParentType, ContextType>;
  meta?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
}>;

export type CreditTransactionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreditTransactionConnection'] = ResolversParentTypes['CreditTransactionConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['CreditTransactionEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['CreditTransaction']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type CreditTransactionEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreditTransactionEdge'] = ResolversParentTypes['CreditTransactionEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['CreditTransaction'], ParentType, ContextType>;
}>;

export type CreditsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Credits'] = ResolversParentTypes['Credits']> = ResolversObject<{
  autoTopup?: Resolver<ResolversTypes['AutoTopup'], ParentType, ContextType>;
  balance?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  totalPurchased?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  totalSpent?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  transactions?: Resolver<ResolversTypes['CreditTransactionConnection'], ParentType, ContextType, Partial<CreditsTransactionsArgs>>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type CustomerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Customer'] = ResolversParentTypes['Customer']> = ResolversObject<{
  aov?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  churnScore?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  city?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  country?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  externalId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  firstPurchaseAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastPurchaseAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  ltvEstimate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ordersCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recentOrders?: Resolver<Array<ResolversTypes['Order']>, ParentType, ContextType, RequireFields<CustomerRecentOrdersArgs, 'first'>>;
  revenueTotal?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  segment?: Resolver<ResolversTypes['CustomerSegment'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['CommerceSource'], ParentType, ContextType>;
}>;

export type CustomerConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CustomerConnection'] = ResolversParentTypes['CustomerConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['CustomerEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Customer']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type CustomerEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CustomerEdge'] = ResolversParentTypes['CustomerEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Customer'], ParentType, ContextType>;
}>;

export type DatabaseCheckResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DatabaseCheck'] = ResolversParentTypes['DatabaseCheck']> = ResolversObject<{
  latencyMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['CheckState'], ParentType, ContextType>;
}>;

export interface DateScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Date'], any> {
  name: 'Date';
}

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export interface DecimalScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Decimal'], any> {
  name: 'Decimal';
}

export type FailedGenerationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FailedGeneration'] = ResolversParentTypes['FailedGeneration']> = ResolversObject<{
  error?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  refunded?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  transactionId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type FeatureUsageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FeatureUsage'] = ResolversParentTypes['FeatureUsage']> = ResolversObject<{
  feature?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['UsageTotals'], ParentType, ContextType>;
}>;

export type GenerateInsightsPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GenerateInsightsPayload'] = ResolversParentTypes['GenerateInsightsPayload']> = ResolversObject<{
  balance?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  failed?: Resolver<Array<ResolversTypes['FailedGeneration']>, ParentType, ContextType>;
  insights?: Resolver<Array<ResolversTypes['Insight']>, ParentType, ContextType>;
  refunded?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  skippedOpen?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type InsightResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Insight'] = ResolversParentTypes['Insight']> = ResolversObject<{
  body?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  category?: Resolver<ResolversTypes['InsightCategory'], ParentType, ContextType>;
  computedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  impactEstimate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  relatedAnomaly?: Resolver<Maybe<ResolversTypes['Anomaly']>, ParentType, ContextType>;
  resolvedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  severity?: Resolver<ResolversTypes['Severity'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['InsightStatus'], ParentType, ContextType>;
  suggestedAction?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type InsightConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InsightConnection'] = ResolversParentTypes['InsightConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['InsightEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Insight']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type InsightEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InsightEdge'] = ResolversParentTypes['InsightEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Insight'], ParentType, ContextType>;
}>;

export type IntegrationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Integration'] = ResolversParentTypes['Integration']> = ResolversObject<{
  connectedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  lastSyncAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastSyncMinutesAgo?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  provider?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  shop?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['IntegrationStatus'], ParentType, ContextType>;
}>;

export type IntegrationTotalsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IntegrationTotals'] = ResolversParentTypes['IntegrationTotals']> = ResolversObject<{
  connected?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  neverSynced?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  revoked?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  stale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type IntegrationsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Integrations'] = ResolversParentTypes['Integrations']> = ResolversObject<{
  nodes?: Resolver<Array<ResolversTypes['Integration']>, ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['IntegrationTotals'], ParentType, ContextType>;
}>;

export type InventoryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Inventory'] = ResolversParentTypes['Inventory']> = ResolversObject<{
  generatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['InventoryItem']>, ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['InventorySummary'], ParentType, ContextType>;
}>;

export type InventoryItemResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InventoryItem'] = ResolversParentTypes['InventoryItem']> = ResolversObject<{
  avgDailyUnits7d?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  avgDailyUnits30d?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  computedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  currentStock?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  daysOfStock?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  estimatedStockoutAt?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  productName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reorderSuggestions?: Resolver<Array<ResolversTypes['ReorderSuggestion']>, ParentType, ContextType, Partial<InventoryItemReorderSuggestionsArgs>>;
  sku?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['InventoryStatus']>, ParentType, ContextType>;
  trend?: Resolver<Maybe<ResolversTypes['InventoryTrend']>, ParentType, ContextType>;
  unitsSold7d?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  unitsSold30d?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type InventorySummaryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InventorySummary'] = ResolversParentTypes['InventorySummary']> = ResolversObject<{
  critical?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  low?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  ok?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  overstocked?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export interface JsonObjectScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSONObject'], any> {
  name: 'JSONObject';
}

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  createApiKey?: Resolver<ResolversTypes['CreateApiKeyPayload'], ParentType, ContextType, RequireFields<MutationCreateApiKeyArgs, 'input'>>;
  createWebhook?: Resolver<ResolversTypes['CreateWebhookPayload'], ParentType, ContextType, RequireFields<MutationCreateWebhookArgs, 'input'>>;
  generateInsights?: Resolver<ResolversTypes['GenerateInsightsPayload'], ParentType, ContextType>;
  pauseAi?: Resolver<ResolversTypes['AiAccess'], ParentType, ContextType, Partial<MutationPauseAiArgs>>;
  resumeAi?: Resolver<ResolversTypes['AiAccess'], ParentType, ContextType, Partial<MutationResumeAiArgs>>;
  revokeApiKey?: Resolver<ResolversTypes['RevokeApiKeyPayload'], ParentType, ContextType, RequireFields<MutationRevokeApiKeyArgs, 'input'>>;
  revokeWebhook?: Resolver<ResolversTypes['RevokeWebhookPayload'], ParentType, ContextType, RequireFields<MutationRevokeWebhookArgs, 'input'>>;
  setInsightStatus?: Resolver<ResolversTypes['SetInsightStatusPayload'], ParentType, ContextType, RequireFields<MutationSetInsightStatusArgs, 'input'>>;
  setReorderStatus?: Resolver<ResolversTypes['SetReorderStatusPayload'], ParentType, ContextType, RequireFields<MutationSetReorderStatusArgs, 'input'>>;
  trackEvent?: Resolver<ResolversTypes['TrackEventPayload'], ParentType, ContextType, RequireFields<MutationTrackEventArgs, 'input'>>;
  updateCustomerContact?: Resolver<ResolversTypes['UpdateCustomerContactPayload'], ParentType, ContextType, RequireFields<MutationUpdateCustomerContactArgs, 'input'>>;
}>;

export type OrderResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Order'] = ResolversParentTypes['Order']> = ResolversObject<{
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  customer?: Resolver<Maybe<ResolversTypes['Customer']>, ParentType, ContextType>;
  externalId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  placedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  refundedAmount?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['CommerceSource'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['OrderStatus'], ParentType, ContextType>;
  subtotal?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  totalAmount?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
}>;

export type PageInfoResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ProfitResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Profit'] = ResolversParentTypes['Profit']> = ResolversObject<{
  days?: Resolver<Array<ResolversTypes['ProfitSnapshot']>, ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['ProfitTotals'], ParentType, ContextType>;
  windowDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ProfitSnapshotResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProfitSnapshot'] = ResolversParentTypes['ProfitSnapshot']> = ResolversObject<{
  adSpend?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  cogsEstimate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  extraExpenses?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  feesEstimate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  finalProfit?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  grossRevenue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  marginPct?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  netRevenue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  operationalProfit?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  purchaseCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  refunds?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  shippingEstimate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  snapshotDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
}>;

export type ProfitTotalsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProfitTotals'] = ResolversParentTypes['ProfitTotals']> = ResolversObject<{
  adSpend?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  avgMarginPct?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  daysReturned?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  finalProfit?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  grossRevenue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  purchaseCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  aiAccess?: Resolver<ResolversTypes['AiAccess'], ParentType, ContextType>;
  anomalies?: Resolver<ResolversTypes['AnomalyWindow'], ParentType, ContextType, RequireFields<QueryAnomaliesArgs, 'days'>>;
  customer?: Resolver<Maybe<ResolversTypes['Customer']>, ParentType, ContextType, RequireFields<QueryCustomerArgs, 'id'>>;
  customers?: Resolver<ResolversTypes['CustomerConnection'], ParentType, ContextType, Partial<QueryCustomersArgs>>;
  insights?: Resolver<ResolversTypes['InsightConnection'], ParentType, ContextType, Partial<QueryInsightsArgs>>;
  integrations?: Resolver<ResolversTypes['Integrations'], ParentType, ContextType>;
  inventory?: Resolver<ResolversTypes['Inventory'], ParentType, ContextType, RequireFields<QueryInventoryArgs, 'first'>>;
  profit?: Resolver<ResolversTypes['Profit'], ParentType, ContextType, RequireFields<QueryProfitArgs, 'days'>>;
  rateLimit?: Resolver<ResolversTypes['RateLimit'], ParentType, ContextType>;
  reorderSuggestions?: Resolver<ResolversTypes['ReorderSuggestionConnection'], ParentType, ContextType, Partial<QueryReorderSuggestionsArgs>>;
  status?: Resolver<ResolversTypes['ServiceStatus'], ParentType, ContextType>;
  usage?: Resolver<ResolversTypes['Usage'], ParentType, ContextType>;
  viewer?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType>;
  webhooks?: Resolver<Array<ResolversTypes['WebhookSubscription']>, ParentType, ContextType>;
}>;

export type RateLimitResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RateLimit'] = ResolversParentTypes['RateLimit']> = ResolversObject<{
  cost?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  limit?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  queryCost?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  remaining?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  resetAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type ReorderSuggestionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReorderSuggestion'] = ResolversParentTypes['ReorderSuggestion']> = ResolversObject<{
  computedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  confidence?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  forecastDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  inventoryItem?: Resolver<ResolversTypes['InventoryItem'], ParentType, ContextType>;
  inventoryItemId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  qtySuggested?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ReorderStatus'], ParentType, ContextType>;
}>;

export type ReorderSuggestionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReorderSuggestionConnection'] = ResolversParentTypes['ReorderSuggestionConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ReorderSuggestionEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['ReorderSuggestion']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type ReorderSuggestionEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReorderSuggestionEdge'] = ResolversParentTypes['ReorderSuggestionEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ReorderSuggestion'], ParentType, ContextType>;
}>;

export type RevokeApiKeyPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RevokeApiKeyPayload'] = ResolversParentTypes['RevokeApiKeyPayload']> = ResolversObject<{
  alreadyRevoked?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  apiKey?: Resolver<ResolversTypes['ApiKey'], ParentType, ContextType>;
}>;

export type RevokeWebhookPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RevokeWebhookPayload'] = ResolversParentTypes['RevokeWebhookPayload']> = ResolversObject<{
  revokedWebhookId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type ServiceStatusResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ServiceStatus'] = ResolversParentTypes['ServiceStatus']> = ResolversObject<{
  checkTotalMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  checkedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  commit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  database?: Resolver<ResolversTypes['DatabaseCheck'], ParentType, ContextType>;
  env?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lateJobs?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  region?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ServiceState'], ParentType, ContextType>;
}>;

export type SetInsightStatusPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SetInsightStatusPayload'] = ResolversParentTypes['SetInsightStatusPayload']> = ResolversObject<{
  insight?: Resolver<ResolversTypes['Insight'], ParentType, ContextType>;
}>;

export type SetReorderStatusPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SetReorderStatusPayload'] = ResolversParentTypes['SetReorderStatusPayload']> = ResolversObject<{
  reorderSuggestion?: Resolver<ResolversTypes['ReorderSuggestion'], ParentType, ContextType>;
}>;

export type TrackEventPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TrackEventPayload'] = ResolversParentTypes['TrackEventPayload']> = ResolversObject<{
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type UpdateCustomerContactPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UpdateCustomerContactPayload'] = ResolversParentTypes['UpdateCustomerContactPayload']> = ResolversObject<{
  customer?: Resolver<ResolversTypes['Customer'], ParentType, ContextType>;
}>;

export type UsageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Usage'] = ResolversParentTypes['Usage']> = ResolversObject<{
  daily?: Resolver<Array<ResolversTypes['UsageDay']>, ParentType, ContextType>;
  last30Days?: Resolver<ResolversTypes['UsagePeriod'], ParentType, ContextType>;
  thisMonth?: Resolver<ResolversTypes['UsagePeriod'], ParentType, ContextType>;
  timeZone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  today?: Resolver<ResolversTypes['UsagePeriod'], ParentType, ContextType>;
}>;

export type UsageDayResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UsageDay'] = ResolversParentTypes['UsageDay']> = ResolversObject<{
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['UsageTotals'], ParentType, ContextType>;
}>;

export type UsagePeriodResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UsagePeriod'] = ResolversParentTypes['UsagePeriod']> = ResolversObject<{
  byFeature?: Resolver<Array<ResolversTypes['FeatureUsage']>, ParentType, ContextType>;
  from?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  to?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['UsageTotals'], ParentType, ContextType>;
}>;

export type UsageTotalsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UsageTotals'] = ResolversParentTypes['UsageTotals']> = ResolversObject<{
  costUsd?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  credits?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  requests?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokensIn?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokensOut?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ViewerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Viewer'] = ResolversParentTypes['Viewer']> = ResolversObject<{
  account?: Resolver<ResolversTypes['Account'], ParentType, ContextType>;
  apiKeys?: Resolver<Maybe<Array<ResolversTypes['ApiKey']>>, ParentType, ContextType>;
  credential?: Resolver<ResolversTypes['CredentialKind'], ParentType, ContextType>;
  credits?: Resolver<ResolversTypes['Credits'], ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['Scope']>, ParentType, ContextType>;
}>;

export type WebhookSubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookSubscription'] = ResolversParentTypes['WebhookSubscription']> = ResolversObject<{
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  failCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastFiredAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastStatus?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  totalFailed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  totalFired?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type Resolvers<ContextType = GraphQLContext> = ResolversObject<{
  Account?: AccountResolvers<ContextType>;
  AiAccess?: AiAccessResolvers<ContextType>;
  Anomaly?: AnomalyResolvers<ContextType>;
  AnomalyWindow?: AnomalyWindowResolvers<ContextType>;
  ApiKey?: ApiKeyResolvers<ContextType>;
  AutoTopup?: AutoTopupResolvers<ContextType>;
  CorrelatedMetric?: CorrelatedMetricResolvers<ContextType>;
  CreateApiKeyPayload?: CreateApiKeyPayloadResolvers<ContextType>;
  CreateWebhookPayload?: CreateWebhookPayloadResolvers<ContextType>;
  CreditTransaction?: CreditTransactionResolvers<ContextType>;
  CreditTransactionConnection?: CreditTransactionConnectionResolvers<ContextType>;
  CreditTransactionEdge?: CreditTransactionEdgeResolvers<ContextType>;
  Credits?: CreditsResolvers<ContextType>;
  Customer?: CustomerResolvers<ContextType>;
  CustomerConnection?: CustomerConnectionResolvers<ContextType>;
  CustomerEdge?: CustomerEdgeResolvers<ContextType>;
  DatabaseCheck?: DatabaseCheckResolvers<ContextType>;
  Date?: GraphQLScalarType;
  DateTime?: GraphQLScalarType;
  Decimal?: GraphQLScalarType;
  FailedGeneration?: FailedGenerationResolvers<ContextType>;
  FeatureUsage?: FeatureUsageResolvers<ContextType>;
  GenerateInsightsPayload?: GenerateInsightsPayloadResolvers<ContextType>;
  Insight?: InsightResolvers<ContextType>;
  InsightConnection?: InsightConnectionResolvers<ContextType>;
  InsightEdge?: InsightEdgeResolvers<ContextType>;
  Integration?: IntegrationResolvers<ContextType>;
  IntegrationTotals?: IntegrationTotalsResolvers<ContextType>;
  Integrations?: IntegrationsResolvers<ContextType>;
  Inventory?: InventoryResolvers<ContextType>;
  InventoryItem?: InventoryItemResolvers<ContextType>;
  InventorySummary?: InventorySummaryResolvers<ContextType>;
  JSONObject?: GraphQLScalarType;
  Mutation?: MutationResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Profit?: ProfitResolvers<ContextType>;
  ProfitSnapshot?: ProfitSnapshotResolvers<ContextType>;
  ProfitTotals?: ProfitTotalsResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RateLimit?: RateLimitResolvers<ContextType>;
  ReorderSuggestion?: ReorderSuggestionResolvers<ContextType>;
  ReorderSuggestionConnection?: ReorderSuggestionConnectionResolvers<ContextType>;
  ReorderSuggestionEdge?: ReorderSuggestionEdgeResolvers<ContextType>;
  RevokeApiKeyPayload?: RevokeApiKeyPayloadResolvers<ContextType>;
  RevokeWebhookPayload?: RevokeWebhookPayloadResolvers<ContextType>;
  ServiceStatus?: ServiceStatusResolvers<ContextType>;
  SetInsightStatusPayload?: SetInsightStatusPayloadResolvers<ContextType>;
  SetReorderStatusPayload?: SetReorderStatusPayloadResolvers<ContextType>;
  TrackEventPayload?: TrackEventPayloadResolvers<ContextType>;
  UpdateCustomerContactPayload?: UpdateCustomerContactPayloadResolvers<ContextType>;
  Usage?: UsageResolvers<ContextType>;
  UsageDay?: UsageDayResolvers<ContextType>;
  UsagePeriod?: UsagePeriodResolvers<ContextType>;
  UsageTotals?: UsageTotalsResolvers<ContextType>;
  Viewer?: ViewerResolvers<ContextType>;
  WebhookSubscription?: WebhookSubscriptionResolvers<ContextType>;
}>;

