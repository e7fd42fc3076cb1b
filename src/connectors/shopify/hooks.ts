// The points where the install and the webhook receiver hand over to the sync side of the
// connector (sync.ts: registering webhook subscriptions, the bulk backfill). They do nothing while
// the sync is not configured (services.shopify null).
import type { ShopifyCore } from './core.ts';
import { afterConnected, onBulkOperationFinished as continueSync } from './sync.ts';

/** Called once a shop's OAuth callback has stored its token and connected the integration. */
export async function afterShopifyConnected(core: ShopifyCore, integrationId: number): Promise<void> {
  await afterConnected(core.services, integrationId);
}

/** Called when a `bulk_operations/finish` webhook for the integration's shop is processed from the inbox. */
export async function onBulkOperationFinished(core: ShopifyCore, integrationId: number, payload: unknown): Promise<void> {
  const p = payload && typeof payload === 'object' ? (payload as { admin_graphql_api_id?: unknown; status?: unknown }) : {};
  await continueSync(core.services, integrationId, {
    ...(typeof p.admin_graphql_api_id === 'string' ? { admin_graphql_api_id: p.admin_graphql_api_id } : {}),
    ...(typeof p.status === 'string' ? { status: p.status } : {}),
  });
}
