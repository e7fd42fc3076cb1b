// The Shopify connector's surface for the wiring (src/main.ts) and the jobs.
export { shopifyRoutes, shopifyInstallStart, type ShopifyRouteDeps } from './routes.ts';
export { processShopifyInbox, SHOPIFY_PROVIDER, SHOPIFY_TOPICS } from './inbox.ts';
export { shopifyAccess, type ShopifyAccess } from './tokens.ts';
export type { ShopifyCore } from './core.ts';
export type { ShopifyConfig } from './config.ts';
// The Shopify connector's sync side (docs/connectors/shopify-sync.md): the Admin GraphQL client,
// the backfill and reconciliation, webhook registration, and the hooks part A's OAuth callback and
// webhook receiver call.
export { adminClient, ShopifyApiError, ShopifyTokenError } from './admin-client.ts';
export type { AdminClient, AdminClientOptions, ShopifyTokenSource, ShopifyApiConfig, ThrottleStatus } from './admin-client.ts';
export { shopifySync, afterConnected, onBulkOperationFinished, SHOPIFY_SYNC_JOB } from './sync.ts';
export type { ShopifySync, ShopifySyncDeps, ShopifySyncHost, AccountSyncResult } from './sync.ts';
export { registerShopifyWebhooks, WEBHOOK_TOPICS } from './register-webhooks.ts';
export { BACKFILL_ORDER } from './backfill.ts';
