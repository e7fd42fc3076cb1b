// Processing the Shopify deliveries of the webhook inbox (the connector-inbox job, per account):
// each topic becomes ingestion commands or an integration transition. A delivery that fails is
// retried with backoff (src/domain/connections) and stays visible with its attempts and error.
import type { IngestionResult, Origin } from '../../domain/ingestion/index.ts';
import type { InboxDelivery } from '../../domain/connections/index.ts';
import type { ShopifyCore } from './core.ts';
import { onBulkOperationFinished } from './hooks.ts';
import { complianceCustomer, customerRecord, inventoryLevel, orderRecord, PayloadError, productRecords, refundRecord } from './map-webhook.ts';

export const SHOPIFY_PROVIDER = 'shopify';

/** Topics processed even after the integration was revoked (the platform's compliance duties). */
const AFTER_REVOKE = new Set(['app/uninstalled', 'shop/redact', 'customers/redact', 'customers/data_request']);

export const SHOPIFY_TOPICS = [
  'orders/create',
  'orders/updated',
  'orders/cancelled',
  'refunds/create',
  'customers/create',
  'customers/update',
  'products/update',
  'inventory_levels/update',
  'app/uninstalled',
  'bulk_operations/finish',
  'customers/data_request',
  'customers/redact',
  'shop/redact',
] as const;

/** A record the ingestion rejected fails the delivery (a refund before its order: retried later). */
function requireStored(result: IngestionResult): IngestionResult {
  const rejected = result.outcomes.find((o) => o.outcome === 'rejected');
  if (rejected && rejected.outcome === 'rejected') throw new PayloadError(`${rejected.externalId}: ${rejected.field} ${rejected.reason}`);
  return result;
}

/** When Shopify says the event happened (X-Shopify-Triggered-At), else when it reached the inbox. */
const happenedAt = (delivery: InboxDelivery): Date => delivery.triggeredAt ?? delivery.receivedAt;

/** What one delivery does; its return value is kept on the inbox row (data requests: the data). */
async function processDelivery(core: ShopifyCore, delivery: InboxDelivery): Promise<unknown> {
  const { connections, ingestion, integrations } = core.services;
  const integration = delivery.integrationId === null ? undefined : await connections.integration(delivery.integrationId);
  if (!integration) return { dropped: 'the integration no longer exists' };
  if (integration.revokedAt && !AFTER_REVOKE.has(delivery.topic)) return { dropped: 'the integration is revoked' };
  let payload: unknown;
  try {
    payload = JSON.parse(delivery.body);
  } catch {
    throw new PayloadError('the body is not JSON');
  }
  const accountId = delivery.accountId;
  const origin: Origin = { source: 'shopify', integrationId: integration.id, via: 'connector' };
  switch (delivery.topic) {
    case 'orders/create':
    case 'orders/updated':
    case 'orders/cancelled':
      return requireStored(await ingestion.upsertOrders(accountId, origin, [orderRecord(payload)])).counts;
    case 'refunds/create': {
      const refund = refundRecord(payload);
      // Paid back in the presentment currency only, with no lines: the reconciliation reads its shop-currency total.
      if (!refund) return { dropped: 'the refund names no shop-currency amount: left to the reconciliation' };
      return requireStored(await ingestion.upsertRefunds(accountId, origin, [refund])).counts;
    }
    case 'customers/create':
    case 'customers/update':
      return requireStored(await ingestion.upsertCustomers(accountId, origin, [customerRecord(payload)])).counts;
    case 'products/update': {
      const { products, items } = productRecords(payload);
      await connections.rememberItemSkus(integration.id, items);
      return requireStored(await ingestion.upsertProducts(accountId, origin, products)).counts;
    }
    case 'inventory_levels/update': {
      const level = inventoryLevel(payload);
      // This location's figure replaces its own only (an older stamp changes nothing); the level
      // written is the sum over every location known, the backfill's included.
      const stock = await connections.setStock(integration.id, { ...level, updatedAt: new Date(level.updatedAt) });
      // The item's SKU arrives with its product (products/update, the backfill): until then, retried.
      if (!stock) throw new PayloadError(`inventory item ${level.itemId} has no known SKU yet`);
      return requireStored(
        await ingestion.setInventoryLevels(accountId, origin, [{ sku: stock.sku, available: stock.available, updatedAt: stock.updatedAt.toISOString() }]),
      ).counts;
    }
    case 'app/uninstalled': {
      // An uninstall from before the current installation (processed late, or retried by Shopify
      // after the merchant reinstalled) must not revoke the new one.
      if (happenedAt(delivery) < integration.connectedAt) return { dropped: 'the uninstall is older than the current installation' };
      // Revoked with its tokens forgotten, in one transaction.
      return integrations.handleUninstall(accountId, SHOPIFY_PROVIDER, integration.shop);
    }
    case 'customers/redact': {
      const { customerId } = complianceCustomer(payload);
      const counts = (await ingestion.redactCustomers(accountId, origin, [customerId])).counts;
      await connections.eraseCustomerResults(accountId, integration.id, customerId);
      return counts;
    }
    case 'customers/data_request': {
      const { customerId, ordersRequested } = complianceCustomer(payload);
      const data = await connections.customerData(accountId, 'shopify', customerId);
      return { customerId, ordersRequested, data };
    }
    case 'shop/redact': {
      // Shopify asks 48 hours after an uninstall; a shop installed again since keeps its data.
      if (!integration.revokedAt || happenedAt(delivery) < integration.connectedAt) return { dropped: 'the shop is installed again: its data is kept' };
      const counts = (await ingestion.redactShop(accountId, origin)).counts;
      await connections.eraseShop(accountId, integration.id, delivery.id);
      return counts;
    }
    case 'bulk_operations/finish':
      await onBulkOperationFinished(core, integration.id, payload);
      return null;
    default:
      return { dropped: `topic ${delivery.topic} is not handled` };
  }
}

/**
 * Processes the account's due Shopify deliveries, oldest first. Returns how many were processed
 * (failures included: each is recorded with its error and retried after a backoff).
 */
export async function processShopifyInbox(core: ShopifyCore, accountId: string, now: Date, signal?: AbortSignal): Promise<number> {
  const { connections } = core.services;
  let processed = 0;
  for (;;) {
    const due = await connections.dueDeliveries(accountId, SHOPIFY_PROVIDER, now, 100);
    if (!due.length) return processed;
    for (const delivery of due) {
      if (signal?.aborted) return processed;
      try {
        await connections.deliveryDone(delivery.id, await processDelivery(core, delivery), new Date());
      } catch (error) {
        await connections.deliveryFailed(delivery, error instanceof Error ? error.message : String(error), now);
      }
      processed++;
    }
    // Failed ones are due later; the loop ends when nothing is due at `now`.
  }
}
