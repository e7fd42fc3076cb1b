// The domain values the GraphQL object types resolve from (codegen.yml `mappers`): resolvers are
// typed against the declared types of the domain modules (their index.ts), not against the
// GraphQL shapes.
import type { Principal } from '../domain/auth/index.ts';
import type { Customer, Order } from '../domain/customers/index.ts';
import type { ServiceStatus } from '../domain/status/index.ts';
import type { Insight } from '../domain/insights/index.ts';
import type { Anomaly, AnomalyWindow } from '../domain/anomalies/index.ts';
import type { AnomalyDetectedEvent } from '../domain/live/index.ts';
import type { Profit, ProfitSnapshot } from '../domain/profit/index.ts';
import type { Inventory, InventoryItem } from '../domain/inventory/index.ts';
import type { ReorderSuggestion } from '../domain/reorder/index.ts';
import type { AiAccessView } from '../domain/ai-access/index.ts';
import type { UsagePeriod, UsageReport } from '../domain/usage/index.ts';
import type { OnRequestOutcome } from '../domain/ai-insights/index.ts';
import type { Account } from '../domain/accounts/index.ts';
import type { ApiKey } from '../domain/keys/index.ts';
import type { DashboardUser } from '../domain/users/index.ts';
import type { CreditBalance, CreditTransaction } from '../domain/credits/index.ts';
import type { Integration, IntegrationList, SyncStatus } from '../domain/integrations/index.ts';
import type { Webhook, WebhookAttemptView, WebhookDeliveryView } from '../domain/webhooks/index.ts';
import type { OrderListRow } from '../domain/orders/index.ts';
import type { ImportReport } from '../domain/imports/index.ts';
import type { PageInfo } from './__generated__/resolvers.ts';

export type ViewerModel = { principal: Principal };
export type AccountModel = Account;
export type ApiKeyModel = ApiKey;
export type DashboardUserModel = DashboardUser;
export type CreditsModel = CreditBalance;
export type CreditTransactionModel = CreditTransaction;
export type CustomerModel = Customer;
export type OrderModel = Order;
export type IntegrationModel = Integration;
export type IntegrationsModel = IntegrationList;
/** An integration's sync status, with the integration's id (its recent errors are read by it). */
export type IntegrationSyncStatusModel = { integrationId: number; status: SyncStatus };
export type WebhookModel = Webhook;
export type ImportJobModel = ImportReport;
/** The active subscriptions (at most 25), one page. */
export type WebhookSubscriptionConnectionModel = { items: Webhook[] };
/** A delivery; its attempts come with it when it was read alone (webhookDelivery, resend). */
export type WebhookDeliveryModel = WebhookDeliveryView & { attemptLog?: WebhookAttemptView[] };
export type WebhookAttemptModel = WebhookAttemptView;
export type InsightModel = Insight;
export type AnomalyModel = Anomaly;
export type AnomalyWindowModel = AnomalyWindow;
export type AnomalyDetectedEventModel = AnomalyDetectedEvent;
export type ProfitModel = Profit;
export type ProfitSnapshotModel = ProfitSnapshot;
/** The inventory list, with the status it was filtered by (its totalCount is that status's count). */
export type InventoryModel = Inventory & { statusFilter?: keyof Inventory['summary'] };
export type InventoryItemModel = InventoryItem;
export type ReorderSuggestionModel = ReorderSuggestion;
export type RateLimitModel = {
  limit: number;
  remaining: number;
  resetAtMs: number;
  queryCost: number;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
};
export type ServiceStatusModel = ServiceStatus;
export type AiAccessModel = AiAccessView;
export type UsageModel = UsageReport;
export type GenerateInsightsModel = OnRequestOutcome;
export type UsagePeriodModel = UsagePeriod;
export type FeatureUsageModel = UsagePeriodModel['byFeature'][number];
export type UsageDayModel = UsageReport['daily'][number];
export type UsageTotalsModel = Omit<UsageDayModel, 'date'>;
/** A page of a connection; its total count is counted only when asked for. */
export type CountedPage<T> = {
  edges: Array<{ node: T; cursor: string }>;
  nodes: T[];
  pageInfo: PageInfo;
  totalCount: () => Promise<number>;
};
export type OrderConnectionModel = CountedPage<OrderListRow>;
export type CustomerConnectionModel = CountedPage<CustomerModel>;
export type InsightConnectionModel = CountedPage<InsightModel>;
export type ReorderSuggestionConnectionModel = CountedPage<ReorderSuggestionModel>;
export type CreditTransactionConnectionModel = CountedPage<CreditTransactionModel>;
export type WebhookDeliveryConnectionModel = CountedPage<WebhookDeliveryModel>;
