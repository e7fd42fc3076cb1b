// The points where the install and the webhook receiver hand over to the sync side of the
// connector (registering webhook subscriptions, the bulk backfill). Placeholders until the sync
// side fills them in; they must not throw for a connected integration.
import type { ShopifyCore } from './core.ts';

/** Called once a shop's OAuth callback has stored its token and connected the integration. */
export async function afterShopifyConnected(_core: ShopifyCore, _integrationId: number): Promise<void> {}

/** Called when a `bulk_operations/finish` webhook for the integration's shop is processed from the inbox. */
export async function onBulkOperationFinished(_core: ShopifyCore, _integrationId: number, _payload: unknown): Promise<void> {}
