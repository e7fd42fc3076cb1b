// Processing the Shopify deliveries of the webhook inbox (the connector-inbox job, per account):
// each topic becomes ingestion commands or an integration transition. A delivery that fails is
// retried with backoff (src/domain/connections) and stays visible with its attempts and error: on
// its inbox row, in the integration's recent errors (GraphQL syncStatus.recentErrors, the
// Integrations page), in a warn line per failed attempt and in connector_inbox_failures_total.
// Consecutive order deliveries of one shop are written by one ingestion command (one transaction,
// one set of marks for the catch-up) and marked done by one statement: one transaction per
// delivery kept the inbox at a few deliveries per second, behind Shopify's rate at a sale.
import type { IngestionResult, OrderRecord, Origin } from '../../domain/ingestion/index.ts';
import { INBOX_MAX_ATTEMPTS, type ConnectedIntegration, type InboxDelivery } from '../../domain/connections/index.ts';
import { connectorInboxFailures } from '../../observability/metrics.ts';
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

/** The order topics: each delivery is one order record, written in batches (see `processOrderRun`). */
const ORDER_TOPICS = new Set(['orders/create', 'orders/updated', 'orders/cancelled']);

/** Why a delivery is dropped unprocessed (its integration gone, or revoked for this topic), if it is. */
function dropReason(integration: ConnectedIntegration | undefined, topic: string): string | null {
  if (!integration) return 'the integration no longer exists';
  if (integration.revokedAt && !AFTER_REVOKE.has(topic)) return 'the integration is revoked';
  return null;
}

function parseBody(delivery: InboxDelivery): unknown {
  try {
    return JSON.parse(delivery.body);
  } catch {
    throw new PayloadError('the body is not JSON');
  }
}

/** What one delivery does; its return value is kept on the inbox row (data requests: the data). */
async function processDelivery(core: ShopifyCore, delivery: InboxDelivery): Promise<unknown> {
  const { connections, ingestion, integrations } = core.services;
  const integration = delivery.integrationId === null ? undefined : await connections.integration(delivery.integrationId);
  const dropped = dropReason(integration, delivery.topic);
  if (dropped || !integration) return { dropped };
  const payload = parseBody(delivery);
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
      // Shopify asks 48 hours after an uninstall; a shop installed again since (in any account) keeps its data.
      const copies = await connections.integrationsOfShop(SHOPIFY_PROVIDER, integration.shop);
      if (copies.some((c) => !c.revokedAt) || happenedAt(delivery) < integration.connectedAt)
        return { dropped: 'the shop is installed again: its data is kept' };
      // Every account that held the shop erases it (the shop moved between accounts: the delivery reaches the latest only).
      const counts = { stored: 0, skipped: 0, rejected: 0 };
      for (const copy of copies.filter((c) => c.connectedAt <= happenedAt(delivery))) {
        const erased = (await ingestion.redactShop(copy.accountId, { ...origin, integrationId: copy.id })).counts;
        counts.stored += erased.stored;
        counts.skipped += erased.skipped;
        counts.rejected += erased.rejected;
        await connections.eraseShop(copy.accountId, copy.id, delivery.id);
      }
      return counts;
    }
    case 'bulk_operations/finish':
      await onBulkOperationFinished(core, integration.id, payload);
      return null;
    default:
      return { dropped: `topic ${delivery.topic} is not handled` };
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Where a failed attempt is told (a warn line of the worker's log); nowhere by default. */
export type InboxLog = (line: string) => void;

const TOPIC_LABELS = new Set<string>(SHOPIFY_TOPICS);

/**
 * A failed attempt: recorded on the delivery (retried after its backoff, or given up), counted in
 * connector_inbox_failures_total by topic, and told in one line: ids, topic, attempt and the
 * error, never the body (personal data) nor a token.
 */
async function failed(core: ShopifyCore, delivery: InboxDelivery, error: string, now: Date, log: InboxLog): Promise<void> {
  const { attempt, nextAttemptAt } = await core.services.connections.deliveryFailed(delivery, error, now);
  connectorInboxFailures.inc({ provider: SHOPIFY_PROVIDER, topic: TOPIC_LABELS.has(delivery.topic) ? delivery.topic : 'other' });
  const then = nextAttemptAt ? `retried at ${nextAttemptAt.toISOString()}` : 'given up';
  log(
    `shopify inbox: delivery ${delivery.id} (${delivery.topic}, ${delivery.dedupKey}) of integration ${delivery.integrationId ?? 'none'} ` +
      `failed on attempt ${attempt} of ${INBOX_MAX_ATTEMPTS}, ${then}: ${error.slice(0, 300)}`,
  );
}

/** One delivery on its own: processed, then marked done or failed. */
async function processOne(core: ShopifyCore, delivery: InboxDelivery, now: Date, log: InboxLog): Promise<void> {
  const { connections } = core.services;
  try {
    await connections.deliveryDone(delivery.id, await processDelivery(core, delivery), new Date());
  } catch (error) {
    await failed(core, delivery, message(error), now, log);
  }
}

/**
 * Consecutive order deliveries of one live integration: their records in one upsertOrders (newer
 * wins inside the batch as across batches), then every delivery done (its record's outcome kept)
 * in one statement. A body that is not an order fails alone; a record the ingestion rejects fails
 * its delivery alone (the others are stored). If the command itself fails, each delivery is
 * processed on its own, so one bad delivery cannot hold the others back.
 */
async function processOrderRun(core: ShopifyCore, integration: ConnectedIntegration, run: InboxDelivery[], now: Date, log: InboxLog): Promise<void> {
  const { connections, ingestion } = core.services;
  const records: OrderRecord[] = [];
  const batched: InboxDelivery[] = [];
  for (const delivery of run) {
    try {
      records.push(orderRecord(parseBody(delivery)));
      batched.push(delivery);
    } catch (error) {
      await failed(core, delivery, message(error), now, log);
    }
  }
  if (!records.length) return;
  const origin: Origin = { source: 'shopify', integrationId: integration.id, via: 'connector' };
  let result: IngestionResult;
  try {
    result = await ingestion.upsertOrders(run[0]!.accountId, origin, records);
  } catch {
    for (const delivery of batched) await processOne(core, delivery, now, log);
    return;
  }
  const outcomes = new Map(result.outcomes.map((o) => [o.index, o]));
  const done: Array<{ id: number; result: unknown }> = [];
  for (const [index, delivery] of batched.entries()) {
    const outcome = outcomes.get(index);
    if (outcome?.outcome === 'rejected') await failed(core, delivery, `${outcome.externalId}: ${outcome.field} ${outcome.reason}`, now, log);
    else {
      const skipped = outcome?.outcome === 'skipped';
      done.push({ id: delivery.id, result: { stored: skipped ? 0 : 1, skipped: skipped ? 1 : 0, rejected: 0 } });
    }
  }
  await connections.deliveriesDone(done, new Date());
}

/**
 * Processes the account's due Shopify deliveries, oldest first: consecutive order deliveries of one
 * integration together (`processOrderRun`), any other one on its own. Returns how many were
 * processed (failures included: each is recorded with its error and retried after a backoff, and
 * told to `log`).
 */
export async function processShopifyInbox(core: ShopifyCore, accountId: string, now: Date, signal?: AbortSignal, log: InboxLog = () => {}): Promise<number> {
  const { connections } = core.services;
  let processed = 0;
  for (;;) {
    const due = await connections.dueDeliveries(accountId, SHOPIFY_PROVIDER, now, 100);
    if (!due.length) return processed;
    // The integrations of this page, looked up once each.
    const integrations = new Map<number, ConnectedIntegration | undefined>();
    for (const id of new Set(due.flatMap((d) => (d.integrationId === null ? [] : [d.integrationId])))) {
      integrations.set(id, await connections.integration(id));
    }
    const live = (d: InboxDelivery) => {
      const integration = d.integrationId === null ? undefined : integrations.get(d.integrationId);
      return ORDER_TOPICS.has(d.topic) && !dropReason(integration, d.topic) ? integration : undefined;
    };
    for (let at = 0; at < due.length;) {
      if (signal?.aborted) return processed;
      const integration = live(due[at]!);
      let end = at + 1;
      if (integration) while (end < due.length && live(due[end]!)?.id === integration.id) end++;
      const run = due.slice(at, end);
      if (integration) await processOrderRun(core, integration, run, now, log);
      else {
        await processOne(core, run[0]!, now, log);
        // It may have changed its integration (app/uninstalled revokes it): read it again for the deliveries after it.
        const id = run[0]!.integrationId;
        if (id !== null) integrations.set(id, await connections.integration(id));
      }
      processed += run.length;
      at = end;
    }
    // Failed ones are due later; the loop ends when nothing is due at `now`.
  }
}
