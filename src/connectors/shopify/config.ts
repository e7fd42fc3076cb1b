// The Shopify connector's settings (config.shopify): their environment schema, cross-variable
// rules and shape. src/config.ts reads the environment and calls these; nothing else does.
import { z } from 'zod';

/** Shopify's API versions are quarterly: YYYY-01, -04, -07, -10. */
export const SHOPIFY_API_VERSION_PATTERN = /^20\d\d-(01|04|07|10)$/;
/** The anchored shop-domain pattern Shopify recommends (no custom domains). */
export const SHOP_DOMAIN_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

export const DEFAULT_SHOPIFY_SCOPES = ['read_orders', 'read_all_orders', 'read_customers', 'read_products', 'read_inventory'];

export const shopifyEnv = {
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SHOPIFY_API_KEY: z.string().min(1).max(200).optional(),
  SHOPIFY_API_SECRET: z.string().min(1).max(200).optional(),
  SHOPIFY_SCOPES: z
    .string()
    .regex(/^\s*[a-z_]+(\s*,\s*[a-z_]+)*\s*$/, 'must be scope names separated by commas (read_orders,read_products)')
    .optional(),
  SHOPIFY_API_VERSION: z.string().regex(SHOPIFY_API_VERSION_PATTERN, 'must be a Shopify API version, YYYY-MM with MM one of 01, 04, 07, 10').default('2025-01'),
  SHOPIFY_BASE_URL: z
    .string()
    .regex(/^https?:\/\/\S*\{shop\}\S*$/, 'must be an http(s):// URL template containing {shop} (default https://{shop})')
    .default('https://{shop}'),
};

type ShopifyEnv = z.infer<z.ZodObject<typeof shopifyEnv>>;

export interface ShopifyConfig {
  /** The service's public base URL (PUBLIC_URL, no trailing slash): the OAuth redirect_uri and the webhook address derive from it. */
  publicUrl: string | null;
  /** The app's client id and secret; both null when the app is not configured (install answers 503 not_configured). */
  apiKey: string | null;
  apiSecret: string | null;
  /** The access scopes requested at install; the granted ones must cover them. */
  scopes: string[];
  /** The pinned Admin API version, YYYY-MM. */
  apiVersion: string;
  /** Template of a shop's base URL, `{shop}` replaced by the shop domain (no trailing slash). */
  baseUrl: string;
}

/** Rules across variables, on the raw strings (reported with the per-variable problems). */
export function shopifyChecks(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (Boolean(raw.SHOPIFY_API_KEY) !== Boolean(raw.SHOPIFY_API_SECRET)) {
    problems.push('SHOPIFY_API_SECRET: set SHOPIFY_API_KEY and SHOPIFY_API_SECRET together (or neither)');
  }
  if (raw.SHOPIFY_API_KEY && !raw.PUBLIC_URL) {
    problems.push('PUBLIC_URL: required when SHOPIFY_API_KEY is set (the OAuth redirect_uri and the webhook address derive from it)');
  }
  if (raw.NODE_ENV === 'production' && raw.SHOPIFY_BASE_URL?.startsWith('http://')) {
    problems.push('SHOPIFY_BASE_URL: plain http is refused when NODE_ENV=production (simulators only)');
  }
  return problems;
}

export const shopifyConfig = (env: ShopifyEnv): ShopifyConfig => ({
  publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
  apiKey: env.SHOPIFY_API_KEY ?? null,
  apiSecret: env.SHOPIFY_API_SECRET ?? null,
  scopes: env.SHOPIFY_SCOPES
    ? env.SHOPIFY_SCOPES.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : DEFAULT_SHOPIFY_SCOPES,
  apiVersion: env.SHOPIFY_API_VERSION,
  baseUrl: env.SHOPIFY_BASE_URL.replace(/\/+$/, ''),
});

/** The configured app's credentials, or null when the app is not configured. */
export function shopifyCredentials(config: ShopifyConfig): { apiKey: string; apiSecret: string; publicUrl: string } | null {
  if (!config.apiKey || !config.apiSecret || !config.publicUrl) return null;
  return { apiKey: config.apiKey, apiSecret: config.apiSecret, publicUrl: config.publicUrl };
}

/** A validated shop domain, lower-cased, or null. */
export function normaliseShop(shop: unknown): string | null {
  if (typeof shop !== 'string' || shop.length > 255 || !SHOP_DOMAIN_PATTERN.test(shop)) return null;
  return shop.toLowerCase();
}

/**
 * `{base}{path}` for a shop (the shop must have passed normaliseShop), every `{shop}` of the
 * template replaced: shopUrl(c, 'a.myshopify.com', '/admin/oauth/authorize').
 */
export function shopUrl(config: Pick<ShopifyConfig, 'baseUrl'>, shop: string, path: string): string {
  return config.baseUrl.replaceAll('{shop}', shop) + path;
}

/** The Admin GraphQL endpoint of a shop at the pinned version. */
export function adminGraphqlUrl(config: Pick<ShopifyConfig, 'baseUrl' | 'apiVersion'>, shop: string): string {
  return shopUrl(config, shop, `/admin/api/${config.apiVersion}/graphql.json`);
}

/** The public addresses this service gives Shopify. */
export function shopifyCallbackUrl(publicUrl: string): string {
  return `${publicUrl}/integrations/shopify/callback`;
}
export function shopifyWebhookUrl(publicUrl: string): string {
  return `${publicUrl}/integrations/shopify/webhooks`;
}
