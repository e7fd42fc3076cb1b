// A shop's access token, valid when returned: an expiring offline token is refreshed before it
// expires (rotating refresh tokens), one refresh at a time per integration across processes
// (a lease on the credentials row, Shopify asked outside any transaction: src/domain/connections).
import { AppError } from '../../errors.ts';
import { RefreshRefused, type ConnectionsService } from '../../domain/connections/index.ts';
import type { IntegrationsService } from '../../domain/integrations/index.ts';
import type { Config } from '../../config.ts';
import { shopifyCredentials } from './config.ts';
import { refreshTokens } from './oauth.ts';

export interface ShopifyAccess {
  /** The shop domain (name.myshopify.com). */
  shop: string;
  /** The Admin API access token: send as X-Shopify-Access-Token. Never log it. */
  accessToken: string;
}

/**
 * A valid access token for the integration, refreshed when it expires within five minutes.
 * Throws AppError('conflict') when the integration is revoked (or has no token), and revokes it
 * (integration.revoked, reason token_expired) when Shopify refuses the refresh (invalid_grant);
 * any other failure of the refresh (429, 5xx, no answer) is an error to retry, the integration kept.
 */
export async function shopifyAccess(
  // What it reads of the core (src/services.ts builds the sync's token source from these, so not the whole bag).
  core: { config: Readonly<Config>; services: { connections: ConnectionsService; integrations: IntegrationsService } },
  integrationId: number,
): Promise<ShopifyAccess> {
  const { connections, integrations } = core.services;
  const credentials = shopifyCredentials(core.config.shopify);
  if (!credentials) throw new AppError('not_configured', 'The Shopify app is not configured (SHOPIFY_API_KEY, SHOPIFY_API_SECRET, PUBLIC_URL).');
  try {
    return await connections.access(integrationId, (refreshToken, shop) => refreshTokens(core.config.shopify, credentials, shop, refreshToken));
  } catch (error) {
    if (!(error instanceof RefreshRefused)) throw error;
    const integration = await connections.integration(integrationId);
    // Revoking forgets the tokens in the same transaction.
    if (integration && !integration.revokedAt) await integrations.revokeForToken(integration.accountId, integrationId);
    throw new AppError('conflict', 'Shopify refused to refresh the token: the integration is revoked; reconnect the store.');
  }
}
