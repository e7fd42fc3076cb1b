// The Shopify connector's surface for the wiring (src/main.ts) and the jobs.
export { shopifyRoutes, type ShopifyRouteDeps } from './routes.ts';
export { processShopifyInbox, SHOPIFY_PROVIDER, SHOPIFY_TOPICS } from './inbox.ts';
export { shopifyAccess, type ShopifyAccess } from './tokens.ts';
export type { ShopifyCore } from './core.ts';
export type { ShopifyConfig } from './config.ts';
