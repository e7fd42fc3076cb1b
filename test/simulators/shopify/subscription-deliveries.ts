// The simulator delivers to the subscriptions a shop's app registered (webhookSubscriptionCreate,
// store.subscriptions): when the store changes through the simulator's API (full.ts createOrder,
// cancelOrder, refundOrder) each subscription of the change's topic on that shop gets a POST from
// webhooks.ts's sender, so Shopify's exact headers and its HMAC keyed with the app's API secret.
// What Shopify documents and what is kept here:
// - a delivery fails on a non-2xx answer, a network error, or no answer within 5 s (timeoutMs);
// - a failed delivery is sent again, the same X-Shopify-Webhook-Id, -Event-Id and -Triggered-At,
//   up to 8 times (retries) with exponential backoff. Shopify spreads its 8 over about 4 hours;
//   here the delays default to 1 s doubling (1, 2, 4 ... 128 s), and tests make them milliseconds;
// - after the last retry fails the delivery is given up (Shopify may also remove the
//   subscription after repeated failures; the simulator keeps it).
import type { SimStore } from './store.ts';
import { webhookSender, type WebhookSender } from './webhooks.ts';

export interface SubscriptionDeliveryOptions {
  /** The app's API secret: the key of X-Shopify-Hmac-Sha256. */
  secret: string;
  apiVersion?: string;
  /** Attempts after the first (default 8). */
  retries?: number;
  /** The wait before retry n (1-based; default 1 s x 2^(n-1)). */
  retryDelayMs?: (retry: number) => number;
  /** How long an attempt waits for the answer (default 5 s). */
  timeoutMs?: number;
  /**
   * Where attempt n (1-based) of a delivery to `callbackUrl` is sent (default the callback URL): a
   * test maps the app's public URL to its port, or sends an attempt to a server that refuses it.
   */
  address?: (callbackUrl: string, attempt: number) => string;
  /** Called after each attempt (the CLI prints the failed ones). */
  onAttempt?: (attempt: DeliveryAttempt) => void;
}

export type DeliveryOutcome = 'delivered' | 'gave-up';

export interface DeliveryAttempt {
  shop: string;
  topic: string;
  webhookId: string;
  eventId: string;
  callbackUrl: string;
  attempt: number;
  /** The receiver's status; null for a network error or a timeout (then `error`). */
  status: number | null;
  error?: string;
}

export interface SubscriptionDeliveries {
  /**
   * Delivers `topic` (REST spelling, orders/create) with `payload` to each of the store's
   * subscriptions of that topic; resolves when every one has landed or been given up ('delivered'
   * or 'gave-up' per subscription, [] when none is registered).
   */
  deliver(store: SimStore, topic: string, payload: unknown): Promise<DeliveryOutcome[]>;
  /** Every attempt, in order. */
  readonly attempts: DeliveryAttempt[];
  /** Resolves when no delivery is in flight or waiting for a retry. */
  idle(): Promise<void>;
  /** Replaces `address` (a test points the next attempts elsewhere). */
  setAddress(address: SubscriptionDeliveryOptions['address']): void;
}

/** orders/create -> ORDERS_CREATE, as webhookSubscriptionCreate's topic enum spells it. */
export const topicEnum = (topic: string) => topic.toUpperCase().replace(/\//g, '_');

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function subscriptionDeliveries(options: SubscriptionDeliveryOptions): SubscriptionDeliveries {
  const retries = options.retries ?? 8;
  const delay = options.retryDelayMs ?? ((n: number) => 1000 * 2 ** (n - 1));
  const timeoutMs = options.timeoutMs ?? 5000;
  let address = options.address ?? ((url: string) => url);
  const attempts: DeliveryAttempt[] = [];
  const pending = new Set<Promise<unknown>>();
  const senders = new Map<string, WebhookSender>();
  const senderFor = (url: string) => {
    let sender = senders.get(url);
    if (!sender) senders.set(url, (sender = webhookSender(url, options.secret, options.apiVersion)));
    return sender;
  };

  async function deliverOne(shop: string, topic: string, callbackUrl: string, payload: unknown): Promise<DeliveryOutcome> {
    const sender = senderFor(callbackUrl);
    const delivery = sender.make(topic, shop, payload);
    for (let attempt = 1; attempt <= retries + 1; attempt++) {
      if (attempt > 1) await wait(delay(attempt - 1));
      const record: DeliveryAttempt = { shop, topic, webhookId: delivery.webhookId, eventId: delivery.eventId, callbackUrl, attempt, status: null };
      try {
        const res = await sender.send(delivery, { to: address(callbackUrl, attempt), signal: AbortSignal.timeout(timeoutMs) });
        await res.arrayBuffer().catch(() => undefined);
        record.status = res.status;
      } catch (error) {
        record.error = (error as Error).message;
      }
      attempts.push(record);
      options.onAttempt?.(record);
      if (record.status !== null && record.status >= 200 && record.status < 300) return 'delivered';
    }
    return 'gave-up';
  }

  return {
    deliver(store, topic, payload) {
      const subs = (store.subscriptions ?? []).filter((s) => s.topic === topicEnum(topic));
      const all = Promise.all(subs.map((s) => deliverOne(store.shop, topic, s.callbackUrl, payload)));
      pending.add(all);
      const done = () => void pending.delete(all);
      all.then(done, done);
      return all;
    },
    attempts,
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
    setAddress(next) {
      address = next ?? ((url: string) => url);
    },
  };
}
