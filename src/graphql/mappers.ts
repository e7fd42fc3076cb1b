// The domain values the GraphQL object types resolve from (codegen.yml `mappers`): resolvers are
// typed against what the services return, not against the GraphQL shapes.
import type { Principal } from '../domain/auth/service.ts';
import type { Services } from '../services.ts';
import type { CustomerRow, OrderRow } from '../domain/customers/repo.ts';
import type { ServiceStatus } from '../domain/status/service.ts';

type Result<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type Item<F extends (...args: never[]) => unknown> = Result<F> extends { items: Array<infer T> } ? T : never;

export type ViewerModel = { principal: Principal };
export type AccountModel = Result<Services['accounts']['getAccount']>;
export type ApiKeyModel = Result<Services['keys']['listKeys']>[number];
export type CreditsModel = Result<Services['credits']['getCreditBalance']>;
export type CreditTransactionModel = Item<Services['credits']['transactionsPage']>;
export type CustomerModel = CustomerRow;
export type OrderModel = OrderRow;
export type IntegrationModel = Result<Services['integrations']['listIntegrations']>['items'][number];
export type IntegrationsModel = Result<Services['integrations']['listIntegrations']>;
export type WebhookModel = Result<Services['webhooks']['listWebhooks']>[number];
export type InsightModel = Item<Services['insights']['insightsPage']>;
export type AnomalyModel = Item<Services['anomalies']['listAnomalies']>;
export type AnomalyWindowModel = Result<Services['anomalies']['listAnomalies']>;
export type ProfitModel = Result<Services['profit']['listProfit']>;
export type ProfitSnapshotModel = ProfitModel['items'][number];
export type InventoryModel = Result<Services['inventory']['listInventory']>;
export type InventoryItemModel = InventoryModel['items'][number];
export type ReorderSuggestionModel = Item<Services['reorder']['suggestionsPage']>;
export type RateLimitModel = { limit: number; remaining: number; resetAtMs: number; queryCost: number };
export type ServiceStatusModel = ServiceStatus;
export type AiAccessModel = Result<Services['aiAccess']['get']>;
export type UsageModel = Result<Services['usage']['getUsage']>;
export type GenerateInsightsModel = Result<Services['aiInsights']['generateOnRequest']>;
export type UsagePeriodModel = UsageModel['periods']['today'];
export type FeatureUsageModel = UsagePeriodModel['byFeature'][number];
export type UsageDayModel = UsageModel['daily'][number];
export type UsageTotalsModel = Omit<UsageDayModel, 'date'>;
