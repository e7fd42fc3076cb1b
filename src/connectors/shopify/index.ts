// The Shopify connector's surface for the wiring (src/main.ts), the services and the jobs.
// The install and webhook side (docs/connectors/shopify.md):
export { shopifyRoutes, type ShopifyRouteDeps } from './routes.ts';
export { processShopifyInbox, SHOPIFY_PROVIDER, SHOPIFY_TOPICS } from './inbox.ts';
export { shopifyAccess, type ShopifyAccess } from './tokens.ts';
export type { ShopifyCore } from './core.ts';
export { shopifyCredentials, type ShopifyConfig } from './config.ts';
// The sync side (docs/connectors/shopify-sync.md): the Admin GraphQL client, the backfill and
// reconciliation, webhook registration, and what the OAuth callback and the inbox hand over to
// (hooks.ts).
export { adminClient, graphqlUrl, ShopifyApiError, ShopifyTokenError } from './admin-client.ts';
export type { AdminClient, AdminClientOptions, ShopifyTokenSource, ShopifyApiConfig, ThrottleStatus } from './admin-client.ts';
export { shopifySync, afterConnected, onBulkOperationFinished, SHOPIFY_SYNC_JOB } from './sync.ts';
export type { ShopifySync, ShopifySyncDeps, ShopifySyncHost, AccountSyncResult } from './sync.ts';
export { registerShopifyWebhooks, WEBHOOK_TOPICS, webhookAddress } from './register-webhooks.ts';
export { BACKFILL_ORDER } from './backfill.ts';
