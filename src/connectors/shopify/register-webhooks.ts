// Registers the shop's webhook subscriptions (docs/connectors/shopify-sync.md) with
// webhookSubscriptionCreate, idempotently: the existing subscriptions are listed first and only
// the missing (topic, address) pairs are created. The compliance topics are not subscribed here:
// Shopify takes them from the app's configuration.
import type { AdminClient } from './admin-client.ts';
import { shopifyWebhookUrl } from './config.ts';

/** The topics the connector needs, in the Admin API's enum spelling. */
export const WEBHOOK_TOPICS = [
  'ORDERS_CREATE',
  'ORDERS_UPDATED',
  'ORDERS_CANCELLED',
  'REFUNDS_CREATE',
  'CUSTOMERS_CREATE',
  'CUSTOMERS_UPDATE',
  'PRODUCTS_UPDATE',
  'INVENTORY_LEVELS_UPDATE',
  'APP_UNINSTALLED',
  'BULK_OPERATIONS_FINISH',
] as const;

const LIST = `query ListWebhooks($after: String) {
  webhookSubscriptions(first: 100, after: $after) { pageInfo { hasNextPage endCursor } edges { node { id topic callbackUrl } } }
}`;
const CREATE = `mutation CreateWebhook($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id } userErrors { field message } }
}`;

interface Listed {
  webhookSubscriptions: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: { id: string; topic: string; callbackUrl: string } }[] };
}

/** Creates the missing subscriptions; answers the topics created and those already there. */
export async function registerShopifyWebhooks(
  client: AdminClient,
  publicUrl: string,
  signal?: AbortSignal,
): Promise<{ created: string[]; existing: string[] }> {
  const address = shopifyWebhookUrl(publicUrl);
  const have = new Set<string>();
  let after: string | null = null;
  for (;;) {
    const page: Listed = await client.query(LIST, { after }, signal);
    for (const { node } of page.webhookSubscriptions.edges) if (node.callbackUrl === address) have.add(node.topic);
    if (!page.webhookSubscriptions.pageInfo.hasNextPage) break;
    after = page.webhookSubscriptions.pageInfo.endCursor;
  }
  const created: string[] = [];
  for (const topic of WEBHOOK_TOPICS) {
    if (have.has(topic)) continue;
    const answer = await client.query<{ webhookSubscriptionCreate: { userErrors: { message: string }[] } }>(
      CREATE,
      { topic, sub: { callbackUrl: address, format: 'JSON' } },
      signal,
    );
    const errors = answer.webhookSubscriptionCreate.userErrors;
    // A concurrent registration may have created it between the list and here: that is success.
    if (errors.length && !errors.every((e) => /already been taken/i.test(e.message)))
      throw new Error(`webhookSubscriptionCreate ${topic}: ${errors.map((e) => e.message).join('; ')}`);
    created.push(topic);
  }
  return { created, existing: [...have] };
}
