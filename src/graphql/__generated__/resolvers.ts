import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { ViewerModel, AccountModel, ApiKeyModel, DashboardUserModel, CreditsModel, CreditTransactionModel, CustomerModel, OrderModel, IntegrationModel, IntegrationsModel, IntegrationSyncStatusModel, WebhookModel, ImportJobModel, WebhookSubscriptionConnectionModel, WebhookDeliveryModel, WebhookAttemptModel, InsightModel, AnomalyModel, AnomalyWindowModel, AnomalyDetectedEventModel, ProfitModel, ProfitSnapshotModel, InventoryModel, InventoryItemModel, ReorderSuggestionModel, RateLimitModel, ServiceStatusModel, AiAccessModel, UsageModel, UsagePeriodModel, FeatureUsageModel, UsageDayModel, UsageTotalsModel, GenerateInsightsModel, OrderConnectionModel, CustomerConnectionModel, InsightConnectionModel, ReorderSuggestionConnectionModel, CreditTransactionConnectionModel, WebhookDeliveryConnectionModel } from '../mappers.ts';
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
export type Account = Node & {
  __typename?: 'Account';
  /** When the account was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Currency code (ISO 4217) of the account's money amounts. */
  currency: Scalars['String']['output'];
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** The account's display name. */
  name: Scalars['String']['output'];
  /** The account's plan. */
  plan: Plan;
  /** Which day a refund is counted on in the profit snapshots and reports (profitReport, profit, /api/v1/profit): ORDER_DAY (the default) or REFUND_DAY. Both are exact to the cent; setRefundAttribution changes it. */
  refundAttribution: RefundAttribution;
  /** IANA time zone naming the account's business days. */
  timezone: Scalars['String']['output'];
  /** The v1 account identifier (the REST API's user_id). */
  userId: Scalars['String']['output'];
};

/** The account's integration and job health. */
export type AccountHealth = {
  __typename?: 'AccountHealth';
  /** How many integrations are in each status. */
  integrationTotals: IntegrationTotals;
  /** The integrations. */
  integrations: Array<Integration>;
  /** Each scheduled job's last run for the account. */
  jobs: Array<JobHealth>;
  /** OK or ATTENTION. */
  status: AccountHealthState;
};

/** Overall health of the account. */
export type AccountHealthState =
  /** An integration is stale or revoked, or a job failed or is late. */
  | 'ATTENTION'
  /** Every integration syncing and every job on time. */
  | 'OK';

/** Who changed the AI access state. */
export type ActorKind =
  /** An administrator (dashboard session or command-line tool). */
  | 'admin'
  /** The service itself (the monthly cost check). */
  | 'system';

/** One campaign's performance. */
export type AdCampaignPerformance = {
  __typename?: 'AdCampaignPerformance';
  /** Revenue the platform attributes to the campaign. */
  attributedRevenue: Money;
  /** The platform's campaign id. */
  campaignId: Scalars['String']['output'];
  /** The campaign's latest name in the range. */
  campaignName: Scalars['String']['output'];
  /** Clicks. */
  clicks: Scalars['Int']['output'];
  /** Conversions. */
  conversions: Scalars['Int']['output'];
  /** Spend per conversion; null without conversions. */
  cpa?: Maybe<Money>;
  /** Impressions. */
  impressions: Scalars['Int']['output'];
  /** The platform. */
  platform: AdPlatform;
  /** Attributed revenue / spend; null without spend. */
  roas?: Maybe<Scalars['Float']['output']>;
  /** Spend. */
  spend: Money;
};

/** The figures of a set of ad spend rows. */
export type AdFigures = {
  __typename?: 'AdFigures';
  /** Revenue the platforms attribute to the ads. */
  attributedRevenue: Money;
  /** Clicks. */
  clicks: Scalars['Int']['output'];
  /** Conversions the platforms report. */
  conversions: Scalars['Int']['output'];
  /** Spend per conversion; null without conversions. */
  cpa?: Maybe<Money>;
  /** Impressions. */
  impressions: Scalars['Int']['output'];
  /** Attributed revenue / spend, 4 decimals; null without spend. */
  roas?: Maybe<Scalars['Float']['output']>;
  /** Spend. */
  spend: Money;
};

/**
 * Ad performance over a range. Attributed revenue is what the platforms report for their
 * campaigns (ad_spend.attributed_revenue), not matched to orders; ROAS is attributed revenue /
 * spend, CPA is spend / platform-reported conversions.
 */
export type AdPerformance = {
  __typename?: 'AdPerformance';
  /** Per campaign, the largest spend first. */
  campaigns: Array<AdCampaignPerformance>;
  /** Per platform, by name. */
  platforms: Array<AdPlatformPerformance>;
  /** Totals over the compared period; null without compareTo. */
  previous?: Maybe<AdFigures>;
  /** The compared period; null without compareTo. */
  previousRange?: Maybe<DateRange>;
  /** The range reported. */
  range: DateRange;
  /** Over every campaign. */
  totals: AdFigures;
};

/** An advertising platform. */
export type AdPlatform =
  /** Google ads. */
  | 'google_ads'
  /** Meta (Facebook, Instagram) ads. */
  | 'meta_ads';

/** One platform's performance. */
export type AdPlatformPerformance = {
  __typename?: 'AdPlatformPerformance';
  /** Revenue the platform attributes to its campaigns. */
  attributedRevenue: Money;
  /** Clicks. */
  clicks: Scalars['Int']['output'];
  /** Conversions. */
  conversions: Scalars['Int']['output'];
  /** Spend per conversion; null without conversions. */
  cpa?: Maybe<Money>;
  /** Impressions. */
  impressions: Scalars['Int']['output'];
  /** The platform. */
  platform: AdPlatform;
  /** Attributed revenue / spend; null without spend. */
  roas?: Maybe<Scalars['Float']['output']>;
  /** Spend. */
  spend: Money;
};

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

/** Input of pauseAiAccess and resumeAiAccess (and of the deprecated pauseAi and resumeAi). */
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

/** The analytics caught up with writes: profit snapshots, customer metrics and sales velocity recomputed for what they changed. */
export type AnalyticsUpdatedEvent = {
  __typename?: 'AnalyticsUpdatedEvent';
  /** How many customers' metrics were recomputed. */
  customers: Scalars['Int']['output'];
  /** The account's local days whose profit snapshots were recomputed, oldest first (however old: a late refund names its order's day). */
  days: Array<Scalars['Date']['output']>;
  /** The event's identifier. */
  eventId: Scalars['ID']['output'];
  /** When the catch-up finished. */
  occurredAt: Scalars['DateTime']['output'];
  /** How many SKUs' sales velocity was recomputed. */
  skus: Scalars['Int']['output'];
};

/** A deviation of a metric from its expected value. */
export type Anomaly = Node & {
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
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** The inferred cause (free text). */
  inferredCause: Scalars['String']['output'];
  /** Univariate or correlated. */
  kind: AnomalyKind;
  /** The v1 (REST) integer id of this Anomaly. */
  legacyId: Scalars['Int']['output'];
  /** The metric. */
  metric: AnomalyMetric;
  /** The metric in words, as insight titles name it ("Margin", "Average order value"): what to show people. */
  metricName: Scalars['String']['output'];
  /** The local day the anomaly is about (the account's time zone): always a closed day, before the day it was detected. */
  observedOn: Scalars['Date']['output'];
  /** The observed value. */
  observedValue: Scalars['Decimal']['output'];
  /** How serious it is. */
  severity: Severity;
  /** Standard score of the deviation. */
  zScore: Scalars['Decimal']['output'];
};

/** An anomaly as announced (the anomaly.detected event). */
export type AnomalyDetectedEvent = {
  __typename?: 'AnomalyDetectedEvent';
  /** Up or down. */
  direction: Direction;
  /** The event's identifier (the webhook event id). */
  eventId: Scalars['ID']['output'];
  /** The expected value. */
  expected: Scalars['Float']['output'];
  /** Univariate or correlated. */
  kind: AnomalyKind;
  /** The metric. */
  metric: Scalars['String']['output'];
  /** The metric in words, as insight titles name it ("Margin", "Average order value"): what to show people. */
  metricName: Scalars['String']['output'];
  /** The observed value. */
  observed: Scalars['Float']['output'];
  /** When the change was written. */
  occurredAt: Scalars['DateTime']['output'];
  /** How serious it is. */
  severity: Severity;
  /** Standard score of the deviation. */
  zScore: Scalars['Float']['output'];
};

/** An anomaly and its cursor. */
export type AnomalyEdge = {
  __typename?: 'AnomalyEdge';
  /** Opaque cursor of this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: Anomaly;
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
  /** The anomalies with their cursors (the whole window is one page). */
  edges: Array<AnomalyEdge>;
  /** The anomalies, newest first. */
  nodes: Array<Anomaly>;
  /** Where this page lies. */
  pageInfo: PageInfo;
  /** How many anomalies there are in all (under the same filter). */
  totalCount: Scalars['Int']['output'];
  /** The window in days actually used. */
  windowDays: Scalars['Int']['output'];
};

/** An API key's metadata. The key itself is shown only once, in createApiKey's payload. */
export type ApiKey = Node & {
  __typename?: 'ApiKey';
  /** When the key was created. */
  createdAt: Scalars['DateTime']['output'];
  /** live or test. */
  environment: KeyEnvironment;
  /** When the key stops working, if it expires. */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** When the key was last used (recorded with a short delay). */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The v1 (REST) integer id of this ApiKey. */
  legacyId: Scalars['Int']['output'];
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

/** What salesBreakdown groups orders by. */
export type BreakdownDimension =
  /** The buyer's country (unknown without a customer or a country). */
  | 'COUNTRY'
  /** The product (sku) of the order's lines; revenue is quantity × unit price of the lines. */
  | 'PRODUCT'
  /** The buyer's current customer segment (unknown without a customer). */
  | 'SEGMENT'
  /** The storefront or marketplace the order came from. */
  | 'SOURCE';

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

/** The period a report compares with. */
export type ComparePeriod =
  /** As many days, ending the day before the range starts. */
  | 'PREVIOUS_PERIOD'
  /** The same calendar dates one year earlier (29 February becomes 28 February). */
  | 'PREVIOUS_YEAR';

/** A conversation tracked with conversation.* events. */
export type Conversation = {
  __typename?: 'Conversation';
  /** The channel (props.channel of its first event that has one). */
  channel?: Maybe<Scalars['String']['output']>;
  /** Whether a conversation.closed, .resolved or .ended event arrived. */
  closed: Scalars['Boolean']['output'];
  /** props.conversation_id, else the session, else the visitor. */
  conversationId: Scalars['String']['output'];
  /** How many events. */
  events: Scalars['Int']['output'];
  /** The last event's name. */
  lastEvent: Scalars['String']['output'];
  /** Its last event. */
  lastEventAt: Scalars['DateTime']['output'];
  /** Its first event. */
  startedAt: Scalars['DateTime']['output'];
  /** The visitor. */
  visitorId?: Maybe<Scalars['String']['output']>;
};

/** Conversations of a window of days. */
export type ConversationWindow = {
  __typename?: 'ConversationWindow';
  /** The conversations, latest first. */
  nodes: Array<Conversation>;
  /** The window in days actually used. */
  windowDays: Scalars['Int']['output'];
};

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
  apiKey?: Maybe<ApiKey>;
  /** The full key. Store it now: it is never shown again. */
  key?: Maybe<Scalars['String']['output']>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
};

/** Input of createDashboardUser. */
export type CreateDashboardUserInput = {
  /** The new user's e-mail (unique across the service). */
  email: Scalars['String']['input'];
  /** owner or member (default member). */
  role?: InputMaybe<DashboardRole>;
};

/** Result of createDashboardUser. */
export type CreateDashboardUserPayload = {
  __typename?: 'CreateDashboardUserPayload';
  /** The one-time password to hand to the user. Store it now: it is never shown again. */
  oneTimePassword?: Maybe<Scalars['String']['output']>;
  /** The new user. */
  user?: Maybe<DashboardUser>;
  /** Why the mutation changed nothing (bad input, a duplicate e-mail); empty on success. */
  userErrors: Array<UserError>;
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
  secret?: Maybe<Scalars['String']['output']>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
  /** A reminder that the secret is shown once. */
  warning?: Maybe<Scalars['String']['output']>;
  /** The new subscription. */
  webhook?: Maybe<WebhookSubscription>;
};

/** An ad creative with its performance. */
export type Creative = {
  __typename?: 'Creative';
  /** The platform's creative id. */
  creativeId: Scalars['String']['output'];
  /** Its name. */
  name: Scalars['String']['output'];
  /** The platform. */
  platform: AdPlatform;
  /** Spend on it. */
  spend: Money;
};

/** Ad creatives: no connected data source provides them yet, so the list is empty. */
export type Creatives = {
  __typename?: 'Creatives';
  /** The creatives (empty until a source provides them). */
  nodes: Array<Creative>;
  /** The data sources that provided them (none yet). */
  sources: Array<Scalars['String']['output']>;
};

/** The kind of credential that made the request. */
export type CredentialKind =
  /** An API key (svc_live_… or svc_test_…). */
  | 'api_key'
  /** A signed-in dashboard session (a JWT). */
  | 'session';

/** One entry of the credit ledger. */
export type CreditTransaction = Node & {
  __typename?: 'CreditTransaction';
  /** Credits added (positive) or spent (negative). */
  amount: Scalars['Int']['output'];
  /** The balance after this transaction. */
  balanceAfter: Scalars['Int']['output'];
  /** When it happened. */
  createdAt: Scalars['DateTime']['output'];
  /** The AI feature charged or refunded (empty for purchases and grants). */
  feature: Scalars['String']['output'];
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** What happened. */
  kind: TransactionKind;
  /** The v1 (REST) integer id of this CreditTransaction. */
  legacyId: Scalars['Int']['output'];
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
  /** How many there are in all under the same filter (counted only when asked for). */
  totalCount: Scalars['Int']['output'];
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

/** Why the credit balance changed. */
export type CreditsChangeReason =
  /** A feature consumed credits. */
  | 'consumed'
  /** Credits were purchased (manually or by auto top-up). */
  | 'recharged'
  /** A consumption was refunded. */
  | 'refunded';

/** A change of the credit balance. */
export type CreditsChangedEvent = {
  __typename?: 'CreditsChangedEvent';
  /** The balance after the change. */
  balance: Scalars['Int']['output'];
  /** Credits added (positive) or taken (negative). */
  delta: Scalars['Int']['output'];
  /** The event's identifier. */
  eventId: Scalars['ID']['output'];
  /** The feature that consumed or got its refund (null for a recharge). */
  feature?: Maybe<Scalars['String']['output']>;
  /** When the change was written. */
  occurredAt: Scalars['DateTime']['output'];
  /** Why. */
  reason: CreditsChangeReason;
};

/** A buyer of the store, with metrics computed from its orders. */
export type Customer = Node & {
  __typename?: 'Customer';
  /**
   * Average order value.
   * @deprecated Use aovMoney. Removal on 2027-06-01.
   */
  aov: Scalars['Decimal']['output'];
  /** Average order value, in the account's currency. */
  aovMoney: Money;
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
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** When the customer last bought. */
  lastPurchaseAt?: Maybe<Scalars['DateTime']['output']>;
  /** The v1 (REST) integer id of this Customer. */
  legacyId: Scalars['Int']['output'];
  /**
   * Estimated lifetime value.
   * @deprecated Use ltvEstimateMoney. Removal on 2027-06-01.
   */
  ltvEstimate: Scalars['Decimal']['output'];
  /** Estimated lifetime value, in the account's currency. */
  ltvEstimateMoney: Money;
  /** Full name. */
  name: Scalars['String']['output'];
  /** Number of orders counted (cancelled ones excluded). */
  ordersCount: Scalars['Int']['output'];
  /** Phone number, if known. */
  phone?: Maybe<Scalars['String']['output']>;
  /** The customer's most recent orders, newest first. */
  recentOrders: Array<Order>;
  /**
   * Paid totals less refunds.
   * @deprecated Use revenueTotalMoney. Removal on 2027-06-01.
   */
  revenueTotal: Scalars['Decimal']['output'];
  /** Paid totals less refunds, in the account's currency. */
  revenueTotalMoney: Money;
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
  /** How many there are in all under the same filter (counted only when asked for). */
  totalCount: Scalars['Int']['output'];
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

/** What topCustomers ranks by. */
export type CustomerRankKey =
  /** Revenue less refunds of the range's orders. */
  | 'NET_REVENUE'
  /** Number of the range's orders. */
  | 'ORDERS'
  /** Gross revenue of the range's orders. */
  | 'REVENUE';

/** A customer's place in a range's ranking. */
export type CustomerRanking = {
  __typename?: 'CustomerRanking';
  /** The customer. */
  customer: Customer;
  /** The customer's first order in the range. */
  firstOrderAt: Scalars['DateTime']['output'];
  /** Gross revenue of those orders. */
  grossRevenue: Money;
  /** The customer's last order in the range. */
  lastOrderAt: Scalars['DateTime']['output'];
  /** Gross revenue less refunds of those orders. */
  netRevenue: Money;
  /** Orders in the range (cancelled excluded). */
  orders: Scalars['Int']['output'];
  /** 1 for the first. */
  rank: Scalars['Int']['output'];
  /** Share of the range's gross revenue, percent. */
  share: Scalars['Float']['output'];
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

/** One segment's customers and revenue. */
export type CustomerSegmentSummary = {
  __typename?: 'CustomerSegmentSummary';
  /** Share of all customers, percent. */
  customerShare: Scalars['Float']['output'];
  /** Customers in it. */
  customers: Scalars['Int']['output'];
  /** Their revenue totals. */
  revenue: Money;
  /** Share of all revenue, percent. */
  revenueShare: Scalars['Float']['output'];
  /** The segment. */
  segment: CustomerSegment;
};

/** The account's customers by segment. */
export type CustomerSegments = {
  __typename?: 'CustomerSegments';
  /** One row per segment, in the segments' order. */
  segments: Array<CustomerSegmentSummary>;
  /** Customers counted. */
  totalCustomers: Scalars['Int']['output'];
  /** Sum of the customers' revenue totals. */
  totalRevenue: Money;
};

/** What a dashboard user may do: owners everything, members read and work on insights, reorder suggestions and webhook deliveries. */
export type DashboardRole =
  /** Reads everything; resolves, dismisses and generates insights; marks or dismisses reorder suggestions; tests and resends webhooks. */
  | 'member'
  /** Every action, user management included. */
  | 'owner';

/** A person who signs in to the dashboard (POST /auth/login). */
export type DashboardUser = Node & {
  __typename?: 'DashboardUser';
  /** When the user was created. */
  createdAt: Scalars['DateTime']['output'];
  /** The sign-in e-mail (lower-case). */
  email: Scalars['String']['output'];
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** When the user last signed in. */
  lastSignInAt?: Maybe<Scalars['DateTime']['output']>;
  /** True until the user has replaced their one-time password. */
  mustChangePassword: Scalars['Boolean']['output'];
  /** owner or member. */
  role: DashboardRole;
};

/** The database check. */
export type DatabaseCheck = {
  __typename?: 'DatabaseCheck';
  /** Round-trip time of a trivial query, in milliseconds. */
  latencyMs: Scalars['Int']['output'];
  /** ok or error. */
  status: CheckState;
};

/** A range of the account's local days, both ends included. */
export type DateRange = {
  __typename?: 'DateRange';
  /** The first day. */
  from: Scalars['Date']['output'];
  /** The last day. */
  to: Scalars['Date']['output'];
};

/** A range of the account's local days, both ends included. */
export type DateRangeInput = {
  /** The first day (1970-01-01 or later). */
  from: Scalars['Date']['input'];
  /** The last day (on or after from, at most 3,660 days later, 2999-12-31 at the latest). */
  to: Scalars['Date']['input'];
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
  id: Scalars['ID']['input'];
};

/** Result of disconnectIntegration. */
export type DisconnectIntegrationPayload = {
  __typename?: 'DisconnectIntegrationPayload';
  /** The integration, now revoked. */
  integration?: Maybe<Integration>;
  /** Why the mutation changed nothing (not found, already revoked); empty on success. */
  userErrors: Array<UserError>;
};

/** Input of enableWebhook. */
export type EnableWebhookInput = {
  /** The subscription. */
  id: Scalars['ID']['input'];
};

/** Result of enableWebhook. */
export type EnableWebhookPayload = {
  __typename?: 'EnableWebhookPayload';
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
  /** The subscription, active again. */
  webhook?: Maybe<WebhookSubscription>;
};

/** An insight generation that failed after its debit (refunded at once). */
export type FailedGeneration = {
  __typename?: 'FailedGeneration';
  /** The credit balance right after this refund. */
  balance: Scalars['Int']['output'];
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
  balance?: Maybe<Scalars['Int']['output']>;
  /** Generations that failed after the debit. */
  failed?: Maybe<Array<FailedGeneration>>;
  /** Insights created by this call. */
  insights?: Maybe<Array<Insight>>;
  /** True when any debit of this call was refunded. */
  refunded?: Maybe<Scalars['Boolean']['output']>;
  /** Findings that already had an open insight (nothing charged). */
  skippedOpen?: Maybe<Scalars['Int']['output']>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
};

/** Input of importData. */
export type ImportDataInput = {
  /** The file's text. */
  content: Scalars['String']['input'];
  /** A name to show for the import. */
  fileName?: InputMaybe<Scalars['String']['input']>;
  /** csv or ndjson. */
  format: ImportFormat;
  /** What the file holds. */
  kind: ImportKind;
  /** The storefront the records are from: shopify (default), woo-commerce or mercado-libre. */
  source?: InputMaybe<Scalars['String']['input']>;
};

/** Result of importData. */
export type ImportDataPayload = {
  __typename?: 'ImportDataPayload';
  /** The import, queued. */
  importJob?: Maybe<ImportJob>;
  /** Why the mutation changed nothing (bad input); empty on success. */
  userErrors: Array<UserError>;
};

/** The file format. */
export type ImportFormat =
  /** Comma-separated values with a header row. */
  | 'csv'
  /** One JSON object per line. */
  | 'ndjson';

/** A file import and its progress. */
export type ImportJob = Node & {
  __typename?: 'ImportJob';
  /** The file's size in bytes. */
  bytes: Scalars['Int']['output'];
  /** When the file was received. */
  createdAt: Scalars['DateTime']['output'];
  /** CSV: shopify (Shopify's orders export) or generic; null for NDJSON or before reading. */
  dialect?: Maybe<Scalars['String']['output']>;
  /** Why a failed import failed. */
  error?: Maybe<Scalars['String']['output']>;
  /** The name given at upload. */
  fileName?: Maybe<Scalars['String']['output']>;
  /** When it finished. */
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The file format. */
  format: ImportFormat;
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** What the file holds. */
  kind: ImportKind;
  /** The v1 (REST) integer id of this ImportJob. */
  legacyId: Scalars['Int']['output'];
  /** The first 1,000 rejected rows, in file order. */
  rejectedRows: Array<ImportRejection>;
  /** Rows read so far (stored + skipped + rejected once finished). */
  rowsRead: Scalars['Int']['output'];
  /** Rows rejected (see rejectedRows). */
  rowsRejected: Scalars['Int']['output'];
  /** Rows whose record was already stored as it is, or older than the stored one. */
  rowsSkipped: Scalars['Int']['output'];
  /** Rows whose record was stored or changed. */
  rowsStored: Scalars['Int']['output'];
  /** The storefront the records are from (shopify, woo-commerce, mercado-libre). */
  source: Scalars['String']['output'];
  /** When a worker started reading it. */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where the import is. */
  status: ImportStatus;
};

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

/** A rejected row of an import file. */
export type ImportRejection = {
  __typename?: 'ImportRejection';
  /** The column (CSV) or field (NDJSON) at fault; null when the whole row is. */
  field?: Maybe<Scalars['String']['output']>;
  /** The row's line in the file (its first line, for a CSV record over several lines). */
  line: Scalars['Int']['output'];
  /** Why the row was rejected. */
  reason: Scalars['String']['output'];
};

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

/** A finding with a suggested action. */
export type Insight = Node & {
  __typename?: 'Insight';
  /** Explanation. */
  body: Scalars['String']['output'];
  /** What it is about. */
  category: InsightCategory;
  /** When it was found. */
  computedAt: Scalars['DateTime']['output'];
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** Estimated impact (free text). */
  impactEstimate: Scalars['String']['output'];
  /** The v1 (REST) integer id of this Insight. */
  legacyId: Scalars['Int']['output'];
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
  /** How many there are in all under the same filter (counted only when asked for). */
  totalCount: Scalars['Int']['output'];
};

/** A new insight. */
export type InsightCreatedEvent = {
  __typename?: 'InsightCreatedEvent';
  /** What it is about. */
  category: Scalars['String']['output'];
  /** The event's identifier. */
  eventId: Scalars['ID']['output'];
  /** The insight's identifier (Query.insights lists it). */
  insightId: Scalars['ID']['output'];
  /** When the insight was stored. */
  occurredAt: Scalars['DateTime']['output'];
  /** How urgent it is. */
  severity: Severity;
  /** Headline. */
  title: Scalars['String']['output'];
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
export type Integration = Node & {
  __typename?: 'Integration';
  /** When it was connected. */
  connectedAt: Scalars['DateTime']['output'];
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** When the last sync completed. */
  lastSyncAt?: Maybe<Scalars['DateTime']['output']>;
  /** Whole minutes since the last sync. */
  lastSyncMinutesAgo?: Maybe<Scalars['Int']['output']>;
  /** The v1 (REST) integer id of this Integration. */
  legacyId: Scalars['Int']['output'];
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
  /** The connector's sync: phase, backfill progress and last error (docs/connectors/shopify-sync.md); null when no connector syncs this integration. */
  syncStatus?: Maybe<IntegrationSyncStatus>;
};

/** An integration and its cursor. */
export type IntegrationEdge = {
  __typename?: 'IntegrationEdge';
  /** Opaque cursor of this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: Integration;
};

/** An error of an integration's sync or of the processing of one of its webhook deliveries. */
export type IntegrationError = {
  __typename?: 'IntegrationError';
  /** When it happened: a delivery's last failed attempt, a stream's last update. */
  at: Scalars['DateTime']['output'];
  /** Processing attempts made so far (a delivery); null for a sync error. */
  attempts?: Maybe<Scalars['Int']['output']>;
  /** What went wrong (never the delivery's content). */
  message: Scalars['String']['output'];
  /** When a delivery's next attempt is due; null when none is (given up) and for a sync error. */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where it arose. */
  source: IntegrationErrorSource;
  /** The webhook topic (orders/create ...); null for a sync error. */
  topic?: Maybe<Scalars['String']['output']>;
  /** Whether it is tried again: a delivery before its last attempt, a failed stream at the next sync run. */
  willRetry: Scalars['Boolean']['output'];
};

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

/** Backfill progress. */
export type IntegrationSyncProgress = {
  __typename?: 'IntegrationSyncProgress';
  /** Estimated seconds left; null before any progress. */
  etaSeconds?: Maybe<Scalars['Int']['output']>;
  /** Percent of the backfill done; null before its first download starts. */
  percent?: Maybe<Scalars['Float']['output']>;
  /** Records stored by the backfill so far. */
  records: Scalars['Int']['output'];
};

/** An integration's sync status. */
export type IntegrationSyncStatus = {
  __typename?: 'IntegrationSyncStatus';
  /** The last error of a stream (a failed bulk operation, rejected records), or null. */
  lastError?: Maybe<Scalars['String']['output']>;
  /** The phase. */
  phase: IntegrationSyncPhase;
  /** Backfill progress. */
  progress: IntegrationSyncProgress;
  /** The integration's recent errors, newest first: its sync streams' last errors and its webhook deliveries whose processing failed (being retried, or given up), at most 10. A delivery processed since is no longer listed. */
  recentErrors: Array<IntegrationError>;
};

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
  /** The integrations with their cursors (every integration is on the one page). */
  edges: Array<IntegrationEdge>;
  /** Every integration of the account. */
  nodes: Array<Integration>;
  /** Where this page lies. */
  pageInfo: PageInfo;
  /** How many integrations there are in all (under the same filter). */
  totalCount: Scalars['Int']['output'];
  /** How many integrations are in each status. */
  totals: IntegrationTotals;
};

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

/** The inventory list and its summary. */
export type Inventory = {
  __typename?: 'Inventory';
  /** The items with their cursors (one page of at most `first` items, most urgent first). */
  edges: Array<InventoryItemEdge>;
  /** When this answer was made. */
  generatedAt: Scalars['DateTime']['output'];
  /** The items, most urgent first. */
  nodes: Array<InventoryItem>;
  /** Where this page lies. */
  pageInfo: PageInfo;
  /** Counts over every computed item of the account. */
  summary: InventorySummary;
  /** How many items there are in all (under the same filter). */
  totalCount: Scalars['Int']['output'];
};

/** A stocked product with its sales velocity. */
export type InventoryItem = Node & {
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
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** The v1 (REST) integer id of this InventoryItem. */
  legacyId: Scalars['Int']['output'];
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

/** An inventoryItem and its cursor. */
export type InventoryItemEdge = {
  __typename?: 'InventoryItemEdge';
  /** Opaque cursor of this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: InventoryItem;
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

/** A scheduled job's last run for the account. */
export type JobHealth = {
  __typename?: 'JobHealth';
  /** The job's name. */
  job: Scalars['String']['output'];
  /** The error of the last run when it failed. */
  lastError?: Maybe<Scalars['String']['output']>;
  /** When its last run started. */
  lastRunAt?: Maybe<Scalars['DateTime']['output']>;
  /** Its last run's state; null when it never ran for the account. */
  lastStatus?: Maybe<JobRunState>;
  /** When it last succeeded. */
  lastSuccessAt?: Maybe<Scalars['DateTime']['output']>;
  /** Whether its last success is older than two periods. */
  late: Scalars['Boolean']['output'];
};

/** State of a job's last run. */
export type JobRunState =
  /** Failed. */
  | 'FAILED'
  /** Still running. */
  | 'RUNNING'
  /** Succeeded. */
  | 'SUCCEEDED';

/** The environment of an API key, visible in its prefix. */
export type KeyEnvironment =
  /** svc_live_ keys. */
  | 'live'
  /** svc_test_ keys. */
  | 'test';

/** An amount of money in the account's currency. */
export type Money = {
  __typename?: 'Money';
  /** The amount, exact, with two decimals. */
  amount: Scalars['Decimal']['output'];
  /** ISO 4217 code of the account's currency. */
  currencyCode: Scalars['String']['output'];
};

/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type Mutation = {
  __typename?: 'Mutation';
  /** Creates an API key for the session's account. Dashboard sessions only; the key is shown once. */
  createApiKey?: Maybe<CreateApiKeyPayload>;
  /** Adds a dashboard user to the account with a one-time password (shown once in the payload; changed at first sign-in). An owner's dashboard session only. */
  createDashboardUser?: Maybe<CreateDashboardUserPayload>;
  /** Subscribes an HTTPS URL to events; the signing secret is in the payload, once. Needs write. */
  createWebhook?: Maybe<CreateWebhookPayload>;
  /** Disconnects an integration: revoked (reason manual, integration.revoked), its tokens deleted. A revoked one cannot be disconnected again (conflict). Needs write; an owner's. */
  disconnectIntegration?: Maybe<DisconnectIntegrationPayload>;
  /** Re-enables a subscription deactivated after 20 failed attempts (fail count reset; counts toward the 25 active). Needs write. */
  enableWebhook?: Maybe<EnableWebhookPayload>;
  /** Runs the AI insight generation for the account now: 5 credits per new insight (at most 10 per call); a generation that fails after its debit is refunded at once. payment_required while AI access is paused or when the balance covers no insight. Needs write. */
  generateInsights: GenerateInsightsPayload;
  /** Imports a file of orders, customers, products, ad spend or expenses (docs/imports.md), given as text in content; the request body limit (1 MiB) applies, so larger files go to POST /api/v1/imports or svc import. The file is queued for a worker: poll importJob. Needs write. */
  importData?: Maybe<ImportDataPayload>;
  /**
   * Pauses AI access (enabled to paused) and emits ai.paused; while paused every operation that would spend credits answers payment_required. Dashboard session only. Answers a refusal (already paused) as a top-level conflict.
   * @deprecated Use pauseAiAccess (its refusals are userErrors). Removal on 2027-06-01.
   */
  pauseAi?: Maybe<AiAccess>;
  /** Pauses AI access (enabled to paused) and emits ai.paused; while paused every operation that would spend credits answers payment_required. Already paused, or a reason over 500 characters, is a user error. Dashboard session only. */
  pauseAiAccess?: Maybe<PauseAiAccessPayload>;
  /** Queues again every failed or cancelled delivery of a subscription since a time (at most 7 days back). Needs write. */
  recoverWebhookDeliveries?: Maybe<RecoverWebhookDeliveriesPayload>;
  /** Removes a dashboard user of the account; their sessions end at once. Not yourself, and never the last owner. An owner's dashboard session only. */
  removeDashboardUser?: Maybe<RemoveDashboardUserPayload>;
  /** Sends a delivery now (same id, event and body, signed afresh): one that has ended gets a new attempt, a pending one its next attempt brought forward, once (a delivery already due or being sent is left as it is). A conflict user error when its subscription is deactivated. Needs write. */
  resendWebhookDelivery?: Maybe<ResendWebhookDeliveryPayload>;
  /**
   * Resumes AI access (paused to enabled) and emits ai.resumed. Dashboard session only. Answers a refusal (not paused) as a top-level conflict.
   * @deprecated Use resumeAiAccess (its refusals are userErrors). Removal on 2027-06-01.
   */
  resumeAi?: Maybe<AiAccess>;
  /** Resumes AI access (paused to enabled) and emits ai.resumed. Not paused, or a reason over 500 characters, is a user error. Dashboard session only. */
  resumeAiAccess?: Maybe<ResumeAiAccessPayload>;
  /** Queues a full re-sync of a live integration (the connector's backfill runs again). Needs write; an owner's. */
  resyncIntegration?: Maybe<ResyncIntegrationPayload>;
  /** Revokes one of the session account's API keys. Dashboard sessions only. */
  revokeApiKey?: Maybe<RevokeApiKeyPayload>;
  /** Revokes a subscription (irreversibly). Needs write. */
  revokeWebhook?: Maybe<RevokeWebhookPayload>;
  /** Replaces the signing secret; the old one keeps signing beside it for the grace period. The new secret is returned once. Needs write. */
  rotateWebhookSecret?: Maybe<RotateWebhookSecretPayload>;
  /** Resolves, dismisses or reopens an insight (reopening clears resolvedAt). Needs write. */
  setInsightStatus?: Maybe<SetInsightStatusPayload>;
  /** Sets the account's refund attribution (on the order's day or on the refund's day). A change has the account's profit snapshots of every day a refund touches recomputed under the new rule by the analytics catch-up (seconds); setting the current value again changes nothing. Needs write; an owner's, for a dashboard session. */
  setRefundAttribution?: Maybe<SetRefundAttributionPayload>;
  /** Marks a reorder suggestion ordered or dismissed, or a dismissed one pending again (ordered is final). Needs write. */
  setReorderStatus?: Maybe<SetReorderStatusPayload>;
  /** Starts connecting a Shopify store: validates the shop and answers the address the browser opens (the install route, which binds a single-use state to this user and browser and redirects to the shop's authorize page). An owner's dashboard session only. */
  startShopifyInstall?: Maybe<StartShopifyInstallPayload>;
  /** Sends a webhook.test event to the subscription now and returns the attempt's outcome. Needs write. */
  testWebhook?: Maybe<TestWebhookPayload>;
  /** Records a custom tracking event in the account's event stream (geo from the client address). Needs write. */
  trackEvent?: Maybe<TrackEventPayload>;
  /** Sets the account's auto top-up: whether it is on, the balance below which it recharges and the credits per recharge. threshold and topUpAmount from 1 to 1,000,000, else an invalid_parameter user error and nothing changes. An owner's dashboard session only. */
  updateAutoTopup?: Maybe<UpdateAutoTopupPayload>;
  /** Changes a customer's contact fields (metrics are computed and cannot be set). Needs write. */
  updateCustomerContact?: Maybe<UpdateCustomerContactPayload>;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationCreateApiKeyArgs = {
  input: CreateApiKeyInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationCreateDashboardUserArgs = {
  input: CreateDashboardUserInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationCreateWebhookArgs = {
  input: CreateWebhookInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationDisconnectIntegrationArgs = {
  input: DisconnectIntegrationInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationEnableWebhookArgs = {
  input: EnableWebhookInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationImportDataArgs = {
  input: ImportDataInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationPauseAiArgs = {
  input?: InputMaybe<AiAccessChangeInput>;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationPauseAiAccessArgs = {
  input?: InputMaybe<AiAccessChangeInput>;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationRecoverWebhookDeliveriesArgs = {
  input: RecoverWebhookDeliveriesInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationRemoveDashboardUserArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationResendWebhookDeliveryArgs = {
  input: ResendWebhookDeliveryInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationResumeAiArgs = {
  input?: InputMaybe<AiAccessChangeInput>;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationResumeAiAccessArgs = {
  input?: InputMaybe<AiAccessChangeInput>;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationResyncIntegrationArgs = {
  input: ResyncIntegrationInput;
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
export type MutationRotateWebhookSecretArgs = {
  input: RotateWebhookSecretInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationSetInsightStatusArgs = {
  input: SetInsightStatusInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationSetRefundAttributionArgs = {
  input: SetRefundAttributionInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationSetReorderStatusArgs = {
  input: SetReorderStatusInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationStartShopifyInstallArgs = {
  input: StartShopifyInstallInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationTestWebhookArgs = {
  input: TestWebhookInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationTrackEventArgs = {
  input: TrackEventInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationUpdateAutoTopupArgs = {
  input: UpdateAutoTopupInput;
};


/** The entry points for changing data. Every field needs the write scope (key management: a dashboard session). */
export type MutationUpdateCustomerContactArgs = {
  input: UpdateCustomerContactInput;
};

/** An object with a global id: `node(id)` and `nodes(ids)` refetch it. */
export type Node = {
  /** Opaque global id, encoding the type; stable for the object's life. */
  id: Scalars['ID']['output'];
};

/** An order placed on one of the account's storefronts or marketplaces. */
export type Order = Node & {
  __typename?: 'Order';
  /** Currency code of its amounts. */
  currency: Scalars['String']['output'];
  /** The buyer, if known. */
  customer?: Maybe<Customer>;
  /** The platform's own order identifier. */
  externalId: Scalars['String']['output'];
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** The v1 (REST) integer id of this Order. */
  legacyId: Scalars['Int']['output'];
  /** When it was placed. */
  placedAt: Scalars['DateTime']['output'];
  /**
   * Amount refunded.
   * @deprecated Use refundedAmountMoney. Removal on 2027-06-01.
   */
  refundedAmount: Scalars['Decimal']['output'];
  /** Amount refunded, in the order's currency. */
  refundedAmountMoney: Money;
  /** Where it was placed. */
  source: CommerceSource;
  /** The order's state. */
  status: OrderStatus;
  /**
   * Sum of the lines before discounts, shipping and tax.
   * @deprecated Use subtotalMoney. Removal on 2027-06-01.
   */
  subtotal: Scalars['Decimal']['output'];
  /** Sum of the lines before discounts, shipping and tax, in the order's currency. */
  subtotalMoney: Money;
  /**
   * Amount paid.
   * @deprecated Use totalAmountMoney. Removal on 2027-06-01.
   */
  totalAmount: Scalars['Decimal']['output'];
  /** Amount paid, in the order's currency. */
  totalAmountMoney: Money;
};

/** A page of orders. */
export type OrderConnection = {
  __typename?: 'OrderConnection';
  /** The orders with their cursors. */
  edges: Array<OrderEdge>;
  /** The orders. */
  nodes: Array<Order>;
  /** Where this page lies. */
  pageInfo: PageInfo;
  /** How many orders match the filter in all. */
  totalCount: Scalars['Int']['output'];
};

/** An order and its cursor. */
export type OrderEdge = {
  __typename?: 'OrderEdge';
  /** Opaque cursor of this order in the requested sort. */
  cursor: Scalars['String']['output'];
  /** The order. */
  node: Order;
};

/** Which orders the orders list holds (every condition given must hold). */
export type OrderFilter = {
  /** Of this customer. */
  customerId?: InputMaybe<Scalars['ID']['input']>;
  /** Placed on these local days. */
  range?: InputMaybe<DateRangeInput>;
  /** From this source. */
  source?: InputMaybe<CommerceSource>;
  /** In this state. */
  status?: InputMaybe<OrderStatus>;
};

/** What the orders list is sorted by. */
export type OrderSortKey =
  /** The order's id. */
  | 'ID'
  /** The time the order was placed. */
  | 'PLACED_AT'
  /** The order's total. */
  | 'TOTAL';

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

/** Result of pauseAiAccess. */
export type PauseAiAccessPayload = {
  __typename?: 'PauseAiAccessPayload';
  /** The account's AI access, paused. */
  aiAccess?: Maybe<AiAccess>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
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

/** The profit of one interval. */
export type ProfitBucket = {
  __typename?: 'ProfitBucket';
  /**
   * Whether its figures are final: every day of it has ended in the account's time zone and the
   * profit job has recomputed it since (false for a bucket holding today, a future day, or a day
   * after the newest snapshot).
   */
  complete: Scalars['Boolean']['output'];
  /** The bucket's last day (the range's last day for a clipped last bucket). */
  end: Scalars['Date']['output'];
  /** The bucket's first day (the range's first day for a clipped first bucket). */
  start: Scalars['Date']['output'];
  /** The bucket's totals. */
  totals: ProfitPeriodTotals;
};

/** Percent change of each figure from the compared period (null where the compared figure is 0 or missing). */
export type ProfitChange = {
  __typename?: 'ProfitChange';
  /** Ad spend, percent. */
  adSpend?: Maybe<Scalars['Float']['output']>;
  /** Average order value, percent. */
  aov?: Maybe<Scalars['Float']['output']>;
  /** Final profit, percent. */
  finalProfit?: Maybe<Scalars['Float']['output']>;
  /** Gross revenue, percent. */
  grossRevenue?: Maybe<Scalars['Float']['output']>;
  /** Margin, the difference in percentage points. */
  marginPctPoints?: Maybe<Scalars['Float']['output']>;
  /** Net revenue, percent. */
  netRevenue?: Maybe<Scalars['Float']['output']>;
  /** New customers, percent. */
  newCustomers?: Maybe<Scalars['Float']['output']>;
  /** Operational profit, percent. */
  operationalProfit?: Maybe<Scalars['Float']['output']>;
  /** Purchases, percent. */
  purchaseCount?: Maybe<Scalars['Float']['output']>;
  /** ROAS, percent. */
  roas?: Maybe<Scalars['Float']['output']>;
};

/**
 * The figures of a period: sums of its days' profit snapshots (every component of the v1 snapshot),
 * purchases, new customers, and ratios computed from the sums.
 */
export type ProfitPeriodTotals = {
  __typename?: 'ProfitPeriodTotals';
  /** Ad spend dated in the period. */
  adSpend: Money;
  /** Average order value: gross revenue per purchase; null without purchases. */
  aov?: Maybe<Money>;
  /** Estimated cost of goods sold. */
  cogsEstimate: Money;
  /** Other expenses charged in the period: a one-off expense on its day, a monthly one spread over the days of its month. */
  extraExpenses: Money;
  /** Payment and marketplace fees. */
  feesEstimate: Money;
  /** Operational profit less ad spend and other expenses. */
  finalProfit: Money;
  /** Sum of the orders' totals (cancelled orders excluded). */
  grossRevenue: Money;
  /** Final profit as a percentage of net revenue over the period (weighted by revenue), 2 decimals; 0 without net revenue, as v1. */
  marginPct: Scalars['Float']['output'];
  /** Gross revenue less refunds. */
  netRevenue: Money;
  /** Customers whose first purchase falls in the period. */
  newCustomers: Scalars['Int']['output'];
  /** Net revenue less cost of goods, fees and shipping. */
  operationalProfit: Money;
  /** Purchases (non-cancelled orders). */
  purchaseCount: Scalars['Int']['output'];
  /** Sum of the refunded amounts. */
  refunds: Money;
  /** Gross revenue per unit of ad spend (blended, all platforms), 4 decimals; null without ad spend. */
  roas?: Maybe<Scalars['Float']['output']>;
  /** Shipping costs. */
  shippingEstimate: Money;
};

/** Profit over a range by interval. */
export type ProfitReport = {
  __typename?: 'ProfitReport';
  /** One bucket per interval of the range, oldest first, days without data counting zero. */
  buckets: Array<ProfitBucket>;
  /** Change from the compared period to the range; null without compareTo. */
  change?: Maybe<ProfitChange>;
  /** The length of the buckets. */
  interval: Interval;
  /** Totals over the compared period; null without compareTo. */
  previous?: Maybe<ProfitPeriodTotals>;
  /** The compared period; null without compareTo. */
  previousRange?: Maybe<DateRange>;
  /** The range reported. */
  range: DateRange;
  /** Totals over the whole range. */
  totals: ProfitPeriodTotals;
};

/** The profit of one day. */
export type ProfitSnapshot = {
  __typename?: 'ProfitSnapshot';
  /**
   * Ad spend.
   * @deprecated Use adSpendMoney. Removal on 2027-06-01.
   */
  adSpend: Scalars['Decimal']['output'];
  /** Ad spend, in the account's currency. */
  adSpendMoney: Money;
  /**
   * Estimated cost of goods.
   * @deprecated Use cogsEstimateMoney. Removal on 2027-06-01.
   */
  cogsEstimate: Scalars['Decimal']['output'];
  /** Estimated cost of goods, in the account's currency. */
  cogsEstimateMoney: Money;
  /** False when the snapshot was computed while its local day was still open (today: a partial day, its figures still growing); true once a run after the day's end recomputed it. */
  complete: Scalars['Boolean']['output'];
  /**
   * Other expenses.
   * @deprecated Use extraExpensesMoney. Removal on 2027-06-01.
   */
  extraExpenses: Scalars['Decimal']['output'];
  /** Other expenses, in the account's currency. */
  extraExpensesMoney: Money;
  /**
   * Estimated fees.
   * @deprecated Use feesEstimateMoney. Removal on 2027-06-01.
   */
  feesEstimate: Scalars['Decimal']['output'];
  /** Estimated fees, in the account's currency. */
  feesEstimateMoney: Money;
  /**
   * Profit after everything.
   * @deprecated Use finalProfitMoney. Removal on 2027-06-01.
   */
  finalProfit: Scalars['Decimal']['output'];
  /** Profit after everything, in the account's currency. */
  finalProfitMoney: Money;
  /**
   * Gross revenue.
   * @deprecated Use grossRevenueMoney. Removal on 2027-06-01.
   */
  grossRevenue: Scalars['Decimal']['output'];
  /** Gross revenue, in the account's currency. */
  grossRevenueMoney: Money;
  /** Final profit as a percentage of net revenue. */
  marginPct: Scalars['Decimal']['output'];
  /**
   * Revenue after refunds.
   * @deprecated Use netRevenueMoney. Removal on 2027-06-01.
   */
  netRevenue: Scalars['Decimal']['output'];
  /** Revenue after refunds, in the account's currency. */
  netRevenueMoney: Money;
  /**
   * Profit before ads and expenses.
   * @deprecated Use operationalProfitMoney. Removal on 2027-06-01.
   */
  operationalProfit: Scalars['Decimal']['output'];
  /** Profit before ads and expenses, in the account's currency. */
  operationalProfitMoney: Money;
  /** Purchases that day. */
  purchaseCount: Scalars['Int']['output'];
  /**
   * Refunds.
   * @deprecated Use refundsMoney. Removal on 2027-06-01.
   */
  refunds: Scalars['Decimal']['output'];
  /** Refunds, in the account's currency. */
  refundsMoney: Money;
  /**
   * Estimated shipping.
   * @deprecated Use shippingEstimateMoney. Removal on 2027-06-01.
   */
  shippingEstimate: Scalars['Decimal']['output'];
  /** Estimated shipping, in the account's currency. */
  shippingEstimateMoney: Money;
  /** The day, in the account's time zone. */
  snapshotDate: Scalars['Date']['output'];
};

/** Totals over the returned days. */
export type ProfitTotals = {
  __typename?: 'ProfitTotals';
  /**
   * Sum of ad spend.
   * @deprecated Use adSpendMoney. Removal on 2027-06-01.
   */
  adSpend: Scalars['Decimal']['output'];
  /** Sum of ad spend, in the account's currency. */
  adSpendMoney: Money;
  /** Mean margin percentage of the returned days. */
  avgMarginPct: Scalars['Decimal']['output'];
  /** Days returned. */
  daysReturned: Scalars['Int']['output'];
  /**
   * Sum of final profit.
   * @deprecated Use finalProfitMoney. Removal on 2027-06-01.
   */
  finalProfit: Scalars['Decimal']['output'];
  /** Sum of final profit, in the account's currency. */
  finalProfitMoney: Money;
  /**
   * Sum of gross revenue.
   * @deprecated Use grossRevenueMoney. Removal on 2027-06-01.
   */
  grossRevenue: Scalars['Decimal']['output'];
  /** Sum of gross revenue, in the account's currency. */
  grossRevenueMoney: Money;
  /** Sum of purchases. */
  purchaseCount: Scalars['Int']['output'];
};

/** The entry points for reading. Every field needs the read scope. */
export type Query = {
  __typename?: 'Query';
  /** Integration and job health of the account (the twin of GET /api/v1/health). */
  accountHealth?: Maybe<AccountHealth>;
  /** Ad spend, attributed revenue, ROAS and CPA per platform and campaign over a range, with totals. */
  adPerformance?: Maybe<AdPerformance>;
  /** Whether the account's AI features may spend credits, and its monthly cost thresholds. */
  aiAccess?: Maybe<AiAccess>;
  /** Anomalies detected in the last `days` whole days (1 to 90, default 7), newest first. */
  anomalies?: Maybe<AnomalyWindow>;
  /** Conversations tracked with conversation.* events, latest first (the twin of GET /api/v1/conversations). */
  conversations?: Maybe<ConversationWindow>;
  /** Ad creatives with their performance (the twin of GET /api/v1/creatives). */
  creatives?: Maybe<Creatives>;
  /** One customer of the account by id; null when the account has no such customer. */
  customer?: Maybe<Customer>;
  /** Customers, revenue and shares per segment, every segment listed (the twin of GET /api/v1/customers/segments). */
  customerSegments?: Maybe<CustomerSegments>;
  /** The account's customers, a page at a time (at most 100 per page). */
  customers?: Maybe<CustomerConnection>;
  /** The account's dashboard users, oldest first. An owner's dashboard session only (owner_required, session_required). */
  dashboardUsers: Array<DashboardUser>;
  /** A file import of the account: its status, counts and rejected rows; null for an unknown id or another account's import. Needs read. */
  importJob?: Maybe<ImportJob>;
  /** Insights found by the ai-insights-generate job, newest first. */
  insights?: Maybe<InsightConnection>;
  /** The account's integrations (storefronts, marketplaces, ad accounts, payments) and their totals. */
  integrations?: Maybe<Integrations>;
  /** Computed inventory items, most urgent first, with a summary of the whole account. */
  inventory?: Maybe<Inventory>;
  /** The object with this global id; null for an unknown id, an unknown type, anything that is not a global id, or another account's object. */
  node?: Maybe<Node>;
  /** The objects with these global ids, in the order asked; each null as node(id) would be (at most 100 ids). */
  nodes: Array<Maybe<Node>>;
  /** The account's orders, filtered and sorted, a page at a time (at most 100 per page). */
  orders?: Maybe<OrderConnection>;
  /** Daily profit snapshots of the last `days` local days (1 to 365, default 30), today included, oldest first, with totals. */
  profit?: Maybe<Profit>;
  /**
   * Profit over a range of the account's local days, one bucket per interval (ISO weeks start on
   * Monday; the first and last bucket are clipped to the range), from the daily profit snapshots: a
   * DAY bucket is the v1 /profit row of that day, longer buckets are sums of their days. Cost:
   * about two points per bucket (a DAY report over two years is too costly; ask by WEEK or MONTH).
   */
  profitReport?: Maybe<ProfitReport>;
  /** The caller's request budget after this request (shared with the REST API) and its cost points bucket. */
  rateLimit?: Maybe<RateLimit>;
  /** Reorder suggestions of the smart-reorder job, newest first. */
  reorderSuggestions?: Maybe<ReorderSuggestionConnection>;
  /** Business risks in the account's data, most severe first (the twin of GET /api/v1/risks). */
  risks?: Maybe<Array<Risk>>;
  /** Orders, gross revenue and customers of a range grouped by a dimension, the largest groups first. */
  salesBreakdown?: Maybe<SalesBreakdown>;
  /** The service's health, as the public GET /api/v1/status reports it. */
  status?: Maybe<ServiceStatus>;
  /** The customers who bought the most in a range (orders without a customer are not ranked). */
  topCustomers?: Maybe<Array<CustomerRanking>>;
  /** AI usage of the account: three periods (today, this month, the last 30 days) with a per-feature breakdown, and a 30-day daily series, in the account's time zone (the twin of GET /api/v1/usage). */
  usage?: Maybe<Usage>;
  /** The caller: its account profile, the scopes of its credential and the kind of credential. */
  viewer?: Maybe<Viewer>;
  /** One webhook delivery of the account by its id (dlv_…, the X-Service-Delivery value); null when there is none. */
  webhookDelivery?: Maybe<WebhookDelivery>;
  /** The account's active webhook subscriptions, oldest first, as a connection (at most 25: one page). */
  webhookSubscriptions?: Maybe<WebhookSubscriptionConnection>;
  /**
   * The account's active webhook subscriptions, oldest first (at most 25).
   * @deprecated Use webhookSubscriptions. Removal on 2027-06-01.
   */
  webhooks: Array<WebhookSubscription>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryAdPerformanceArgs = {
  compareTo?: InputMaybe<ComparePeriod>;
  range: DateRangeInput;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryAnomaliesArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
  severity?: InputMaybe<Severity>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryConversationsArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
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
export type QueryImportJobArgs = {
  id: Scalars['ID']['input'];
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
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryNodesArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryOrdersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<OrderFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  reverse?: InputMaybe<Scalars['Boolean']['input']>;
  sortKey?: InputMaybe<OrderSortKey>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryProfitArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryProfitReportArgs = {
  compareTo?: InputMaybe<ComparePeriod>;
  interval?: InputMaybe<Interval>;
  range: DateRangeInput;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryRateLimitArgs = {
  dryRun?: InputMaybe<Scalars['Boolean']['input']>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryReorderSuggestionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<ReorderStatus>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QuerySalesBreakdownArgs = {
  by: BreakdownDimension;
  compareTo?: InputMaybe<ComparePeriod>;
  first?: InputMaybe<Scalars['Int']['input']>;
  range: DateRangeInput;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryTopCustomersArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  range: DateRangeInput;
  sortKey?: InputMaybe<CustomerRankKey>;
};


/** The entry points for reading. Every field needs the read scope. */
export type QueryWebhookDeliveryArgs = {
  id: Scalars['ID']['input'];
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
  /** The caller's cost points bucket (the same as extensions.cost.throttleStatus). */
  throttleStatus: ThrottleStatus;
};

/** Input of recoverWebhookDeliveries. */
export type RecoverWebhookDeliveriesInput = {
  /** Deliveries created at or after this time are queued again (at most 7 days back). */
  since: Scalars['DateTime']['input'];
  /** The subscription. */
  webhookId: Scalars['ID']['input'];
};

/** Result of recoverWebhookDeliveries. */
export type RecoverWebhookDeliveriesPayload = {
  __typename?: 'RecoverWebhookDeliveriesPayload';
  /** How many deliveries were queued again. */
  queued?: Maybe<Scalars['Int']['output']>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
};

/** Which day a refund is counted on in the profit snapshots and reports: an account setting. */
export type RefundAttribution =
  /** On its order's local day, as /api/v1 always answered (the default). */
  | 'ORDER_DAY'
  /** On the refund's own local day (refunds of counted orders). */
  | 'REFUND_DAY';

/** Result of removeDashboardUser. */
export type RemoveDashboardUserPayload = {
  __typename?: 'RemoveDashboardUserPayload';
  /** The id of the removed user. */
  removedUserId?: Maybe<Scalars['ID']['output']>;
  /** Why the mutation changed nothing (not found, yourself, the last owner); empty on success. */
  userErrors: Array<UserError>;
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
export type ReorderSuggestion = Node & {
  __typename?: 'ReorderSuggestion';
  /** When it was computed. */
  computedAt: Scalars['DateTime']['output'];
  /** Confidence, 0 to 1. */
  confidence: Scalars['Decimal']['output'];
  /** Days of demand covered. */
  forecastDays: Scalars['Int']['output'];
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** The item. */
  inventoryItem: InventoryItem;
  /** The item's identifier. */
  inventoryItemId: Scalars['ID']['output'];
  /** The v1 (REST) integer id of this ReorderSuggestion. */
  legacyId: Scalars['Int']['output'];
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
  /** How many there are in all under the same filter (counted only when asked for). */
  totalCount: Scalars['Int']['output'];
};

/** A reorder suggestion and its cursor. */
export type ReorderSuggestionEdge = {
  __typename?: 'ReorderSuggestionEdge';
  /** Opaque cursor of this suggestion. */
  cursor: Scalars['String']['output'];
  /** The suggestion. */
  node: ReorderSuggestion;
};

/** Input of resendWebhookDelivery. */
export type ResendWebhookDeliveryInput = {
  /** The delivery id (dlv_…). */
  id: Scalars['ID']['input'];
};

/** Result of resendWebhookDelivery. */
export type ResendWebhookDeliveryPayload = {
  __typename?: 'ResendWebhookDeliveryPayload';
  /** The delivery, pending (due now). */
  delivery?: Maybe<WebhookDelivery>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
};

/** Result of resumeAiAccess. */
export type ResumeAiAccessPayload = {
  __typename?: 'ResumeAiAccessPayload';
  /** The account's AI access, enabled again. */
  aiAccess?: Maybe<AiAccess>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
};

/** Input of resyncIntegration. */
export type ResyncIntegrationInput = {
  /** The integration. */
  id: Scalars['ID']['input'];
};

/** Result of resyncIntegration. */
export type ResyncIntegrationPayload = {
  __typename?: 'ResyncIntegrationPayload';
  /** The integration, its sync queued. */
  integration?: Maybe<Integration>;
  /** Why the mutation changed nothing (not found, revoked, no connector syncs it); empty on success. */
  userErrors: Array<UserError>;
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
  alreadyRevoked?: Maybe<Scalars['Boolean']['output']>;
  /** The revoked key's metadata. */
  apiKey?: Maybe<ApiKey>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
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
  revokedWebhookId?: Maybe<Scalars['ID']['output']>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
};

/** A business risk found in the account's data. */
export type Risk = {
  __typename?: 'Risk';
  /** What it is about. */
  category: RiskCategory;
  /** Explanation. */
  detail: Scalars['String']['output'];
  /** The figures behind it. */
  evidence: Scalars['JSONObject']['output'];
  /** How serious it is. */
  severity: Severity;
  /** Headline. */
  title: Scalars['String']['output'];
};

/** What a risk is about. */
export type RiskCategory =
  /** Margin fell week over week. */
  | 'FALLING_MARGIN'
  /** An integration revoked or not syncing. */
  | 'INTEGRATION_DROPPED'
  /** Items that will run out before a reorder arrives. */
  | 'STOCKOUT';

/** Input of rotateWebhookSecret. */
export type RotateWebhookSecretInput = {
  /** Hours the previous secret keeps signing beside the new one: 0 to 168 (default 24). */
  gracePeriodHours?: InputMaybe<Scalars['Int']['input']>;
  /** The subscription. */
  id: Scalars['ID']['input'];
};

/** Result of rotateWebhookSecret. */
export type RotateWebhookSecretPayload = {
  __typename?: 'RotateWebhookSecretPayload';
  /** Until when the previous secret also signs; null when it stopped at once. */
  previousSecretExpiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** The new signing secret (whsec_…): store it now, it cannot be retrieved later. */
  secret?: Maybe<Scalars['String']['output']>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
  /** The subscription's id. */
  webhookId?: Maybe<Scalars['ID']['output']>;
};

/** Orders of a range grouped by a dimension. */
export type SalesBreakdown = {
  __typename?: 'SalesBreakdown';
  /** The dimension. */
  by: BreakdownDimension;
  /** How many groups the range has in all. */
  groupCount: Scalars['Int']['output'];
  /** The compared period; null without compareTo. */
  previousRange?: Maybe<DateRange>;
  /** Figures over all the compared period's orders; null without compareTo. */
  previousTotals?: Maybe<SalesFigures>;
  /** The range reported. */
  range: DateRange;
  /** The largest groups by gross revenue, at most first. */
  rows: Array<SalesBreakdownRow>;
  /** Figures over all the range's orders (customers counted once). */
  totals: SalesFigures;
};

/** A group's figures in a compared period. */
export type SalesBreakdownFigures = {
  __typename?: 'SalesBreakdownFigures';
  /** Distinct customers. */
  customers: Scalars['Int']['output'];
  /** Gross revenue. */
  grossRevenue: Money;
  /** Orders. */
  orders: Scalars['Int']['output'];
  /** Share of the period's gross revenue, percent. */
  share: Scalars['Float']['output'];
};

/** One group of a breakdown. */
export type SalesBreakdownRow = {
  __typename?: 'SalesBreakdownRow';
  /** Distinct customers. */
  customers: Scalars['Int']['output'];
  /** Gross revenue. */
  grossRevenue: Money;
  /** The group's key: the source, the two-letter country code, the segment or the sku ('unknown' when not known). */
  key: Scalars['String']['output'];
  /** A readable name of the group. */
  label: Scalars['String']['output'];
  /** Orders. */
  orders: Scalars['Int']['output'];
  /** The same group's figures in the compared period (zeros when it had none); null without compareTo. */
  previous?: Maybe<SalesBreakdownFigures>;
  /** Share of the range's gross revenue, percent (2 decimals). */
  share: Scalars['Float']['output'];
};

/** Orders, revenue and customers of a set of orders. */
export type SalesFigures = {
  __typename?: 'SalesFigures';
  /** Distinct customers. */
  customers: Scalars['Int']['output'];
  /** Gross revenue. */
  grossRevenue: Money;
  /** Orders. */
  orders: Scalars['Int']['output'];
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
  insight?: Maybe<Insight>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
};

/** Input of setRefundAttribution. */
export type SetRefundAttributionInput = {
  /** The new refund attribution. */
  attribution: RefundAttribution;
};

/** Result of setRefundAttribution. */
export type SetRefundAttributionPayload = {
  __typename?: 'SetRefundAttributionPayload';
  /** The account as changed. */
  account?: Maybe<Account>;
  /** False when the account already had this attribution (nothing changed, nothing is recomputed). */
  changed?: Maybe<Scalars['Boolean']['output']>;
  /** How many local days (those any refund touches: its own and its order's) were marked for the analytics catch-up to recompute. */
  markedDays?: Maybe<Scalars['Int']['output']>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
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
  reorderSuggestion?: Maybe<ReorderSuggestion>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
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

/** Input of startShopifyInstall. */
export type StartShopifyInstallInput = {
  /** The shop domain, your-store.myshopify.com. */
  shop: Scalars['String']['input'];
};

/** Result of startShopifyInstall. */
export type StartShopifyInstallPayload = {
  __typename?: 'StartShopifyInstallPayload';
  /** Where the browser goes next (GET /integrations/shopify/install?shop=…, same origin): it sets the state cookie and redirects to the shop's authorize page. */
  installUrl?: Maybe<Scalars['String']['output']>;
  /** The shop domain, lower-cased. */
  shop?: Maybe<Scalars['String']['output']>;
  /** Why the mutation changed nothing (bad input, the connector not configured); empty on success. */
  userErrors: Array<UserError>;
};

/** Live updates over WebSocket (the graphql-ws protocol on /graphql): the account's events as they are written. Authenticate in connection_init with { authorization: "Bearer <key or session>" } (read scope). */
export type Subscription = {
  __typename?: 'Subscription';
  /** The analytics caught up with new data (orders, refunds, ad spend written a few seconds before): read profitReport again for the days named. */
  analyticsUpdated: AnalyticsUpdatedEvent;
  /** An anomaly detected by the anomaly-detect job, of minSeverity and above (only medium and above are announced). */
  anomalyDetected: AnomalyDetectedEvent;
  /** A change of the credit balance: a debit, a refund or a recharge. */
  creditsChanged: CreditsChangedEvent;
  /** A new insight. */
  insightCreated: InsightCreatedEvent;
};


/** Live updates over WebSocket (the graphql-ws protocol on /graphql): the account's events as they are written. Authenticate in connection_init with { authorization: "Bearer <key or session>" } (read scope). */
export type SubscriptionAnomalyDetectedArgs = {
  minSeverity?: InputMaybe<Severity>;
};

/** Input of testWebhook. */
export type TestWebhookInput = {
  /** The subscription. */
  id: Scalars['ID']['input'];
};

/** Result of testWebhook: the one attempt of the test event. */
export type TestWebhookPayload = {
  __typename?: 'TestWebhookPayload';
  /** The test delivery's id (in the delivery log). */
  deliveryId?: Maybe<Scalars['ID']['output']>;
  /** How long the attempt took, in milliseconds. */
  durationMs?: Maybe<Scalars['Int']['output']>;
  /** Why it failed. */
  error?: Maybe<Scalars['String']['output']>;
  /** The first 1 KB of the answer's body. */
  responseBody?: Maybe<Scalars['String']['output']>;
  /** The HTTP status received; null when there was no answer. */
  statusCode?: Maybe<Scalars['Int']['output']>;
  /** Whether the receiver answered 2xx. */
  success?: Maybe<Scalars['Boolean']['output']>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
};

/** A cost points bucket (as Shopify): each operation takes its requested cost, gives back what it did not use, and the bucket refills at restoreRate. */
export type ThrottleStatus = {
  __typename?: 'ThrottleStatus';
  /** Points in the bucket once this operation took its requested cost (before the unused part is given back). */
  currentlyAvailable: Scalars['Int']['output'];
  /** The bucket's size in points. */
  maximumAvailable: Scalars['Int']['output'];
  /** Points restored per second. */
  restoreRate: Scalars['Int']['output'];
};

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
  eventId?: Maybe<Scalars['ID']['output']>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
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

/** Input of updateAutoTopup: the whole setting (every field is replaced). */
export type UpdateAutoTopupInput = {
  /** Whether auto top-up is on. */
  enabled: Scalars['Boolean']['input'];
  /** The balance below which a recharge is made (1 to 1,000,000). */
  threshold: Scalars['Int']['input'];
  /** Credits added per recharge (1 to 1,000,000). */
  topUpAmount: Scalars['Int']['input'];
};

/** Result of updateAutoTopup. */
export type UpdateAutoTopupPayload = {
  __typename?: 'UpdateAutoTopupPayload';
  /** The account's auto top-up as saved. */
  autoTopup?: Maybe<AutoTopup>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
};

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
  customer?: Maybe<Customer>;
  /** Why the mutation changed nothing (bad input, not found, a status move the rules forbid, nothing to do); empty on success. */
  userErrors: Array<UserError>;
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

/**
 * Why a mutation changed nothing: bad input, an id of nothing the account has, a status move the
 * rules forbid, nothing to do. Authentication, scope, rate limits, cost and internal faults stay
 * top-level errors.
 */
export type UserError = {
  __typename?: 'UserError';
  /** The REST error code (invalid_parameter, not_found, conflict, invalid_url, unsafe_url, invalid_events, too_many_webhooks, invalid_event_name, props_too_large, invalid_field, payment_required). */
  code: Scalars['String']['output'];
  /** The path of the input field at fault (for example ["input", "email"]); null when no one field is. */
  field?: Maybe<Array<Scalars['String']['output']>>;
  /** What went wrong, as the REST API says it. */
  message: Scalars['String']['output'];
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
  /** The signed-in dashboard user (a session from POST /auth/login); null for an API key or an externally issued session. */
  user?: Maybe<DashboardUser>;
};

/** One attempt of a delivery. */
export type WebhookAttempt = {
  __typename?: 'WebhookAttempt';
  /** How long it took, in milliseconds. */
  durationMs: Scalars['Int']['output'];
  /** Why it failed. */
  error?: Maybe<Scalars['String']['output']>;
  /** 1 for the first attempt. */
  number: Scalars['Int']['output'];
  /** The first 1 KB of the answer's body. */
  responseBody?: Maybe<Scalars['String']['output']>;
  /** When it was sent. */
  startedAt: Scalars['DateTime']['output'];
  /** The HTTP status received; null when there was no answer. */
  statusCode?: Maybe<Scalars['Int']['output']>;
  /** Whether the answer was 2xx. */
  success: Scalars['Boolean']['output'];
};

/** One event sent to one subscription, retried until it succeeds or runs out of attempts. */
export type WebhookDelivery = Node & {
  __typename?: 'WebhookDelivery';
  /** Attempts made. */
  attemptCount: Scalars['Int']['output'];
  /** Every attempt, oldest first. */
  attempts: Array<WebhookAttempt>;
  /** When the event was fanned out to the subscription. */
  createdAt: Scalars['DateTime']['output'];
  /** The delivery id (dlv_…): the X-Service-Delivery and webhook-id header value, the same on every attempt. */
  deliveryId: Scalars['String']['output'];
  /** The event name. */
  event: Scalars['String']['output'];
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** The error of the last failed attempt. */
  lastError?: Maybe<Scalars['String']['output']>;
  /** When the next attempt is due (pending deliveries only). */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where it stands. */
  status: WebhookDeliveryStatus;
  /** The subscription it is sent to. */
  subscriptionId: Scalars['ID']['output'];
};

/** A page of webhook deliveries. */
export type WebhookDeliveryConnection = {
  __typename?: 'WebhookDeliveryConnection';
  /** The deliveries with their cursors. */
  edges: Array<WebhookDeliveryEdge>;
  /** The deliveries. */
  nodes: Array<WebhookDelivery>;
  /** Where this page lies. */
  pageInfo: PageInfo;
  /** How many deliveries match the filter (every page). */
  totalCount: Scalars['Int']['output'];
};

/** A webhook delivery and its cursor. */
export type WebhookDeliveryEdge = {
  __typename?: 'WebhookDeliveryEdge';
  /** Opaque cursor of this delivery. */
  cursor: Scalars['String']['output'];
  /** The delivery. */
  node: WebhookDelivery;
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

/** A webhook subscription. Its secret is never returned after creation. */
export type WebhookSubscription = Node & {
  __typename?: 'WebhookSubscription';
  /** Whether deliveries are made (false after 20 consecutive failures). */
  active: Scalars['Boolean']['output'];
  /** When it was created. */
  createdAt: Scalars['DateTime']['output'];
  /** The subscription's deliveries, newest first. */
  deliveries: WebhookDeliveryConnection;
  /** Event names, or * for all. */
  events: Array<Scalars['String']['output']>;
  /** Consecutive failed attempts since the last success. */
  failCount: Scalars['Int']['output'];
  /** Opaque global id, encoding the type (node(id) refetches it). */
  id: Scalars['ID']['output'];
  /** When a delivery was last attempted. */
  lastFiredAt?: Maybe<Scalars['DateTime']['output']>;
  /** HTTP status of the last delivery attempt. */
  lastStatus?: Maybe<Scalars['Int']['output']>;
  /** The v1 (REST) integer id of this WebhookSubscription. */
  legacyId: Scalars['Int']['output'];
  /** Failed attempts. */
  totalFailed: Scalars['Int']['output'];
  /** Attempts made. */
  totalFired: Scalars['Int']['output'];
  /** The HTTPS URL deliveries are posted to. */
  url: Scalars['String']['output'];
};


/** A webhook subscription. Its secret is never returned after creation. */
export type WebhookSubscriptionDeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  event?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  since?: InputMaybe<Scalars['DateTime']['input']>;
  status?: InputMaybe<WebhookDeliveryStatus>;
};

/** The account's active webhook subscriptions (at most 25, all on one page). */
export type WebhookSubscriptionConnection = {
  __typename?: 'WebhookSubscriptionConnection';
  /** The subscriptions with their cursors. */
  edges: Array<WebhookSubscriptionEdge>;
  /** The subscriptions. */
  nodes: Array<WebhookSubscription>;
  /** Where this page lies. */
  pageInfo: PageInfo;
  /** How many active subscriptions there are. */
  totalCount: Scalars['Int']['output'];
};

/** A webhook subscription and its cursor. */
export type WebhookSubscriptionEdge = {
  __typename?: 'WebhookSubscriptionEdge';
  /** Opaque cursor of this subscription. */
  cursor: Scalars['String']['output'];
  /** The subscription. */
  node: WebhookSubscription;
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




/** Mapping of interface types */
export type ResolversInterfaceTypes<_RefType extends Record<string, unknown>> = ResolversObject<{
  Node:
    | ( AccountModel )
    | ( AnomalyModel )
    | ( ApiKeyModel )
    | ( CreditTransactionModel )
    | ( CustomerModel )
    | ( DashboardUserModel )
    | ( ImportJobModel )
    | ( InsightModel )
    | ( IntegrationModel )
    | ( InventoryItemModel )
    | ( OrderModel )
    | ( ReorderSuggestionModel )
    | ( WebhookDeliveryModel )
    | ( WebhookModel )
  ;
}>;

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  Account: ResolverTypeWrapper<AccountModel>;
  AccountHealth: ResolverTypeWrapper<Omit<AccountHealth, 'integrations'> & { integrations: Array<ResolversTypes['Integration']> }>;
  AccountHealthState: AccountHealthState;
  ActorKind: ActorKind;
  AdCampaignPerformance: ResolverTypeWrapper<AdCampaignPerformance>;
  AdFigures: ResolverTypeWrapper<AdFigures>;
  AdPerformance: ResolverTypeWrapper<AdPerformance>;
  AdPlatform: AdPlatform;
  AdPlatformPerformance: ResolverTypeWrapper<AdPlatformPerformance>;
  AiAccess: ResolverTypeWrapper<AiAccessModel>;
  AiAccessChangeInput: AiAccessChangeInput;
  AiState: AiState;
  AnalyticsUpdatedEvent: ResolverTypeWrapper<AnalyticsUpdatedEvent>;
  Anomaly: ResolverTypeWrapper<AnomalyModel>;
  AnomalyDetectedEvent: ResolverTypeWrapper<AnomalyDetectedEventModel>;
  AnomalyEdge: ResolverTypeWrapper<Omit<AnomalyEdge, 'node'> & { node: ResolversTypes['Anomaly'] }>;
  AnomalyKind: AnomalyKind;
  AnomalyMetric: AnomalyMetric;
  AnomalyWindow: ResolverTypeWrapper<AnomalyWindowModel>;
  ApiKey: ResolverTypeWrapper<ApiKeyModel>;
  AutoTopup: ResolverTypeWrapper<AutoTopup>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  BreakdownDimension: BreakdownDimension;
  CheckState: CheckState;
  CommerceSource: CommerceSource;
  ComparePeriod: ComparePeriod;
  Conversation: ResolverTypeWrapper<Conversation>;
  ConversationWindow: ResolverTypeWrapper<ConversationWindow>;
  CorrelatedMetric: ResolverTypeWrapper<CorrelatedMetric>;
  CreateApiKeyInput: CreateApiKeyInput;
  CreateApiKeyPayload: ResolverTypeWrapper<Omit<CreateApiKeyPayload, 'apiKey'> & { apiKey?: Maybe<ResolversTypes['ApiKey']> }>;
  CreateDashboardUserInput: CreateDashboardUserInput;
  CreateDashboardUserPayload: ResolverTypeWrapper<Omit<CreateDashboardUserPayload, 'user'> & { user?: Maybe<ResolversTypes['DashboardUser']> }>;
  CreateWebhookInput: CreateWebhookInput;
  CreateWebhookPayload: ResolverTypeWrapper<Omit<CreateWebhookPayload, 'webhook'> & { webhook?: Maybe<ResolversTypes['WebhookSubscription']> }>;
  Creative: ResolverTypeWrapper<Creative>;
  Creatives: ResolverTypeWrapper<Creatives>;
  CredentialKind: CredentialKind;
  CreditTransaction: ResolverTypeWrapper<CreditTransactionModel>;
  CreditTransactionConnection: ResolverTypeWrapper<CreditTransactionConnectionModel>;
  CreditTransactionEdge: ResolverTypeWrapper<Omit<CreditTransactionEdge, 'node'> & { node: ResolversTypes['CreditTransaction'] }>;
  Credits: ResolverTypeWrapper<CreditsModel>;
  CreditsChangeReason: CreditsChangeReason;
  CreditsChangedEvent: ResolverTypeWrapper<CreditsChangedEvent>;
  Customer: ResolverTypeWrapper<CustomerModel>;
  CustomerConnection: ResolverTypeWrapper<CustomerConnectionModel>;
  CustomerEdge: ResolverTypeWrapper<Omit<CustomerEdge, 'node'> & { node: ResolversTypes['Customer'] }>;
  CustomerOrder: CustomerOrder;
  CustomerOrderField: CustomerOrderField;
  CustomerRankKey: CustomerRankKey;
  CustomerRanking: ResolverTypeWrapper<Omit<CustomerRanking, 'customer'> & { customer: ResolversTypes['Customer'] }>;
  CustomerSegment: CustomerSegment;
  CustomerSegmentSummary: ResolverTypeWrapper<CustomerSegmentSummary>;
  CustomerSegments: ResolverTypeWrapper<CustomerSegments>;
  DashboardRole: DashboardRole;
  DashboardUser: ResolverTypeWrapper<DashboardUserModel>;
  DatabaseCheck: ResolverTypeWrapper<DatabaseCheck>;
  Date: ResolverTypeWrapper<Scalars['Date']['output']>;
  DateRange: ResolverTypeWrapper<DateRange>;
  DateRangeInput: DateRangeInput;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  Decimal: ResolverTypeWrapper<Scalars['Decimal']['output']>;
  Direction: Direction;
  DisconnectIntegrationInput: DisconnectIntegrationInput;
  DisconnectIntegrationPayload: ResolverTypeWrapper<Omit<DisconnectIntegrationPayload, 'integration'> & { integration?: Maybe<ResolversTypes['Integration']> }>;
  EnableWebhookInput: EnableWebhookInput;
  EnableWebhookPayload: ResolverTypeWrapper<Omit<EnableWebhookPayload, 'webhook'> & { webhook?: Maybe<ResolversTypes['WebhookSubscription']> }>;
  FailedGeneration: ResolverTypeWrapper<FailedGeneration>;
  FeatureUsage: ResolverTypeWrapper<FeatureUsageModel>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  GenerateInsightsPayload: ResolverTypeWrapper<GenerateInsightsModel>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  ImportDataInput: ImportDataInput;
  ImportDataPayload: ResolverTypeWrapper<Omit<ImportDataPayload, 'importJob'> & { importJob?: Maybe<ResolversTypes['ImportJob']> }>;
  ImportFormat: ImportFormat;
  ImportJob: ResolverTypeWrapper<ImportJobModel>;
  ImportKind: ImportKind;
  ImportRejection: ResolverTypeWrapper<ImportRejection>;
  ImportStatus: ImportStatus;
  Insight: ResolverTypeWrapper<InsightModel>;
  InsightCategory: InsightCategory;
  InsightConnection: ResolverTypeWrapper<InsightConnectionModel>;
  InsightCreatedEvent: ResolverTypeWrapper<InsightCreatedEvent>;
  InsightEdge: ResolverTypeWrapper<Omit<InsightEdge, 'node'> & { node: ResolversTypes['Insight'] }>;
  InsightStatus: InsightStatus;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  Integration: ResolverTypeWrapper<IntegrationModel>;
  IntegrationEdge: ResolverTypeWrapper<Omit<IntegrationEdge, 'node'> & { node: ResolversTypes['Integration'] }>;
  IntegrationError: ResolverTypeWrapper<IntegrationError>;
  IntegrationErrorSource: IntegrationErrorSource;
  IntegrationStatus: IntegrationStatus;
  IntegrationSyncPhase: IntegrationSyncPhase;
  IntegrationSyncProgress: ResolverTypeWrapper<IntegrationSyncProgress>;
  IntegrationSyncStatus: ResolverTypeWrapper<IntegrationSyncStatusModel>;
  IntegrationTotals: ResolverTypeWrapper<IntegrationTotals>;
  Integrations: ResolverTypeWrapper<IntegrationsModel>;
  Interval: Interval;
  Inventory: ResolverTypeWrapper<InventoryModel>;
  InventoryItem: ResolverTypeWrapper<InventoryItemModel>;
  InventoryItemEdge: ResolverTypeWrapper<Omit<InventoryItemEdge, 'node'> & { node: ResolversTypes['InventoryItem'] }>;
  InventoryStatus: InventoryStatus;
  InventorySummary: ResolverTypeWrapper<InventorySummary>;
  InventoryTrend: InventoryTrend;
  JSONObject: ResolverTypeWrapper<Scalars['JSONObject']['output']>;
  JobHealth: ResolverTypeWrapper<JobHealth>;
  JobRunState: JobRunState;
  KeyEnvironment: KeyEnvironment;
  Money: ResolverTypeWrapper<Money>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Node: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['Node']>;
  Order: ResolverTypeWrapper<OrderModel>;
  OrderConnection: ResolverTypeWrapper<OrderConnectionModel>;
  OrderEdge: ResolverTypeWrapper<Omit<OrderEdge, 'node'> & { node: ResolversTypes['Order'] }>;
  OrderFilter: OrderFilter;
  OrderSortKey: OrderSortKey;
  OrderStatus: OrderStatus;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  PauseAiAccessPayload: ResolverTypeWrapper<Omit<PauseAiAccessPayload, 'aiAccess'> & { aiAccess?: Maybe<ResolversTypes['AiAccess']> }>;
  Plan: Plan;
  Profit: ResolverTypeWrapper<ProfitModel>;
  ProfitBucket: ResolverTypeWrapper<ProfitBucket>;
  ProfitChange: ResolverTypeWrapper<ProfitChange>;
  ProfitPeriodTotals: ResolverTypeWrapper<ProfitPeriodTotals>;
  ProfitReport: ResolverTypeWrapper<ProfitReport>;
  ProfitSnapshot: ResolverTypeWrapper<ProfitSnapshotModel>;
  ProfitTotals: ResolverTypeWrapper<ProfitTotals>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RateLimit: ResolverTypeWrapper<RateLimitModel>;
  RecoverWebhookDeliveriesInput: RecoverWebhookDeliveriesInput;
  RecoverWebhookDeliveriesPayload: ResolverTypeWrapper<RecoverWebhookDeliveriesPayload>;
  RefundAttribution: RefundAttribution;
  RemoveDashboardUserPayload: ResolverTypeWrapper<RemoveDashboardUserPayload>;
  ReorderStatus: ReorderStatus;
  ReorderSuggestion: ResolverTypeWrapper<ReorderSuggestionModel>;
  ReorderSuggestionConnection: ResolverTypeWrapper<ReorderSuggestionConnectionModel>;
  ReorderSuggestionEdge: ResolverTypeWrapper<Omit<ReorderSuggestionEdge, 'node'> & { node: ResolversTypes['ReorderSuggestion'] }>;
  ResendWebhookDeliveryInput: ResendWebhookDeliveryInput;
  ResendWebhookDeliveryPayload: ResolverTypeWrapper<Omit<ResendWebhookDeliveryPayload, 'delivery'> & { delivery?: Maybe<ResolversTypes['WebhookDelivery']> }>;
  ResumeAiAccessPayload: ResolverTypeWrapper<Omit<ResumeAiAccessPayload, 'aiAccess'> & { aiAccess?: Maybe<ResolversTypes['AiAccess']> }>;
  ResyncIntegrationInput: ResyncIntegrationInput;
  ResyncIntegrationPayload: ResolverTypeWrapper<Omit<ResyncIntegrationPayload, 'integration'> & { integration?: Maybe<ResolversTypes['Integration']> }>;
  RevokeApiKeyInput: RevokeApiKeyInput;
  RevokeApiKeyPayload: ResolverTypeWrapper<Omit<RevokeApiKeyPayload, 'apiKey'> & { apiKey?: Maybe<ResolversTypes['ApiKey']> }>;
  RevokeWebhookInput: RevokeWebhookInput;
  RevokeWebhookPayload: ResolverTypeWrapper<RevokeWebhookPayload>;
  Risk: ResolverTypeWrapper<Risk>;
  RiskCategory: RiskCategory;
  RotateWebhookSecretInput: RotateWebhookSecretInput;
  RotateWebhookSecretPayload: ResolverTypeWrapper<RotateWebhookSecretPayload>;
  SalesBreakdown: ResolverTypeWrapper<SalesBreakdown>;
  SalesBreakdownFigures: ResolverTypeWrapper<SalesBreakdownFigures>;
  SalesBreakdownRow: ResolverTypeWrapper<SalesBreakdownRow>;
  SalesFigures: ResolverTypeWrapper<SalesFigures>;
  Scope: Scope;
  ServiceState: ServiceState;
  ServiceStatus: ResolverTypeWrapper<ServiceStatusModel>;
  SetInsightStatusInput: SetInsightStatusInput;
  SetInsightStatusPayload: ResolverTypeWrapper<Omit<SetInsightStatusPayload, 'insight'> & { insight?: Maybe<ResolversTypes['Insight']> }>;
  SetRefundAttributionInput: SetRefundAttributionInput;
  SetRefundAttributionPayload: ResolverTypeWrapper<Omit<SetRefundAttributionPayload, 'account'> & { account?: Maybe<ResolversTypes['Account']> }>;
  SetReorderStatusInput: SetReorderStatusInput;
  SetReorderStatusPayload: ResolverTypeWrapper<Omit<SetReorderStatusPayload, 'reorderSuggestion'> & { reorderSuggestion?: Maybe<ResolversTypes['ReorderSuggestion']> }>;
  Severity: Severity;
  SortDirection: SortDirection;
  StartShopifyInstallInput: StartShopifyInstallInput;
  StartShopifyInstallPayload: ResolverTypeWrapper<StartShopifyInstallPayload>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  TestWebhookInput: TestWebhookInput;
  TestWebhookPayload: ResolverTypeWrapper<TestWebhookPayload>;
  ThrottleStatus: ResolverTypeWrapper<ThrottleStatus>;
  TrackEventInput: TrackEventInput;
  TrackEventPayload: ResolverTypeWrapper<TrackEventPayload>;
  TransactionKind: TransactionKind;
  UpdateAutoTopupInput: UpdateAutoTopupInput;
  UpdateAutoTopupPayload: ResolverTypeWrapper<UpdateAutoTopupPayload>;
  UpdateCustomerContactInput: UpdateCustomerContactInput;
  UpdateCustomerContactPayload: ResolverTypeWrapper<Omit<UpdateCustomerContactPayload, 'customer'> & { customer?: Maybe<ResolversTypes['Customer']> }>;
  Usage: ResolverTypeWrapper<UsageModel>;
  UsageDay: ResolverTypeWrapper<UsageDayModel>;
  UsagePeriod: ResolverTypeWrapper<UsagePeriodModel>;
  UsageTotals: ResolverTypeWrapper<UsageTotalsModel>;
  UserError: ResolverTypeWrapper<UserError>;
  Viewer: ResolverTypeWrapper<ViewerModel>;
  WebhookAttempt: ResolverTypeWrapper<WebhookAttemptModel>;
  WebhookDelivery: ResolverTypeWrapper<WebhookDeliveryModel>;
  WebhookDeliveryConnection: ResolverTypeWrapper<WebhookDeliveryConnectionModel>;
  WebhookDeliveryEdge: ResolverTypeWrapper<Omit<WebhookDeliveryEdge, 'node'> & { node: ResolversTypes['WebhookDelivery'] }>;
  WebhookDeliveryStatus: WebhookDeliveryStatus;
  WebhookSubscription: ResolverTypeWrapper<WebhookModel>;
  WebhookSubscriptionConnection: ResolverTypeWrapper<WebhookSubscriptionConnectionModel>;
  WebhookSubscriptionEdge: ResolverTypeWrapper<Omit<WebhookSubscriptionEdge, 'node'> & { node: ResolversTypes['WebhookSubscription'] }>;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  Account: AccountModel;
  AccountHealth: Omit<AccountHealth, 'integrations'> & { integrations: Array<ResolversParentTypes['Integration']> };
  AdCampaignPerformance: AdCampaignPerformance;
  AdFigures: AdFigures;
  AdPerformance: AdPerformance;
  AdPlatformPerformance: AdPlatformPerformance;
  AiAccess: AiAccessModel;
  AiAccessChangeInput: AiAccessChangeInput;
  AnalyticsUpdatedEvent: AnalyticsUpdatedEvent;
  Anomaly: AnomalyModel;
  AnomalyDetectedEvent: AnomalyDetectedEventModel;
  AnomalyEdge: Omit<AnomalyEdge, 'node'> & { node: ResolversParentTypes['Anomaly'] };
  AnomalyWindow: AnomalyWindowModel;
  ApiKey: ApiKeyModel;
  AutoTopup: AutoTopup;
  Boolean: Scalars['Boolean']['output'];
  Conversation: Conversation;
  ConversationWindow: ConversationWindow;
  CorrelatedMetric: CorrelatedMetric;
  CreateApiKeyInput: CreateApiKeyInput;
  CreateApiKeyPayload: Omit<CreateApiKeyPayload, 'apiKey'> & { apiKey?: Maybe<ResolversParentTypes['ApiKey']> };
  CreateDashboardUserInput: CreateDashboardUserInput;
  CreateDashboardUserPayload: Omit<CreateDashboardUserPayload, 'user'> & { user?: Maybe<ResolversParentTypes['DashboardUser']> };
  CreateWebhookInput: CreateWebhookInput;
  CreateWebhookPayload: Omit<CreateWebhookPayload, 'webhook'> & { webhook?: Maybe<ResolversParentTypes['WebhookSubscription']> };
  Creative: Creative;
  Creatives: Creatives;
  CreditTransaction: CreditTransactionModel;
  CreditTransactionConnection: CreditTransactionConnectionModel;
  CreditTransactionEdge: Omit<CreditTransactionEdge, 'node'> & { node: ResolversParentTypes['CreditTransaction'] };
  Credits: CreditsModel;
  CreditsChangedEvent: CreditsChangedEvent;
  Customer: CustomerModel;
  CustomerConnection: CustomerConnectionModel;
  CustomerEdge: Omit<CustomerEdge, 'node'> & { node: ResolversParentTypes['Customer'] };
  CustomerOrder: CustomerOrder;
  CustomerRanking: Omit<CustomerRanking, 'customer'> & { customer: ResolversParentTypes['Customer'] };
  CustomerSegmentSummary: CustomerSegmentSummary;
  CustomerSegments: CustomerSegments;
  DashboardUser: DashboardUserModel;
  DatabaseCheck: DatabaseCheck;
  Date: Scalars['Date']['output'];
  DateRange: DateRange;
  DateRangeInput: DateRangeInput;
  DateTime: Scalars['DateTime']['output'];
  Decimal: Scalars['Decimal']['output'];
  DisconnectIntegrationInput: DisconnectIntegrationInput;
  DisconnectIntegrationPayload: Omit<DisconnectIntegrationPayload, 'integration'> & { integration?: Maybe<ResolversParentTypes['Integration']> };
  EnableWebhookInput: EnableWebhookInput;
  EnableWebhookPayload: Omit<EnableWebhookPayload, 'webhook'> & { webhook?: Maybe<ResolversParentTypes['WebhookSubscription']> };
  FailedGeneration: FailedGeneration;
  FeatureUsage: FeatureUsageModel;
  Float: Scalars['Float']['output'];
  GenerateInsightsPayload: GenerateInsightsModel;
  ID: Scalars['ID']['output'];
  ImportDataInput: ImportDataInput;
  ImportDataPayload: Omit<ImportDataPayload, 'importJob'> & { importJob?: Maybe<ResolversParentTypes['ImportJob']> };
  ImportJob: ImportJobModel;
  ImportRejection: ImportRejection;
  Insight: InsightModel;
  InsightConnection: InsightConnectionModel;
  InsightCreatedEvent: InsightCreatedEvent;
  InsightEdge: Omit<InsightEdge, 'node'> & { node: ResolversParentTypes['Insight'] };
  Int: Scalars['Int']['output'];
  Integration: IntegrationModel;
  IntegrationEdge: Omit<IntegrationEdge, 'node'> & { node: ResolversParentTypes['Integration'] };
  IntegrationError: IntegrationError;
  IntegrationSyncProgress: IntegrationSyncProgress;
  IntegrationSyncStatus: IntegrationSyncStatusModel;
  IntegrationTotals: IntegrationTotals;
  Integrations: IntegrationsModel;
  Inventory: InventoryModel;
  InventoryItem: InventoryItemModel;
  InventoryItemEdge: Omit<InventoryItemEdge, 'node'> & { node: ResolversParentTypes['InventoryItem'] };
  InventorySummary: InventorySummary;
  JSONObject: Scalars['JSONObject']['output'];
  JobHealth: JobHealth;
  Money: Money;
  Mutation: Record<PropertyKey, never>;
  Node: ResolversInterfaceTypes<ResolversParentTypes>['Node'];
  Order: OrderModel;
  OrderConnection: OrderConnectionModel;
  OrderEdge: Omit<OrderEdge, 'node'> & { node: ResolversParentTypes['Order'] };
  OrderFilter: OrderFilter;
  PageInfo: PageInfo;
  PauseAiAccessPayload: Omit<PauseAiAccessPayload, 'aiAccess'> & { aiAccess?: Maybe<ResolversParentTypes['AiAccess']> };
  Profit: ProfitModel;
  ProfitBucket: ProfitBucket;
  ProfitChange: ProfitChange;
  ProfitPeriodTotals: ProfitPeriodTotals;
  ProfitReport: ProfitReport;
  ProfitSnapshot: ProfitSnapshotModel;
  ProfitTotals: ProfitTotals;
  Query: Record<PropertyKey, never>;
  RateLimit: RateLimitModel;
  RecoverWebhookDeliveriesInput: RecoverWebhookDeliveriesInput;
  RecoverWebhookDeliveriesPayload: RecoverWebhookDeliveriesPayload;
  RemoveDashboardUserPayload: RemoveDashboardUserPayload;
  ReorderSuggestion: ReorderSuggestionModel;
  ReorderSuggestionConnection: ReorderSuggestionConnectionModel;
  ReorderSuggestionEdge: Omit<ReorderSuggestionEdge, 'node'> & { node: ResolversParentTypes['ReorderSuggestion'] };
  ResendWebhookDeliveryInput: ResendWebhookDeliveryInput;
  ResendWebhookDeliveryPayload: Omit<ResendWebhookDeliveryPayload, 'delivery'> & { delivery?: Maybe<ResolversParentTypes['WebhookDelivery']> };
  ResumeAiAccessPayload: Omit<ResumeAiAccessPayload, 'aiAccess'> & { aiAccess?: Maybe<ResolversParentTypes['AiAccess']> };
  ResyncIntegrationInput: ResyncIntegrationInput;
  ResyncIntegrationPayload: Omit<ResyncIntegrationPayload, 'integration'> & { integration?: Maybe<ResolversParentTypes['Integration']> };
  RevokeApiKeyInput: RevokeApiKeyInput;
  RevokeApiKeyPayload: Omit<RevokeApiKeyPayload, 'apiKey'> & { apiKey?: Maybe<ResolversParentTypes['ApiKey']> };
  RevokeWebhookInput: RevokeWebhookInput;
  RevokeWebhookPayload: RevokeWebhookPayload;
  Risk: Risk;
  RotateWebhookSecretInput: RotateWebhookSecretInput;
  RotateWebhookSecretPayload: RotateWebhookSecretPayload;
  SalesBreakdown: SalesBreakdown;
  SalesBreakdownFigures: SalesBreakdownFigures;
  SalesBreakdownRow: SalesBreakdownRow;
  SalesFigures: SalesFigures;
  ServiceStatus: ServiceStatusModel;
  SetInsightStatusInput: SetInsightStatusInput;
  SetInsightStatusPayload: Omit<SetInsightStatusPayload, 'insight'> & { insight?: Maybe<ResolversParentTypes['Insight']> };
  SetRefundAttributionInput: SetRefundAttributionInput;
  SetRefundAttributionPayload: Omit<SetRefundAttributionPayload, 'account'> & { account?: Maybe<ResolversParentTypes['Account']> };
  SetReorderStatusInput: SetReorderStatusInput;
  SetReorderStatusPayload: Omit<SetReorderStatusPayload, 'reorderSuggestion'> & { reorderSuggestion?: Maybe<ResolversParentTypes['ReorderSuggestion']> };
  StartShopifyInstallInput: StartShopifyInstallInput;
  StartShopifyInstallPayload: StartShopifyInstallPayload;
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  TestWebhookInput: TestWebhookInput;
  TestWebhookPayload: TestWebhookPayload;
  ThrottleStatus: ThrottleStatus;
  TrackEventInput: TrackEventInput;
  TrackEventPayload: TrackEventPayload;
  UpdateAutoTopupInput: UpdateAutoTopupInput;
  UpdateAutoTopupPayload: UpdateAutoTopupPayload;
  UpdateCustomerContactInput: UpdateCustomerContactInput;
  UpdateCustomerContactPayload: Omit<UpdateCustomerContactPayload, 'customer'> & { customer?: Maybe<ResolversParentTypes['Customer']> };
  Usage: UsageModel;
  UsageDay: UsageDayModel;
  UsagePeriod: UsagePeriodModel;
  UsageTotals: UsageTotalsModel;
  UserError: UserError;
  Viewer: ViewerModel;
  WebhookAttempt: WebhookAttemptModel;
  WebhookDelivery: WebhookDeliveryModel;
  WebhookDeliveryConnection: WebhookDeliveryConnectionModel;
  WebhookDeliveryEdge: Omit<WebhookDeliveryEdge, 'node'> & { node: ResolversParentTypes['WebhookDelivery'] };
  WebhookSubscription: WebhookModel;
  WebhookSubscriptionConnection: WebhookSubscriptionConnectionModel;
  WebhookSubscriptionEdge: Omit<WebhookSubscriptionEdge, 'node'> & { node: ResolversParentTypes['WebhookSubscription'] };
}>;

export type OutcomeDirectiveArgs = { };

export type OutcomeDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = OutcomeDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type AccountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Account'] = ResolversParentTypes['Account']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  plan?: Resolver<ResolversTypes['Plan'], ParentType, ContextType>;
  refundAttribution?: Resolver<ResolversTypes['RefundAttribution'], ParentType, ContextType>;
  timezone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type AccountHealthResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AccountHealth'] = ResolversParentTypes['AccountHealth']> = ResolversObject<{
  integrationTotals?: Resolver<ResolversTypes['IntegrationTotals'], ParentType, ContextType>;
  integrations?: Resolver<Array<ResolversTypes['Integration']>, ParentType, ContextType>;
  jobs?: Resolver<Array<ResolversTypes['JobHealth']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['AccountHealthState'], ParentType, ContextType>;
}>;

export type AdCampaignPerformanceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AdCampaignPerformance'] = ResolversParentTypes['AdCampaignPerformance']> = ResolversObject<{
  attributedRevenue?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  campaignId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  campaignName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  clicks?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  conversions?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  cpa?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  impressions?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  platform?: Resolver<ResolversTypes['AdPlatform'], ParentType, ContextType>;
  roas?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  spend?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type AdFiguresResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AdFigures'] = ResolversParentTypes['AdFigures']> = ResolversObject<{
  attributedRevenue?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  clicks?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  conversions?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  cpa?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  impressions?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  roas?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  spend?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type AdPerformanceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AdPerformance'] = ResolversParentTypes['AdPerformance']> = ResolversObject<{
  campaigns?: Resolver<Array<ResolversTypes['AdCampaignPerformance']>, ParentType, ContextType>;
  platforms?: Resolver<Array<ResolversTypes['AdPlatformPerformance']>, ParentType, ContextType>;
  previous?: Resolver<Maybe<ResolversTypes['AdFigures']>, ParentType, ContextType>;
  previousRange?: Resolver<Maybe<ResolversTypes['DateRange']>, ParentType, ContextType>;
  range?: Resolver<ResolversTypes['DateRange'], ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['AdFigures'], ParentType, ContextType>;
}>;

export type AdPlatformPerformanceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AdPlatformPerformance'] = ResolversParentTypes['AdPlatformPerformance']> = ResolversObject<{
  attributedRevenue?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  clicks?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  conversions?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  cpa?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  impressions?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  platform?: Resolver<ResolversTypes['AdPlatform'], ParentType, ContextType>;
  roas?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  spend?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
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

export type AnalyticsUpdatedEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AnalyticsUpdatedEvent'] = ResolversParentTypes['AnalyticsUpdatedEvent']> = ResolversObject<{
  customers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  days?: Resolver<Array<ResolversTypes['Date']>, ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  skus?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
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
  legacyId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  metric?: Resolver<ResolversTypes['AnomalyMetric'], ParentType, ContextType>;
  metricName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  observedOn?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  observedValue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  severity?: Resolver<ResolversTypes['Severity'], ParentType, ContextType>;
  zScore?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type AnomalyDetectedEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AnomalyDetectedEvent'] = ResolversParentTypes['AnomalyDetectedEvent']> = ResolversObject<{
  direction?: Resolver<ResolversTypes['Direction'], ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  expected?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['AnomalyKind'], ParentType, ContextType>;
  metric?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  metricName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  observed?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  severity?: Resolver<ResolversTypes['Severity'], ParentType, ContextType>;
  zScore?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type AnomalyEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AnomalyEdge'] = ResolversParentTypes['AnomalyEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Anomaly'], ParentType, ContextType>;
}>;

export type AnomalyWindowResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AnomalyWindow'] = ResolversParentTypes['AnomalyWindow']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['AnomalyEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Anomaly']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  windowDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ApiKeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ApiKey'] = ResolversParentTypes['ApiKey']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  environment?: Resolver<ResolversTypes['KeyEnvironment'], ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  legacyId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  prefix?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['Scope']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type AutoTopupResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AutoTopup'] = ResolversParentTypes['AutoTopup']> = ResolversObject<{
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastChargedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  threshold?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  topUpAmount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ConversationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Conversation'] = ResolversParentTypes['Conversation']> = ResolversObject<{
  channel?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  closed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  conversationId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  events?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  lastEvent?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastEventAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  startedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  visitorId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ConversationWindowResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ConversationWindow'] = ResolversParentTypes['ConversationWindow']> = ResolversObject<{
  nodes?: Resolver<Array<ResolversTypes['Conversation']>, ParentType, ContextType>;
  windowDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type CorrelatedMetricResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CorrelatedMetric'] = ResolversParentTypes['CorrelatedMetric']> = ResolversObject<{
  direction?: Resolver<ResolversTypes['Direction'], ParentType, ContextType>;
  metric?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  modz?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type CreateApiKeyPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateApiKeyPayload'] = ResolversParentTypes['CreateApiKeyPayload']> = ResolversObject<{
  apiKey?: Resolver<Maybe<ResolversTypes['ApiKey']>, ParentType, ContextType>;
  key?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type CreateDashboardUserPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateDashboardUserPayload'] = ResolversParentTypes['CreateDashboardUserPayload']> = ResolversObject<{
  oneTimePassword?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['DashboardUser']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type CreateWebhookPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateWebhookPayload'] = ResolversParentTypes['CreateWebhookPayload']> = ResolversObject<{
  secret?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warning?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  webhook?: Resolver<Maybe<ResolversTypes['WebhookSubscription']>, ParentType, ContextType>;
}>;

export type CreativeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Creative'] = ResolversParentTypes['Creative']> = ResolversObject<{
  creativeId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  platform?: Resolver<ResolversTypes['AdPlatform'], ParentType, ContextType>;
  spend?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type CreativesResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Creatives'] = ResolversParentTypes['Creatives']> = ResolversObject<{
  nodes?: Resolver<Array<ResolversTypes['Creative']>, ParentType, ContextType>;
  sources?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type CreditTransactionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreditTransaction'] = ResolversParentTypes['CreditTransaction']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  balanceAfter?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  feature?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['TransactionKind'], ParentType, ContextType>;
  legacyId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  meta?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CreditTransactionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreditTransactionConnection'] = ResolversParentTypes['CreditTransactionConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['CreditTransactionEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['CreditTransaction']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
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

export type CreditsChangedEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreditsChangedEvent'] = ResolversParentTypes['CreditsChangedEvent']> = ResolversObject<{
  balance?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  delta?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  feature?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['CreditsChangeReason'], ParentType, ContextType>;
}>;

export type CustomerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Customer'] = ResolversParentTypes['Customer']> = ResolversObject<{
  aov?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  aovMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  churnScore?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  city?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  country?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  externalId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  firstPurchaseAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastPurchaseAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  legacyId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  ltvEstimate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  ltvEstimateMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ordersCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recentOrders?: Resolver<Array<ResolversTypes['Order']>, ParentType, ContextType, RequireFields<CustomerRecentOrdersArgs, 'first'>>;
  revenueTotal?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  revenueTotalMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  segment?: Resolver<ResolversTypes['CustomerSegment'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['CommerceSource'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CustomerConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CustomerConnection'] = ResolversParentTypes['CustomerConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['CustomerEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Customer']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type CustomerEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CustomerEdge'] = ResolversParentTypes['CustomerEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Customer'], ParentType, ContextType>;
}>;

export type CustomerRankingResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CustomerRanking'] = ResolversParentTypes['CustomerRanking']> = ResolversObject<{
  customer?: Resolver<ResolversTypes['Customer'], ParentType, ContextType>;
  firstOrderAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  grossRevenue?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  lastOrderAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  netRevenue?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  orders?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rank?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  share?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type CustomerSegmentSummaryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CustomerSegmentSummary'] = ResolversParentTypes['CustomerSegmentSummary']> = ResolversObject<{
  customerShare?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  customers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  revenue?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  revenueShare?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  segment?: Resolver<ResolversTypes['CustomerSegment'], ParentType, ContextType>;
}>;

export type CustomerSegmentsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CustomerSegments'] = ResolversParentTypes['CustomerSegments']> = ResolversObject<{
  segments?: Resolver<Array<ResolversTypes['CustomerSegmentSummary']>, ParentType, ContextType>;
  totalCustomers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  totalRevenue?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type DashboardUserResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DashboardUser'] = ResolversParentTypes['DashboardUser']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastSignInAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  mustChangePassword?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['DashboardRole'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DatabaseCheckResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DatabaseCheck'] = ResolversParentTypes['DatabaseCheck']> = ResolversObject<{
  latencyMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['CheckState'], ParentType, ContextType>;
}>;

export interface DateScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Date'], any> {
  name: 'Date';
}

export type DateRangeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DateRange'] = ResolversParentTypes['DateRange']> = ResolversObject<{
  from?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  to?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
}>;

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export interface DecimalScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Decimal'], any> {
  name: 'Decimal';
}

export type DisconnectIntegrationPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DisconnectIntegrationPayload'] = ResolversParentTypes['DisconnectIntegrationPayload']> = ResolversObject<{
  integration?: Resolver<Maybe<ResolversTypes['Integration']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type EnableWebhookPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['EnableWebhookPayload'] = ResolversParentTypes['EnableWebhookPayload']> = ResolversObject<{
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  webhook?: Resolver<Maybe<ResolversTypes['WebhookSubscription']>, ParentType, ContextType>;
}>;

export type FailedGenerationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FailedGeneration'] = ResolversParentTypes['FailedGeneration']> = ResolversObject<{
  balance?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  error?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  refunded?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  transactionId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type FeatureUsageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FeatureUsage'] = ResolversParentTypes['FeatureUsage']> = ResolversObject<{
  feature?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['UsageTotals'], ParentType, ContextType>;
}>;

export type GenerateInsightsPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GenerateInsightsPayload'] = ResolversParentTypes['GenerateInsightsPayload']> = ResolversObject<{
  balance?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  failed?: Resolver<Maybe<Array<ResolversTypes['FailedGeneration']>>, ParentType, ContextType>;
  insights?: Resolver<Maybe<Array<ResolversTypes['Insight']>>, ParentType, ContextType>;
  refunded?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  skippedOpen?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ImportDataPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportDataPayload'] = ResolversParentTypes['ImportDataPayload']> = ResolversObject<{
  importJob?: Resolver<Maybe<ResolversTypes['ImportJob']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ImportJobResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportJob'] = ResolversParentTypes['ImportJob']> = ResolversObject<{
  bytes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  dialect?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fileName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  format?: Resolver<ResolversTypes['ImportFormat'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['ImportKind'], ParentType, ContextType>;
  legacyId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rejectedRows?: Resolver<Array<ResolversTypes['ImportRejection']>, ParentType, ContextType>;
  rowsRead?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rowsRejected?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rowsSkipped?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rowsStored?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  startedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ImportStatus'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ImportRejectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportRejection'] = ResolversParentTypes['ImportRejection']> = ResolversObject<{
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  line?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type InsightResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Insight'] = ResolversParentTypes['Insight']> = ResolversObject<{
  body?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  category?: Resolver<ResolversTypes['InsightCategory'], ParentType, ContextType>;
  computedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  impactEstimate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  legacyId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  relatedAnomaly?: Resolver<Maybe<ResolversTypes['Anomaly']>, ParentType, ContextType>;
  resolvedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  severity?: Resolver<ResolversTypes['Severity'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['InsightStatus'], ParentType, ContextType>;
  suggestedAction?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type InsightConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InsightConnection'] = ResolversParentTypes['InsightConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['InsightEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Insight']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type InsightCreatedEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InsightCreatedEvent'] = ResolversParentTypes['InsightCreatedEvent']> = ResolversObject<{
  category?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  insightId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  severity?: Resolver<ResolversTypes['Severity'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type InsightEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InsightEdge'] = ResolversParentTypes['InsightEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Insight'], ParentType, ContextType>;
}>;

export type IntegrationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Integration'] = ResolversParentTypes['Integration']> = ResolversObject<{
  connectedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastSyncAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastSyncMinutesAgo?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  legacyId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  provider?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  shop?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['IntegrationStatus'], ParentType, ContextType>;
  syncStatus?: Resolver<Maybe<ResolversTypes['IntegrationSyncStatus']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type IntegrationEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IntegrationEdge'] = ResolversParentTypes['IntegrationEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Integration'], ParentType, ContextType>;
}>;

export type IntegrationErrorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IntegrationError'] = ResolversParentTypes['IntegrationError']> = ResolversObject<{
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  attempts?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  nextAttemptAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  source?: Resolver<ResolversTypes['IntegrationErrorSource'], ParentType, ContextType>;
  topic?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  willRetry?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type IntegrationSyncProgressResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IntegrationSyncProgress'] = ResolversParentTypes['IntegrationSyncProgress']> = ResolversObject<{
  etaSeconds?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  percent?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  records?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type IntegrationSyncStatusResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IntegrationSyncStatus'] = ResolversParentTypes['IntegrationSyncStatus']> = ResolversObject<{
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  phase?: Resolver<ResolversTypes['IntegrationSyncPhase'], ParentType, ContextType>;
  progress?: Resolver<ResolversTypes['IntegrationSyncProgress'], ParentType, ContextType>;
  recentErrors?: Resolver<Array<ResolversTypes['IntegrationError']>, ParentType, ContextType>;
}>;

export type IntegrationTotalsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IntegrationTotals'] = ResolversParentTypes['IntegrationTotals']> = ResolversObject<{
  connected?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  neverSynced?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  revoked?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  stale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type IntegrationsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Integrations'] = ResolversParentTypes['Integrations']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['IntegrationEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Integration']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['IntegrationTotals'], ParentType, ContextType>;
}>;

export type InventoryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Inventory'] = ResolversParentTypes['Inventory']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['InventoryItemEdge']>, ParentType, ContextType>;
  generatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['InventoryItem']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['InventorySummary'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type InventoryItemResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InventoryItem'] = ResolversParentTypes['InventoryItem']> = ResolversObject<{
  avgDailyUnits7d?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  avgDailyUnits30d?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  computedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  currentStock?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  daysOfStock?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  estimatedStockoutAt?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  legacyId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  productName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reorderSuggestions?: Resolver<Array<ResolversTypes['ReorderSuggestion']>, ParentType, ContextType, Partial<InventoryItemReorderSuggestionsArgs>>;
  sku?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['InventoryStatus']>, ParentType, ContextType>;
  trend?: Resolver<Maybe<ResolversTypes['InventoryTrend']>, ParentType, ContextType>;
  unitsSold7d?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  unitsSold30d?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type InventoryItemEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InventoryItemEdge'] = ResolversParentTypes['InventoryItemEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['InventoryItem'], ParentType, ContextType>;
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

export type JobHealthResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['JobHealth'] = ResolversParentTypes['JobHealth']> = ResolversObject<{
  job?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastRunAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastStatus?: Resolver<Maybe<ResolversTypes['JobRunState']>, ParentType, ContextType>;
  lastSuccessAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  late?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type MoneyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Money'] = ResolversParentTypes['Money']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  currencyCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  createApiKey?: Resolver<Maybe<ResolversTypes['CreateApiKeyPayload']>, ParentType, ContextType, RequireFields<MutationCreateApiKeyArgs, 'input'>>;
  createDashboardUser?: Resolver<Maybe<ResolversTypes['CreateDashboardUserPayload']>, ParentType, ContextType, RequireFields<MutationCreateDashboardUserArgs, 'input'>>;
  createWebhook?: Resolver<Maybe<ResolversTypes['CreateWebhookPayload']>, ParentType, ContextType, RequireFields<MutationCreateWebhookArgs, 'input'>>;
  disconnectIntegration?: Resolver<Maybe<ResolversTypes['DisconnectIntegrationPayload']>, ParentType, ContextType, RequireFields<MutationDisconnectIntegrationArgs, 'input'>>;
  enableWebhook?: Resolver<Maybe<ResolversTypes['EnableWebhookPayload']>, ParentType, ContextType, RequireFields<MutationEnableWebhookArgs, 'input'>>;
  generateInsights?: Resolver<ResolversTypes['GenerateInsightsPayload'], ParentType, ContextType>;
  importData?: Resolver<Maybe<ResolversTypes['ImportDataPayload']>, ParentType, ContextType, RequireFields<MutationImportDataArgs, 'input'>>;
  pauseAi?: Resolver<Maybe<ResolversTypes['AiAccess']>, ParentType, ContextType, Partial<MutationPauseAiArgs>>;
  pauseAiAccess?: Resolver<Maybe<ResolversTypes['PauseAiAccessPayload']>, ParentType, ContextType, Partial<MutationPauseAiAccessArgs>>;
  recoverWebhookDeliveries?: Resolver<Maybe<ResolversTypes['RecoverWebhookDeliveriesPayload']>, ParentType, ContextType, RequireFields<MutationRecoverWebhookDeliveriesArgs, 'input'>>;
  removeDashboardUser?: Resolver<Maybe<ResolversTypes['RemoveDashboardUserPayload']>, ParentType, ContextType, RequireFields<MutationRemoveDashboardUserArgs, 'id'>>;
  resendWebhookDelivery?: Resolver<Maybe<ResolversTypes['ResendWebhookDeliveryPayload']>, ParentType, ContextType, RequireFields<MutationResendWebhookDeliveryArgs, 'input'>>;
  resumeAi?: Resolver<Maybe<ResolversTypes['AiAccess']>, ParentType, ContextType, Partial<MutationResumeAiArgs>>;
  resumeAiAccess?: Resolver<Maybe<ResolversTypes['ResumeAiAccessPayload']>, ParentType, ContextType, Partial<MutationResumeAiAccessArgs>>;
  resyncIntegration?: Resolver<Maybe<ResolversTypes['ResyncIntegrationPayload']>, ParentType, ContextType, RequireFields<MutationResyncIntegrationArgs, 'input'>>;
  revokeApiKey?: Resolver<Maybe<ResolversTypes['RevokeApiKeyPayload']>, ParentType, ContextType, RequireFields<MutationRevokeApiKeyArgs, 'input'>>;
  revokeWebhook?: Resolver<Maybe<ResolversTypes['RevokeWebhookPayload']>, ParentType, ContextType, RequireFields<MutationRevokeWebhookArgs, 'input'>>;
  rotateWebhookSecret?: Resolver<Maybe<ResolversTypes['RotateWebhookSecretPayload']>, ParentType, ContextType, RequireFields<MutationRotateWebhookSecretArgs, 'input'>>;
  setInsightStatus?: Resolver<Maybe<ResolversTypes['SetInsightStatusPayload']>, ParentType, ContextType, RequireFields<MutationSetInsightStatusArgs, 'input'>>;
  setRefundAttribution?: Resolver<Maybe<ResolversTypes['SetRefundAttributionPayload']>, ParentType, ContextType, RequireFields<MutationSetRefundAttributionArgs, 'input'>>;
  setReorderStatus?: Resolver<Maybe<ResolversTypes['SetReorderStatusPayload']>, ParentType, ContextType, RequireFields<MutationSetReorderStatusArgs, 'input'>>;
  startShopifyInstall?: Resolver<Maybe<ResolversTypes['StartShopifyInstallPayload']>, ParentType, ContextType, RequireFields<MutationStartShopifyInstallArgs, 'input'>>;
  testWebhook?: Resolver<Maybe<ResolversTypes['TestWebhookPayload']>, ParentType, ContextType, RequireFields<MutationTestWebhookArgs, 'input'>>;
  trackEvent?: Resolver<Maybe<ResolversTypes['TrackEventPayload']>, ParentType, ContextType, RequireFields<MutationTrackEventArgs, 'input'>>;
  updateAutoTopup?: Resolver<Maybe<ResolversTypes['UpdateAutoTopupPayload']>, ParentType, ContextType, RequireFields<MutationUpdateAutoTopupArgs, 'input'>>;
  updateCustomerContact?: Resolver<Maybe<ResolversTypes['UpdateCustomerContactPayload']>, ParentType, ContextType, RequireFields<MutationUpdateCustomerContactArgs, 'input'>>;
}>;

export type NodeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Node'] = ResolversParentTypes['Node']> = ResolversObject<{
  __resolveType: TypeResolveFn<'Account' | 'Anomaly' | 'ApiKey' | 'CreditTransaction' | 'Customer' | 'DashboardUser' | 'ImportJob' | 'Insight' | 'Integration' | 'InventoryItem' | 'Order' | 'ReorderSuggestion' | 'WebhookDelivery' | 'WebhookSubscription', ParentType, ContextType>;
}>;

export type OrderResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Order'] = ResolversParentTypes['Order']> = ResolversObject<{
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  customer?: Resolver<Maybe<ResolversTypes['Customer']>, ParentType, ContextType>;
  externalId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  legacyId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  placedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  refundedAmount?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  refundedAmountMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['CommerceSource'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['OrderStatus'], ParentType, ContextType>;
  subtotal?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  subtotalMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  totalAmount?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  totalAmountMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type OrderConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['OrderConnection'] = ResolversParentTypes['OrderConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['OrderEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Order']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type OrderEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['OrderEdge'] = ResolversParentTypes['OrderEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Order'], ParentType, ContextType>;
}>;

export type PageInfoResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type PauseAiAccessPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PauseAiAccessPayload'] = ResolversParentTypes['PauseAiAccessPayload']> = ResolversObject<{
  aiAccess?: Resolver<Maybe<ResolversTypes['AiAccess']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ProfitResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Profit'] = ResolversParentTypes['Profit']> = ResolversObject<{
  days?: Resolver<Array<ResolversTypes['ProfitSnapshot']>, ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['ProfitTotals'], ParentType, ContextType>;
  windowDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ProfitBucketResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProfitBucket'] = ResolversParentTypes['ProfitBucket']> = ResolversObject<{
  complete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  end?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  start?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['ProfitPeriodTotals'], ParentType, ContextType>;
}>;

export type ProfitChangeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProfitChange'] = ResolversParentTypes['ProfitChange']> = ResolversObject<{
  adSpend?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  aov?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  finalProfit?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  grossRevenue?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  marginPctPoints?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  netRevenue?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  newCustomers?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  operationalProfit?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  purchaseCount?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  roas?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
}>;

export type ProfitPeriodTotalsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProfitPeriodTotals'] = ResolversParentTypes['ProfitPeriodTotals']> = ResolversObject<{
  adSpend?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  aov?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  cogsEstimate?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  extraExpenses?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  feesEstimate?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  finalProfit?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  grossRevenue?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  marginPct?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  netRevenue?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  newCustomers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  operationalProfit?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  purchaseCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  refunds?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  roas?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  shippingEstimate?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type ProfitReportResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProfitReport'] = ResolversParentTypes['ProfitReport']> = ResolversObject<{
  buckets?: Resolver<Array<ResolversTypes['ProfitBucket']>, ParentType, ContextType>;
  change?: Resolver<Maybe<ResolversTypes['ProfitChange']>, ParentType, ContextType>;
  interval?: Resolver<ResolversTypes['Interval'], ParentType, ContextType>;
  previous?: Resolver<Maybe<ResolversTypes['ProfitPeriodTotals']>, ParentType, ContextType>;
  previousRange?: Resolver<Maybe<ResolversTypes['DateRange']>, ParentType, ContextType>;
  range?: Resolver<ResolversTypes['DateRange'], ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['ProfitPeriodTotals'], ParentType, ContextType>;
}>;

export type ProfitSnapshotResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProfitSnapshot'] = ResolversParentTypes['ProfitSnapshot']> = ResolversObject<{
  adSpend?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  adSpendMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  cogsEstimate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  cogsEstimateMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  complete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  extraExpenses?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  extraExpensesMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  feesEstimate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  feesEstimateMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  finalProfit?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  finalProfitMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  grossRevenue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  grossRevenueMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  marginPct?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  netRevenue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  netRevenueMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  operationalProfit?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  operationalProfitMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  purchaseCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  refunds?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  refundsMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  shippingEstimate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  shippingEstimateMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  snapshotDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
}>;

export type ProfitTotalsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProfitTotals'] = ResolversParentTypes['ProfitTotals']> = ResolversObject<{
  adSpend?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  adSpendMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  avgMarginPct?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  daysReturned?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  finalProfit?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  finalProfitMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  grossRevenue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  grossRevenueMoney?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  purchaseCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  accountHealth?: Resolver<Maybe<ResolversTypes['AccountHealth']>, ParentType, ContextType>;
  adPerformance?: Resolver<Maybe<ResolversTypes['AdPerformance']>, ParentType, ContextType, RequireFields<QueryAdPerformanceArgs, 'range'>>;
  aiAccess?: Resolver<Maybe<ResolversTypes['AiAccess']>, ParentType, ContextType>;
  anomalies?: Resolver<Maybe<ResolversTypes['AnomalyWindow']>, ParentType, ContextType, RequireFields<QueryAnomaliesArgs, 'days'>>;
  conversations?: Resolver<Maybe<ResolversTypes['ConversationWindow']>, ParentType, ContextType, RequireFields<QueryConversationsArgs, 'days' | 'first'>>;
  creatives?: Resolver<Maybe<ResolversTypes['Creatives']>, ParentType, ContextType>;
  customer?: Resolver<Maybe<ResolversTypes['Customer']>, ParentType, ContextType, RequireFields<QueryCustomerArgs, 'id'>>;
  customerSegments?: Resolver<Maybe<ResolversTypes['CustomerSegments']>, ParentType, ContextType>;
  customers?: Resolver<Maybe<ResolversTypes['CustomerConnection']>, ParentType, ContextType, Partial<QueryCustomersArgs>>;
  dashboardUsers?: Resolver<Array<ResolversTypes['DashboardUser']>, ParentType, ContextType>;
  importJob?: Resolver<Maybe<ResolversTypes['ImportJob']>, ParentType, ContextType, RequireFields<QueryImportJobArgs, 'id'>>;
  insights?: Resolver<Maybe<ResolversTypes['InsightConnection']>, ParentType, ContextType, Partial<QueryInsightsArgs>>;
  integrations?: Resolver<Maybe<ResolversTypes['Integrations']>, ParentType, ContextType>;
  inventory?: Resolver<Maybe<ResolversTypes['Inventory']>, ParentType, ContextType, RequireFields<QueryInventoryArgs, 'first'>>;
  node?: Resolver<Maybe<ResolversTypes['Node']>, ParentType, ContextType, RequireFields<QueryNodeArgs, 'id'>>;
  nodes?: Resolver<Array<Maybe<ResolversTypes['Node']>>, ParentType, ContextType, RequireFields<QueryNodesArgs, 'ids'>>;
  orders?: Resolver<Maybe<ResolversTypes['OrderConnection']>, ParentType, ContextType, RequireFields<QueryOrdersArgs, 'reverse' | 'sortKey'>>;
  profit?: Resolver<Maybe<ResolversTypes['Profit']>, ParentType, ContextType, RequireFields<QueryProfitArgs, 'days'>>;
  profitReport?: Resolver<Maybe<ResolversTypes['ProfitReport']>, ParentType, ContextType, RequireFields<QueryProfitReportArgs, 'interval' | 'range'>>;
  rateLimit?: Resolver<Maybe<ResolversTypes['RateLimit']>, ParentType, ContextType, RequireFields<QueryRateLimitArgs, 'dryRun'>>;
  reorderSuggestions?: Resolver<Maybe<ResolversTypes['ReorderSuggestionConnection']>, ParentType, ContextType, Partial<QueryReorderSuggestionsArgs>>;
  risks?: Resolver<Maybe<Array<ResolversTypes['Risk']>>, ParentType, ContextType>;
  salesBreakdown?: Resolver<Maybe<ResolversTypes['SalesBreakdown']>, ParentType, ContextType, RequireFields<QuerySalesBreakdownArgs, 'by' | 'first' | 'range'>>;
  status?: Resolver<Maybe<ResolversTypes['ServiceStatus']>, ParentType, ContextType>;
  topCustomers?: Resolver<Maybe<Array<ResolversTypes['CustomerRanking']>>, ParentType, ContextType, RequireFields<QueryTopCustomersArgs, 'first' | 'range' | 'sortKey'>>;
  usage?: Resolver<Maybe<ResolversTypes['Usage']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['Viewer']>, ParentType, ContextType>;
  webhookDelivery?: Resolver<Maybe<ResolversTypes['WebhookDelivery']>, ParentType, ContextType, RequireFields<QueryWebhookDeliveryArgs, 'id'>>;
  webhookSubscriptions?: Resolver<Maybe<ResolversTypes['WebhookSubscriptionConnection']>, ParentType, ContextType>;
  webhooks?: Resolver<Array<ResolversTypes['WebhookSubscription']>, ParentType, ContextType>;
}>;

export type RateLimitResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RateLimit'] = ResolversParentTypes['RateLimit']> = ResolversObject<{
  cost?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  limit?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  queryCost?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  remaining?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  resetAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  throttleStatus?: Resolver<ResolversTypes['ThrottleStatus'], ParentType, ContextType>;
}>;

export type RecoverWebhookDeliveriesPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RecoverWebhookDeliveriesPayload'] = ResolversParentTypes['RecoverWebhookDeliveriesPayload']> = ResolversObject<{
  queued?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type RemoveDashboardUserPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RemoveDashboardUserPayload'] = ResolversParentTypes['RemoveDashboardUserPayload']> = ResolversObject<{
  removedUserId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ReorderSuggestionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReorderSuggestion'] = ResolversParentTypes['ReorderSuggestion']> = ResolversObject<{
  computedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  confidence?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  forecastDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  inventoryItem?: Resolver<ResolversTypes['InventoryItem'], ParentType, ContextType>;
  inventoryItemId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  legacyId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  qtySuggested?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ReorderStatus'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ReorderSuggestionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReorderSuggestionConnection'] = ResolversParentTypes['ReorderSuggestionConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ReorderSuggestionEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['ReorderSuggestion']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ReorderSuggestionEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReorderSuggestionEdge'] = ResolversParentTypes['ReorderSuggestionEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ReorderSuggestion'], ParentType, ContextType>;
}>;

export type ResendWebhookDeliveryPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ResendWebhookDeliveryPayload'] = ResolversParentTypes['ResendWebhookDeliveryPayload']> = ResolversObject<{
  delivery?: Resolver<Maybe<ResolversTypes['WebhookDelivery']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ResumeAiAccessPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ResumeAiAccessPayload'] = ResolversParentTypes['ResumeAiAccessPayload']> = ResolversObject<{
  aiAccess?: Resolver<Maybe<ResolversTypes['AiAccess']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ResyncIntegrationPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ResyncIntegrationPayload'] = ResolversParentTypes['ResyncIntegrationPayload']> = ResolversObject<{
  integration?: Resolver<Maybe<ResolversTypes['Integration']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type RevokeApiKeyPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RevokeApiKeyPayload'] = ResolversParentTypes['RevokeApiKeyPayload']> = ResolversObject<{
  alreadyRevoked?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  apiKey?: Resolver<Maybe<ResolversTypes['ApiKey']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type RevokeWebhookPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RevokeWebhookPayload'] = ResolversParentTypes['RevokeWebhookPayload']> = ResolversObject<{
  revokedWebhookId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type RiskResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Risk'] = ResolversParentTypes['Risk']> = ResolversObject<{
  category?: Resolver<ResolversTypes['RiskCategory'], ParentType, ContextType>;
  detail?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  evidence?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  severity?: Resolver<ResolversTypes['Severity'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type RotateWebhookSecretPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RotateWebhookSecretPayload'] = ResolversParentTypes['RotateWebhookSecretPayload']> = ResolversObject<{
  previousSecretExpiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  secret?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  webhookId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
}>;

export type SalesBreakdownResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SalesBreakdown'] = ResolversParentTypes['SalesBreakdown']> = ResolversObject<{
  by?: Resolver<ResolversTypes['BreakdownDimension'], ParentType, ContextType>;
  groupCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  previousRange?: Resolver<Maybe<ResolversTypes['DateRange']>, ParentType, ContextType>;
  previousTotals?: Resolver<Maybe<ResolversTypes['SalesFigures']>, ParentType, ContextType>;
  range?: Resolver<ResolversTypes['DateRange'], ParentType, ContextType>;
  rows?: Resolver<Array<ResolversTypes['SalesBreakdownRow']>, ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['SalesFigures'], ParentType, ContextType>;
}>;

export type SalesBreakdownFiguresResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SalesBreakdownFigures'] = ResolversParentTypes['SalesBreakdownFigures']> = ResolversObject<{
  customers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  grossRevenue?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  orders?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  share?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type SalesBreakdownRowResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SalesBreakdownRow'] = ResolversParentTypes['SalesBreakdownRow']> = ResolversObject<{
  customers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  grossRevenue?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  orders?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  previous?: Resolver<Maybe<ResolversTypes['SalesBreakdownFigures']>, ParentType, ContextType>;
  share?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type SalesFiguresResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SalesFigures'] = ResolversParentTypes['SalesFigures']> = ResolversObject<{
  customers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  grossRevenue?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  orders?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
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
  insight?: Resolver<Maybe<ResolversTypes['Insight']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type SetRefundAttributionPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SetRefundAttributionPayload'] = ResolversParentTypes['SetRefundAttributionPayload']> = ResolversObject<{
  account?: Resolver<Maybe<ResolversTypes['Account']>, ParentType, ContextType>;
  changed?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  markedDays?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type SetReorderStatusPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SetReorderStatusPayload'] = ResolversParentTypes['SetReorderStatusPayload']> = ResolversObject<{
  reorderSuggestion?: Resolver<Maybe<ResolversTypes['ReorderSuggestion']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type StartShopifyInstallPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StartShopifyInstallPayload'] = ResolversParentTypes['StartShopifyInstallPayload']> = ResolversObject<{
  installUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shop?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  analyticsUpdated?: SubscriptionResolver<ResolversTypes['AnalyticsUpdatedEvent'], "analyticsUpdated", ParentType, ContextType>;
  anomalyDetected?: SubscriptionResolver<ResolversTypes['AnomalyDetectedEvent'], "anomalyDetected", ParentType, ContextType, RequireFields<SubscriptionAnomalyDetectedArgs, 'minSeverity'>>;
  creditsChanged?: SubscriptionResolver<ResolversTypes['CreditsChangedEvent'], "creditsChanged", ParentType, ContextType>;
  insightCreated?: SubscriptionResolver<ResolversTypes['InsightCreatedEvent'], "insightCreated", ParentType, ContextType>;
}>;

export type TestWebhookPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TestWebhookPayload'] = ResolversParentTypes['TestWebhookPayload']> = ResolversObject<{
  deliveryId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  durationMs?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  responseBody?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  statusCode?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  success?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ThrottleStatusResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ThrottleStatus'] = ResolversParentTypes['ThrottleStatus']> = ResolversObject<{
  currentlyAvailable?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  maximumAvailable?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  restoreRate?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type TrackEventPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TrackEventPayload'] = ResolversParentTypes['TrackEventPayload']> = ResolversObject<{
  eventId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type UpdateAutoTopupPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UpdateAutoTopupPayload'] = ResolversParentTypes['UpdateAutoTopupPayload']> = ResolversObject<{
  autoTopup?: Resolver<Maybe<ResolversTypes['AutoTopup']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type UpdateCustomerContactPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UpdateCustomerContactPayload'] = ResolversParentTypes['UpdateCustomerContactPayload']> = ResolversObject<{
  customer?: Resolver<Maybe<ResolversTypes['Customer']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
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

export type UserErrorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UserError'] = ResolversParentTypes['UserError']> = ResolversObject<{
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  field?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type ViewerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Viewer'] = ResolversParentTypes['Viewer']> = ResolversObject<{
  account?: Resolver<ResolversTypes['Account'], ParentType, ContextType>;
  apiKeys?: Resolver<Maybe<Array<ResolversTypes['ApiKey']>>, ParentType, ContextType>;
  credential?: Resolver<ResolversTypes['CredentialKind'], ParentType, ContextType>;
  credits?: Resolver<ResolversTypes['Credits'], ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['Scope']>, ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['DashboardUser']>, ParentType, ContextType>;
}>;

export type WebhookAttemptResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookAttempt'] = ResolversParentTypes['WebhookAttempt']> = ResolversObject<{
  durationMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  number?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  responseBody?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  startedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  statusCode?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type WebhookDeliveryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookDelivery'] = ResolversParentTypes['WebhookDelivery']> = ResolversObject<{
  attemptCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  attempts?: Resolver<Array<ResolversTypes['WebhookAttempt']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deliveryId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  event?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  nextAttemptAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['WebhookDeliveryStatus'], ParentType, ContextType>;
  subscriptionId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookDeliveryConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookDeliveryConnection'] = ResolversParentTypes['WebhookDeliveryConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['WebhookDeliveryEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['WebhookDelivery']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type WebhookDeliveryEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookDeliveryEdge'] = ResolversParentTypes['WebhookDeliveryEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['WebhookDelivery'], ParentType, ContextType>;
}>;

export type WebhookSubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookSubscription'] = ResolversParentTypes['WebhookSubscription']> = ResolversObject<{
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deliveries?: Resolver<ResolversTypes['WebhookDeliveryConnection'], ParentType, ContextType, Partial<WebhookSubscriptionDeliveriesArgs>>;
  events?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  failCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastFiredAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastStatus?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  legacyId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  totalFailed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  totalFired?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookSubscriptionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookSubscriptionConnection'] = ResolversParentTypes['WebhookSubscriptionConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['WebhookSubscriptionEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['WebhookSubscription']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type WebhookSubscriptionEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookSubscriptionEdge'] = ResolversParentTypes['WebhookSubscriptionEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['WebhookSubscription'], ParentType, ContextType>;
}>;

export type Resolvers<ContextType = GraphQLContext> = ResolversObject<{
  Account?: AccountResolvers<ContextType>;
  AccountHealth?: AccountHealthResolvers<ContextType>;
  AdCampaignPerformance?: AdCampaignPerformanceResolvers<ContextType>;
  AdFigures?: AdFiguresResolvers<ContextType>;
  AdPerformance?: AdPerformanceResolvers<ContextType>;
  AdPlatformPerformance?: AdPlatformPerformanceResolvers<ContextType>;
  AiAccess?: AiAccessResolvers<ContextType>;
  AnalyticsUpdatedEvent?: AnalyticsUpdatedEventResolvers<ContextType>;
  Anomaly?: AnomalyResolvers<ContextType>;
  AnomalyDetectedEvent?: AnomalyDetectedEventResolvers<ContextType>;
  AnomalyEdge?: AnomalyEdgeResolvers<ContextType>;
  AnomalyWindow?: AnomalyWindowResolvers<ContextType>;
  ApiKey?: ApiKeyResolvers<ContextType>;
  AutoTopup?: AutoTopupResolvers<ContextType>;
  Conversation?: ConversationResolvers<ContextType>;
  ConversationWindow?: ConversationWindowResolvers<ContextType>;
  CorrelatedMetric?: CorrelatedMetricResolvers<ContextType>;
  CreateApiKeyPayload?: CreateApiKeyPayloadResolvers<ContextType>;
  CreateDashboardUserPayload?: CreateDashboardUserPayloadResolvers<ContextType>;
  CreateWebhookPayload?: CreateWebhookPayloadResolvers<ContextType>;
  Creative?: CreativeResolvers<ContextType>;
  Creatives?: CreativesResolvers<ContextType>;
  CreditTransaction?: CreditTransactionResolvers<ContextType>;
  CreditTransactionConnection?: CreditTransactionConnectionResolvers<ContextType>;
  CreditTransactionEdge?: CreditTransactionEdgeResolvers<ContextType>;
  Credits?: CreditsResolvers<ContextType>;
  CreditsChangedEvent?: CreditsChangedEventResolvers<ContextType>;
  Customer?: CustomerResolvers<ContextType>;
  CustomerConnection?: CustomerConnectionResolvers<ContextType>;
  CustomerEdge?: CustomerEdgeResolvers<ContextType>;
  CustomerRanking?: CustomerRankingResolvers<ContextType>;
  CustomerSegmentSummary?: CustomerSegmentSummaryResolvers<ContextType>;
  CustomerSegments?: CustomerSegmentsResolvers<ContextType>;
  DashboardUser?: DashboardUserResolvers<ContextType>;
  DatabaseCheck?: DatabaseCheckResolvers<ContextType>;
  Date?: GraphQLScalarType;
  DateRange?: DateRangeResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  Decimal?: GraphQLScalarType;
  DisconnectIntegrationPayload?: DisconnectIntegrationPayloadResolvers<ContextType>;
  EnableWebhookPayload?: EnableWebhookPayloadResolvers<ContextType>;
  FailedGeneration?: FailedGenerationResolvers<ContextType>;
  FeatureUsage?: FeatureUsageResolvers<ContextType>;
  GenerateInsightsPayload?: GenerateInsightsPayloadResolvers<ContextType>;
  ImportDataPayload?: ImportDataPayloadResolvers<ContextType>;
  ImportJob?: ImportJobResolvers<ContextType>;
  ImportRejection?: ImportRejectionResolvers<ContextType>;
  Insight?: InsightResolvers<ContextType>;
  InsightConnection?: InsightConnectionResolvers<ContextType>;
  InsightCreatedEvent?: InsightCreatedEventResolvers<ContextType>;
  InsightEdge?: InsightEdgeResolvers<ContextType>;
  Integration?: IntegrationResolvers<ContextType>;
  IntegrationEdge?: IntegrationEdgeResolvers<ContextType>;
  IntegrationError?: IntegrationErrorResolvers<ContextType>;
  IntegrationSyncProgress?: IntegrationSyncProgressResolvers<ContextType>;
  IntegrationSyncStatus?: IntegrationSyncStatusResolvers<ContextType>;
  IntegrationTotals?: IntegrationTotalsResolvers<ContextType>;
  Integrations?: IntegrationsResolvers<ContextType>;
  Inventory?: InventoryResolvers<ContextType>;
  InventoryItem?: InventoryItemResolvers<ContextType>;
  InventoryItemEdge?: InventoryItemEdgeResolvers<ContextType>;
  InventorySummary?: InventorySummaryResolvers<ContextType>;
  JSONObject?: GraphQLScalarType;
  JobHealth?: JobHealthResolvers<ContextType>;
  Money?: MoneyResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Node?: NodeResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  OrderConnection?: OrderConnectionResolvers<ContextType>;
  OrderEdge?: OrderEdgeResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  PauseAiAccessPayload?: PauseAiAccessPayloadResolvers<ContextType>;
  Profit?: ProfitResolvers<ContextType>;
  ProfitBucket?: ProfitBucketResolvers<ContextType>;
  ProfitChange?: ProfitChangeResolvers<ContextType>;
  ProfitPeriodTotals?: ProfitPeriodTotalsResolvers<ContextType>;
  ProfitReport?: ProfitReportResolvers<ContextType>;
  ProfitSnapshot?: ProfitSnapshotResolvers<ContextType>;
  ProfitTotals?: ProfitTotalsResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RateLimit?: RateLimitResolvers<ContextType>;
  RecoverWebhookDeliveriesPayload?: RecoverWebhookDeliveriesPayloadResolvers<ContextType>;
  RemoveDashboardUserPayload?: RemoveDashboardUserPayloadResolvers<ContextType>;
  ReorderSuggestion?: ReorderSuggestionResolvers<ContextType>;
  ReorderSuggestionConnection?: ReorderSuggestionConnectionResolvers<ContextType>;
  ReorderSuggestionEdge?: ReorderSuggestionEdgeResolvers<ContextType>;
  ResendWebhookDeliveryPayload?: ResendWebhookDeliveryPayloadResolvers<ContextType>;
  ResumeAiAccessPayload?: ResumeAiAccessPayloadResolvers<ContextType>;
  ResyncIntegrationPayload?: ResyncIntegrationPayloadResolvers<ContextType>;
  RevokeApiKeyPayload?: RevokeApiKeyPayloadResolvers<ContextType>;
  RevokeWebhookPayload?: RevokeWebhookPayloadResolvers<ContextType>;
  Risk?: RiskResolvers<ContextType>;
  RotateWebhookSecretPayload?: RotateWebhookSecretPayloadResolvers<ContextType>;
  SalesBreakdown?: SalesBreakdownResolvers<ContextType>;
  SalesBreakdownFigures?: SalesBreakdownFiguresResolvers<ContextType>;
  SalesBreakdownRow?: SalesBreakdownRowResolvers<ContextType>;
  SalesFigures?: SalesFiguresResolvers<ContextType>;
  ServiceStatus?: ServiceStatusResolvers<ContextType>;
  SetInsightStatusPayload?: SetInsightStatusPayloadResolvers<ContextType>;
  SetRefundAttributionPayload?: SetRefundAttributionPayloadResolvers<ContextType>;
  SetReorderStatusPayload?: SetReorderStatusPayloadResolvers<ContextType>;
  StartShopifyInstallPayload?: StartShopifyInstallPayloadResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  TestWebhookPayload?: TestWebhookPayloadResolvers<ContextType>;
  ThrottleStatus?: ThrottleStatusResolvers<ContextType>;
  TrackEventPayload?: TrackEventPayloadResolvers<ContextType>;
  UpdateAutoTopupPayload?: UpdateAutoTopupPayloadResolvers<ContextType>;
  UpdateCustomerContactPayload?: UpdateCustomerContactPayloadResolvers<ContextType>;
  Usage?: UsageResolvers<ContextType>;
  UsageDay?: UsageDayResolvers<ContextType>;
  UsagePeriod?: UsagePeriodResolvers<ContextType>;
  UsageTotals?: UsageTotalsResolvers<ContextType>;
  UserError?: UserErrorResolvers<ContextType>;
  Viewer?: ViewerResolvers<ContextType>;
  WebhookAttempt?: WebhookAttemptResolvers<ContextType>;
  WebhookDelivery?: WebhookDeliveryResolvers<ContextType>;
  WebhookDeliveryConnection?: WebhookDeliveryConnectionResolvers<ContextType>;
  WebhookDeliveryEdge?: WebhookDeliveryEdgeResolvers<ContextType>;
  WebhookSubscription?: WebhookSubscriptionResolvers<ContextType>;
  WebhookSubscriptionConnection?: WebhookSubscriptionConnectionResolvers<ContextType>;
  WebhookSubscriptionEdge?: WebhookSubscriptionEdgeResolvers<ContextType>;
}>;

export type DirectiveResolvers<ContextType = GraphQLContext> = ResolversObject<{
  outcome?: OutcomeDirectiveResolver<any, any, ContextType>;
}>;
