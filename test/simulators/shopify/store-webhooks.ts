// Webhook payloads of a simulated store's own data (store.ts), in the REST format Shopify sends
// (orders/create, orders/updated, refunds/create): the same order the Admin GraphQL API answers
// (admin-resolvers.ts), so a test can map both and compare. REST money is a string with two
// decimals ("0.10") where GraphQL's Decimal is shortest ("0.1"). Order payloads carry no
// transactions, as Shopify's do not. A refund's transactions are in the presentment currency (the
// customer's), with `currency`; a refund without lines has an order adjustment (refund_discrepancy)
// with its amount in both currencies.
import { orderTotals, type SimLine, type SimMoney, type SimOrder, type SimRefund, type SimStore } from './store.ts';

const rest = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

function set(m: SimMoney, store: SimStore, o: SimOrder) {
  return {
    shop_money: { amount: rest(m.shop), currency_code: store.currency },
    presentment_money: { amount: rest(m.presentment), currency_code: o.presentmentCurrency },
  };
}

function customerOf(store: SimStore, id: number | null) {
  const c = store.customers.find((x) => x.id === id);
  if (!c) return null;
  return {
    id: c.id,
    email: c.email,
    first_name: c.firstName,
    last_name: c.lastName,
    phone: c.phone,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    default_address: { city: c.city, country_code: c.country },
  };
}

function lineOf(store: SimStore, o: SimOrder, l: SimLine) {
  const v = store.variants.find((x) => x.id === l.variantId);
  return {
    id: l.id,
    admin_graphql_api_id: `gid://shopify/LineItem/${l.id}`,
    variant_id: v?.id ?? null,
    product_id: v?.productId ?? null,
    sku: l.sku || null,
    name: l.name,
    title: v?.productTitle ?? l.name,
    variant_title: v?.title ?? null,
    quantity: l.quantity,
    price: rest(l.unitPrice.shop),
    price_set: set(l.unitPrice, store, o),
  };
}

/** refunds/create (and each entry of an order payload's `refunds`). */
export function storeRefundPayload(store: SimStore, o: SimOrder, r: SimRefund) {
  return {
    id: r.id,
    admin_graphql_api_id: `gid://shopify/Refund/${r.id}`,
    order_id: o.id,
    created_at: r.createdAt.toISOString(),
    processed_at: r.createdAt.toISOString(),
    note: null,
    restock: (r.lines ?? []).some((l) => l.restock),
    refund_line_items: (r.lines ?? []).map((rl) => ({
      id: rl.id,
      line_item_id: rl.lineId,
      quantity: rl.quantity,
      restock_type: rl.restock ? 'return' : 'no_restock',
      subtotal: rest(rl.subtotal.shop),
      total_tax: rest(rl.tax.shop),
      subtotal_set: set(rl.subtotal, store, o),
      total_tax_set: set(rl.tax, store, o),
      line_item: lineOf(
        store,
        o,
        o.lines.find((l) => l.id === rl.lineId)!,
      ),
    })),
    transactions: o.transactions
      .filter((t) => t.kind === 'REFUND' && t.processedAt.getTime() === r.createdAt.getTime())
      .map((t) => ({
        id: t.id,
        order_id: o.id,
        kind: 'refund',
        status: 'success',
        amount: rest(t.amount.presentment),
        currency: o.presentmentCurrency,
        created_at: t.processedAt.toISOString(),
        processed_at: t.processedAt.toISOString(),
      })),
    // A refund without lines (an amount) is a discrepancy with the calculated refund (nothing): negative, as Shopify records it.
    order_adjustments: r.lines?.length
      ? []
      : [
          {
            id: r.id * 10,
            order_id: o.id,
            refund_id: r.id,
            kind: 'refund_discrepancy',
            reason: 'Refund discrepancy',
            amount: rest(-r.amount.shop),
            tax_amount: '0.00',
            amount_set: set({ shop: -r.amount.shop, presentment: -r.amount.presentment }, store, o),
            tax_amount_set: set({ shop: 0, presentment: 0 }, store, o),
          },
        ],
  };
}

/** orders/create, orders/updated, orders/cancelled: the order as the store has it now. */
export function storeOrderPayload(store: SimStore, o: SimOrder) {
  const t = orderTotals(o);
  const presentmentSubtotal = o.lines.reduce((s, l) => s + l.quantity * l.unitPrice.presentment, 0);
  return {
    id: o.id,
    admin_graphql_api_id: `gid://shopify/Order/${o.id}`,
    name: o.name,
    created_at: o.createdAt.toISOString(),
    processed_at: o.processedAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    cancelled_at: o.cancelledAt?.toISOString() ?? null,
    test: o.test,
    currency: store.currency,
    presentment_currency: o.presentmentCurrency,
    // As the simulator's GraphQL subtotalPriceSet: the lines' sum.
    subtotal_price: rest(t.subtotal),
    subtotal_price_set: set({ shop: t.subtotal, presentment: presentmentSubtotal }, store, o),
    total_discounts: rest(o.discount.shop),
    total_discounts_set: set(o.discount, store, o),
    total_tax: rest(o.tax.shop),
    total_tax_set: set(o.tax, store, o),
    total_price: rest(t.total),
    total_price_set: set({ shop: t.total, presentment: t.presentmentTotal }, store, o),
    total_shipping_price_set: set(o.shipping, store, o),
    shipping_lines: [{ price: rest(o.shipping.shop), price_set: set(o.shipping, store, o) }],
    customer: customerOf(store, o.customerId),
    line_items: o.lines.map((l) => lineOf(store, o, l)),
    refunds: o.refunds.map((r) => storeRefundPayload(store, o, r)),
  };
}
