// A shop's access token, valid when returned: an expiring offline token is refreshed before it
// expires (rotating refresh tokens), one refresh at a time per integration across processes.
import type { ShopifyCore } from './core.ts';

export interface ShopifyAccess {
  /** The shop domain (name.myshopify.com). */
  shop: string;
  /** The Admin API access token: send as X-Shopify-Access-Token. Never log it. */
  accessToken: string;
}

/**
 * A valid access token for the integration, refreshed when it expires within a minute. Throws
 * AppError('conflict') when the integration is revoked, and revokes it (token_expired) when
 * Shopify refuses the refresh.
 */
// eslint-disable-next-line @typescript-eslint/require-await
export async function shopifyAccess(core: ShopifyCore, integrationId: number): Promise<ShopifyAccess> {
  void core;
  throw new Error(`shopifyAccess(${integrationId}): not implemented yet (signature committed first)`);
}
