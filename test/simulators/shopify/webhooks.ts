// Shopify's webhook deliveries, simulated (shopify.dev: webhooks, delivery structure; the
// mandatory compliance topics): a JSON POST with X-Shopify-Topic, -Shop-Domain, -API-Version,
// -Webhook-Id, -Event-Id, -Triggered-At and X-Shopify-Hmac-Sha256, the base64 HMAC-SHA256 of the
// raw body keyed with the app secret. A delivery can be sent again with the same ids (a retry or a
// duplicate), in any order, late (an old Triggered-At), or with a wrong signature. Payload
// builders give REST-format bodies as Shopify sends them.
import { createHmac, randomUUID } from 'node:crypto';

export interface Delivery {
  topic: string;
  shop: string;
  payload: unknown;
  webhookId: string;
  eventId: string;
  triggeredAt: string;
  apiVersion: string;
}

export interface WebhookSender {
  /** A new delivery (fresh ids), not sent yet. */
  make(topic: string, shop: string, payload: unknown, options?: { triggeredAt?: Date }): Delivery;
  /**
   * Sends a delivery (again: the same ids) to the receiver (`to`, default the sender's); `sign:
   * 'wrong' | 'none'` forges it; `signal` aborts it (a timeout).
   */
  send(delivery: Delivery, options?: { sign?: 'ok' | 'wrong' | 'none'; body?: string; to?: string; signal?: AbortSignal }): Promise<Response>;
  /** Every delivery attempt with the receiver's status. */
  readonly log: Array<{ webhookId: string; topic: string; status: number }>;
}

export const webhookSignature = (body: string, secret: string): string => createHmac('sha256', secret).update(body, 'utf8').digest('base64');

export function webhookSender(receiverUrl: string, secret: string, apiVersion = '2025-01'): WebhookSender {
  const log: WebhookSender['log'] = [];
  return {
    make: (topic, shop, payload, options = {}) => ({
      topic,
      shop,
      payload,
      webhookId: randomUUID(),
      eventId: randomUUID(),
      triggeredAt: (options.triggeredAt ?? new Date()).toISOString(),
      apiVersion,
    }),
    async send(delivery, options = {}) {
      const body = options.body ?? JSON.stringify(delivery.payload);
      const sign = options.sign ?? 'ok';
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-shopify-topic': delivery.topic,
        'x-shopify-shop-domain': delivery.shop,
        'x-shopify-api-version': delivery.apiVersion,
        'x-shopify-webhook-id': delivery.webhookId,
        'x-shopify-event-id': delivery.eventId,
        'x-shopify-triggered-at': delivery.triggeredAt,
      };
      if (sign === 'ok') headers['x-shopify-hmac-sha256'] = webhookSignature(body, secret);
      if (sign === 'wrong') headers['x-shopify-hmac-sha256'] = webhookSignature(body, `${secret}-not`);
      const res = await fetch(options.to ?? receiverUrl, { method: 'POST', headers, body, ...(options.signal ? { signal: options.signal } : {}) });
      log.push({ webhookId: delivery.webhookId, topic: delivery.topic, status: res.status });
      return res;
    },
    log,
  };
}

// ---- REST-format payloads ----

export interface SimCustomer {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  country_code: string;
  updated_at: string;
}

export function customerPayload(c: SimCustomer) {
  return {
    id: c.id,
    email: c.email,
    first_name: c.first_name,
    last_name: c.last_name,
    phone: null,
    created_at: c.updated_at,
    updated_at: c.updated_at,
    default_address: { city: 'Lisbon', country_code: c.country_code },
  };
}

export interface SimOrder {
  id: number;
  processedAt: string;
  updatedAt: string;
  customer: SimCustomer | null;
  lines: Array<{ id: number; sku: string; title: string; quantity: number; price: string }>;
  shipping: string;
  tax: string;
  discount: string;
  currency?: string;
  presentment?: { currency: string; total: string };
  test?: boolean;
  cancelledAt?: string | null;
}

const cents = (v: string) => Math.round(Number(v) * 100);
const amount = (c: number) => (c / 100).toFixed(2);

/** An order's totals as Shopify computes them. */
export function orderTotals(o: SimOrder) {
  const subtotal = o.lines.reduce((s, l) => s + cents(l.price) * l.quantity, 0) - cents(o.discount);
  return { subtotal: amount(subtotal), total: amount(subtotal + cents(o.shipping) + cents(o.tax)) };
}

export function orderPayload(o: SimOrder) {
  const currency = o.currency ?? 'USD';
  const { subtotal, total } = orderTotals(o);
  const set = (shop: string, presentment?: string) => ({
    shop_money: { amount: shop, currency_code: currency },
    presentment_money: { amount: presentment ?? shop, currency_code: o.presentment?.currency ?? currency },
  });
  return {
    id: o.id,
    admin_graphql_api_id: `gid://shopify/Order/${o.id}`,
    name: `#${o.id}`,
    created_at: o.processedAt,
    processed_at: o.processedAt,
    updated_at: o.updatedAt,
    cancelled_at: o.cancelledAt ?? null,
    test: o.test ?? false,
    currency,
    presentment_currency: o.presentment?.currency ?? currency,
    subtotal_price: subtotal,
    total_discounts: o.discount,
    total_tax: o.tax,
    total_price: total,
    total_price_set: set(total, o.presentment?.total),
    total_shipping_price_set: set(o.shipping),
    financial_status: 'paid',
    customer: o.customer ? customerPayload(o.customer) : null,
    line_items: o.lines.map((l) => ({
      id: l.id,
      sku: l.sku,
      title: l.title,
      variant_title: null,
      quantity: l.quantity,
      price: l.price,
      variant_id: l.id + 1_000_000,
      product_id: l.id + 2_000_000,
    })),
    shipping_lines: [{ price: o.shipping }],
    refunds: [],
  };
}

export function refundPayload(r: {
  id: number;
  orderId: number;
  processedAt: string;
  amount: string;
  lines: Array<{ sku: string; quantity: number; subtotal: string }>;
}) {
  return {
    id: r.id,
    order_id: r.orderId,
    created_at: r.processedAt,
    processed_at: r.processedAt,
    note: null,
    refund_line_items: r.lines.map((l, i) => ({
      id: r.id * 10 + i,
      quantity: l.quantity,
      subtotal: l.subtotal,
      total_tax: '0.00',
      restock_type: 'return',
      line_item: { sku: l.sku },
    })),
    transactions: [{ id: r.id * 10, kind: 'refund', status: 'success', amount: r.amount, created_at: r.processedAt, processed_at: r.processedAt }],
    order_adjustments: [],
  };
}

export function productPayload(p: {
  id: number;
  title: string;
  updatedAt: string;
  variants: Array<{ id: number; sku: string; price: string; inventoryItemId: number }>;
}) {
  return {
    id: p.id,
    title: p.title,
    created_at: p.updatedAt,
    updated_at: p.updatedAt,
    variants: p.variants.map((v) => ({
      id: v.id,
      product_id: p.id,
      title: 'Default Title',
      sku: v.sku,
      price: v.price,
      inventory_item_id: v.inventoryItemId,
      updated_at: p.updatedAt,
    })),
  };
}

export const inventoryLevelPayload = (l: { inventoryItemId: number; locationId: number; available: number; updatedAt: string }) => ({
  inventory_item_id: l.inventoryItemId,
  location_id: l.locationId,
  available: l.available,
  updated_at: l.updatedAt,
});

export const appUninstalledPayload = (shop: string) => ({ id: 1, name: shop, domain: shop, myshopify_domain: shop });

export const customersRedactPayload = (shop: string, customer: SimCustomer, orders: number[] = []) => ({
  shop_id: 1,
  shop_domain: shop,
  customer: { id: customer.id, email: customer.email, phone: null },
  orders_to_redact: orders,
});

export const dataRequestPayload = (shop: string, customer: SimCustomer, orders: number[] = []) => ({
  shop_id: 1,
  shop_domain: shop,
  orders_requested: orders,
  customer: { id: customer.id, email: customer.email, phone: null },
  data_request: { id: 9999 },
});

export const shopRedactPayload = (shop: string) => ({ shop_id: 1, shop_domain: shop });
