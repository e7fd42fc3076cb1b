// The whole Shopify simulator on one server: part A's OAuth endpoints (authorize, token) and part
// B's Admin GraphQL endpoint with its bulk JSONL files, sharing the tokens (the Admin API accepts
// exactly the live access tokens the token endpoint issued) and the generated stores. What the
// dashboard test and `npm run sim:shopify` run; SHOPIFY_BASE_URL is baseUrlTemplate. Changes made
// through createOrder / cancelOrder / refundOrder are delivered to the subscriptions the app
// registered (subscription-deliveries.ts).
import { startSimServer, GRAPHQL_ROUTE, type SimServer } from './server.ts';
import { mountOAuth, type OAuthOptions, type OAuthSim } from './oauth.ts';
import { adminSimulator, type AdminSimulator, type AdminSimulatorOptions } from './admin.ts';
import { addOrder, addRefund, cancelOrder, findOrder, generateStore, type GenerateOptions, type SimOrder, type SimStore } from './store.ts';
import { storeOrderPayload, storeRefundPayload } from './store-webhooks.ts';
import { subscriptionDeliveries, type DeliveryOutcome, type SubscriptionDeliveries, type SubscriptionDeliveryOptions } from './subscription-deliveries.ts';

export interface FullShopifySimulator {
  server: SimServer;
  oauth: OAuthSim;
  admin: AdminSimulator;
  stores: Map<string, SimStore>;
  baseUrlTemplate: string;
  /** The deliveries to the subscriptions the app registered (subscription-deliveries.ts). */
  deliveries: SubscriptionDeliveries;
  /** Generates a store for `shop` from a seed (store.ts) and serves it. */
  addStore(shop: string, options: GenerateOptions): SimStore;
  /**
   * The store changes as a merchant's does, and the subscriptions hear of it: a new order (placed
   * `at`, default now) sends orders/create; a cancellation orders/cancelled then orders/updated; a
   * refund of `cents` (shop currency) refunds/create then orders/updated. The Admin API answers the
   * changed store at once. `delivered` resolves when every delivery landed or was given up, with
   * each one's outcome.
   */
  createOrder(shop: string, options?: { at?: Date; test?: boolean }): { order: SimOrder; delivered: Promise<DeliveryOutcome[]> };
  cancelOrder(shop: string, orderId: number, at?: Date): { order: SimOrder; delivered: Promise<DeliveryOutcome[]> };
  refundOrder(shop: string, orderId: number, cents: number, at?: Date): { order: SimOrder; delivered: Promise<DeliveryOutcome[]> };
  close(): Promise<void>;
}

export interface FullSimulatorOptions extends OAuthOptions {
  /** The port on 127.0.0.1 (default any free one). */
  port?: number;
  bucket?: AdminSimulatorOptions['bucket'];
  /** Retries, delays, timeout and address of the deliveries (the secret is apiSecret). */
  deliveries?: Omit<SubscriptionDeliveryOptions, 'secret'>;
}

export async function startFullShopifySimulator(options: FullSimulatorOptions): Promise<FullShopifySimulator> {
  const server = await startSimServer(options.port ?? 0);
  const oauth = mountOAuth(server, options);
  const stores = new Map<string, SimStore>();
  const origin = new URL(server.shopUrl('x')).origin;
  const admin = adminSimulator({
    stores,
    acceptsToken: (shop, token) => oauth.accessTokenValid(shop, token),
    publicBase: () => origin,
    ...(options.bucket ? { bucket: options.bucket } : {}),
  });
  server.addRawRoute('POST', GRAPHQL_ROUTE, (req, res, params) => admin.graphql(req, res, { shop: params.shop, version: params.version ?? '' }));
  server.addRawRoute('GET', '/bulk/:file', (req, res, params) =>
    admin.bulkFile(req, res, { shop: params.shop, id: (params.file ?? '').replace(/\.jsonl$/, '') }),
  );
  const deliveries = subscriptionDeliveries({ secret: options.apiSecret, ...options.deliveries });
  const storeOf = (shop: string) => {
    const store = stores.get(shop);
    if (!store) throw new Error(`no simulated store ${shop}`);
    return store;
  };
  const orderOf = (store: SimStore, id: number) => {
    const order = findOrder(store, id);
    if (!order) throw new Error(`no order ${id} in ${store.shop}`);
    return order;
  };
  /** The deliveries one after the other, in the order Shopify triggers them: each subscription's outcome. */
  const sendAll = async (store: SimStore, topics: Array<[string, unknown]>) => {
    const outcomes: DeliveryOutcome[] = [];
    for (const [topic, payload] of topics) outcomes.push(...(await deliveries.deliver(store, topic, payload)));
    return outcomes;
  };
  return {
    server,
    oauth,
    admin,
    stores,
    deliveries,
    baseUrlTemplate: server.baseUrlTemplate,
    addStore(shop, generate) {
      const store = generateStore(shop, generate);
      stores.set(shop, store);
      return store;
    },
    createOrder(shop, { at = new Date(), test } = {}) {
      const store = storeOf(shop);
      const order = addOrder(store, at, test === undefined ? {} : { test });
      return { order, delivered: sendAll(store, [['orders/create', storeOrderPayload(store, order)]]) };
    },
    cancelOrder(shop, orderId, at = new Date()) {
      const store = storeOf(shop);
      const order = cancelOrder(orderOf(store, orderId), at);
      const payload = storeOrderPayload(store, order);
      return {
        order,
        delivered: sendAll(store, [
          ['orders/cancelled', payload],
          ['orders/updated', payload],
        ]),
      };
    },
    refundOrder(shop, orderId, cents, at = new Date()) {
      const store = storeOf(shop);
      const order = orderOf(store, orderId);
      const refund = addRefund(store, order, cents, at);
      return {
        order,
        delivered: sendAll(store, [
          ['refunds/create', storeRefundPayload(store, order, refund)],
          ['orders/updated', storeOrderPayload(store, order)],
        ]),
      };
    },
    close: () => server.close(),
  };
}
