// The points where the install and the webhook receiver hand over to the sync side of the
// connector (src/connectors/shopify/sync.ts): registering the webhook subscriptions and queuing the
// backfill once a shop is connected; queuing the sync when a bulk operation of ours has finished.
// Without a configured sync (services.shopify null) both do nothing.
import type { ShopifyCore } from './core.ts';
import { afterConnected, onBulkOperationFinished as bulkOperationFinished } from './sync.ts';

/** Called once a shop's OAuth callback has stored its token and connected the integration. */
export async function afterShopifyConnected(core: ShopifyCore, integrationId: number): Promise<void> {
  await afterConnected(core.services, integrationId);
}

/** Called when a `bulk_operations/finish` webhook for the integration's shop is processed from the inbox. */
export async function onBulkOperationFinished(core: ShopifyCore, integrationId: number, payload: unknown): Promise<void> {
  const body = payload && typeof payload === 'object' ? (payload as { admin_graphql_api_id?: unknown; status?: unknown }) : {};
  await bulkOperationFinished(core.services, integrationId, {
    ...(typeof body.admin_graphql_api_id === 'string' ? { admin_graphql_api_id: body.admin_graphql_api_id } : {}),
    ...(typeof body.status === 'string' ? { status: body.status } : {}),
  });
}
