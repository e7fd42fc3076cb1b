// The webhook mapper and the GraphQL mapper give the same ingestion records for the same upstream
// order (no database): one order built in the simulator's store is read over real HTTP from the
// simulator's Admin GraphQL API (the fields the backfill and the reconciliation read, the refunds'
// lines by the connector's own per-order query) and rendered as the simulator's webhook payloads
// (orders/updated, refunds/create); both are mapped and compared. Covered: lines without a SKU (a
// variant's, a custom line), a refund weeks later with lines (dated by its creation), an order
// presented in EUR and refunded in EUR (with lines, and an amount without lines), awkward amounts ("0.1" from GraphQL, "0.10" from REST), and an amount with
// three decimals (handed over unchanged by both, for the ingestion to reject).
import { jest } from '@jest/globals';
import { adminClient } from '../../../src/connectors/shopify/index.ts';
import { LINE_FIELDS, ORDER_FIELDS, mapOrder, type GqlLineItem, type GqlOrder } from '../../../src/connectors/shopify/map-graphql.ts';
import { orderRecord, refundRecord } from '../../../src/connectors/shopify/map-webhook.ts';
import { refundLines } from '../../../src/connectors/shopify/order-reads.ts';
import type { OrderRecord } from '../../../src/domain/ingestion/index.ts';
import { startAdminServer, type AdminServer } from '../../simulators/shopify/admin-server.ts';
import { addRefund, generateStore, type SimOrder, type SimStore } from '../../simulators/shopify/store.ts';
import { storeOrderPayload, storeRefundPayload } from '../../simulators/shopify/store-webhooks.ts';
import { API_VERSION } from './sync-helpers.ts';

jest.setTimeout(60_000);

const SHOP = 'parity.myshopify.com';
const DAY_MS = 86_400_000;
const ORDER_QUERY = `query Order($id: ID!) { order(id: $id) { ${ORDER_FIELDS} lineItems(first: 100) { edges { node { ${LINE_FIELDS} } } } } }`;

describe('shopify mapping parity', () => {
  let sim: AdminServer;
  let store: SimStore;
  beforeAll(async () => {
    sim = await startAdminServer();
    store = generateStore(SHOP, { seed: 17, orders: 30, days: 90, now: new Date('2026-11-01T12:00:00Z') });
    sim.stores.set(SHOP, store);
    sim.tokens.set(SHOP, 'shpat_ok');
  });
  afterAll(async () => {
    await sim?.close();
  });

  const client = () => adminClient({ apiVersion: API_VERSION, baseUrl: sim.baseUrl }, SHOP, 'shpat_ok', { backoffMs: 5 });

  /** The order as the GraphQL mapper records it (what the backfill's and the reconciliation's reads give). */
  async function viaGraphql(o: SimOrder, edit?: (order: GqlOrder & { lineItems: { edges: { node: GqlLineItem }[] } }) => void): Promise<OrderRecord> {
    const c = client();
    const { order } = await c.query<{ order: GqlOrder & { lineItems: { edges: { node: GqlLineItem }[] } } }>(ORDER_QUERY, {
      id: `gid://shopify/Order/${o.id}`,
    });
    edit?.(order);
    return mapOrder(
      order,
      order.lineItems.edges.map((e) => e.node),
      order.refunds.length ? await refundLines({ client: c }, order.id) : undefined,
    );
  }
  /** The same order as the webhook mapper records it; a REST order payload has no transactions (the ingestion keeps the stored ones). */
  const withoutTransactions = ({ transactions: _t, ...rest }: OrderRecord): OrderRecord => rest;

  test('lines without a SKU, a refund weeks later with lines, awkward amounts: the same records both ways', async () => {
    const o = store.orders.find((x) => x.presentmentCurrency === 'USD' && !x.cancelledAt && !x.refunds.length && x.customerId !== null)!;
    const variant = store.variants.find((v) => v.id === o.lines[0]!.variantId)!;
    // A variant without a SKU, a custom line (no variant, no SKU) at 0.10, and a line at 0.10.
    o.lines[0]!.sku = '';
    variant.sku = '';
    o.lines.push({ id: store.nextId++, sku: '', variantId: null, name: 'Gift wrap', quantity: 3, unitPrice: { shop: 10, presentment: 10 } });
    o.lines.push({
      id: store.nextId++,
      sku: 'SKU-DIME',
      variantId: store.variants[1]!.id,
      name: 'Sticker',
      quantity: 1,
      unitPrice: { shop: 10, presentment: 10 },
    });
    o.shipping = { shop: 10, presentment: 10 };
    // A refund five weeks later of the first line and the gift wrap (one restocked, one not).
    const at = new Date(o.processedAt.getTime() + 35 * DAY_MS);
    const refund = addRefund(store, o, 1234, at, [
      { lineId: o.lines[0]!.id, quantity: 1, subtotal: { shop: 1000, presentment: 1000 }, tax: { shop: 70, presentment: 70 }, restock: true },
      { lineId: o.lines.at(-2)!.id, quantity: 1, subtotal: { shop: 10, presentment: 10 }, tax: { shop: 154, presentment: 154 }, restock: false },
    ]);
    o.updatedAt = new Date(at.getTime() + 60_000);

    const graphql = await viaGraphql(o);
    const webhook = orderRecord(storeOrderPayload(store, o));
    expect(webhook).toEqual(withoutTransactions(graphql));
    expect(refundRecord(storeRefundPayload(store, o, refund))).toEqual(graphql.refunds![0]);

    // What the rules give: the variant's key (its product's too), the custom line's, cents as "0.10", the refund's creation as its day.
    expect(graphql.lines.map((l) => [l.sku, l.unitPrice])).toEqual([
      [`shopify-variant-${variant.id}`, expect.any(String)],
      ...o.lines.slice(1, -2).map((l) => [l.sku, expect.any(String)]),
      [`shopify-line-${o.lines.at(-2)!.id}`, '0.10'],
      ['SKU-DIME', '0.10'],
    ]);
    expect(graphql.shippingTotal).toBe('0.10');
    expect(graphql.refunds![0]).toMatchObject({
      refundedAt: at.toISOString(),
      amount: '12.34',
      lines: [
        { sku: `shopify-variant-${variant.id}`, quantity: 1, amount: '10.70', restock: true },
        { sku: `shopify-line-${o.lines.at(-2)!.id}`, quantity: 1, amount: '1.64', restock: false },
      ],
    });
    expect(graphql.transactions!.length).toBeGreaterThan(0);
  });

  test('an order presented in EUR, refunded in EUR: the same presentment total and refund both ways; a refund without lines too', async () => {
    const o = store.orders.find((x) => x.presentmentCurrency === 'EUR' && !x.refunds.length && !x.cancelledAt)!;
    const line = o.lines[0]!;
    // Paid back in EUR (the transaction's currency); the lines carry both currencies.
    const at = new Date(o.processedAt.getTime() + 20 * DAY_MS);
    const subtotal = { shop: line.unitPrice.shop, presentment: line.unitPrice.presentment };
    const tax = { shop: 70, presentment: 64 };
    const refund = addRefund(store, o, subtotal.shop + tax.shop, at, [{ lineId: line.id, quantity: 1, subtotal, tax, restock: true }]);
    refund.amount.presentment = subtotal.presentment + tax.presentment;
    o.transactions.at(-1)!.amount = { ...refund.amount };
    o.updatedAt = new Date(at.getTime() + 1_000);

    const graphql = await viaGraphql(o);
    expect(graphql.presentment).toEqual({ currency: 'EUR', total: expect.stringMatching(/^\d+\.\d\d$/) });
    expect(graphql.refunds![0]).toMatchObject({
      amount: ((subtotal.shop + 70) / 100).toFixed(2),
      presentmentAmount: ((subtotal.presentment + 64) / 100).toFixed(2),
    });
    expect(orderRecord(storeOrderPayload(store, o))).toEqual(withoutTransactions(graphql));
    expect(refundRecord(storeRefundPayload(store, o, refund))).toEqual(graphql.refunds![0]);

    // A goodwill refund of 5.00 (4.60 EUR) without lines: its transaction is in EUR, the shop amount is its order adjustment's.
    const goodwill = addRefund(store, o, 500, new Date(at.getTime() + DAY_MS));
    o.updatedAt = new Date(at.getTime() + DAY_MS + 1_000);
    const later = await viaGraphql(o);
    expect(later.refunds!.map((r) => [r.amount, r.presentmentAmount])).toEqual([
      [graphql.refunds![0]!.amount, graphql.refunds![0]!.presentmentAmount],
      ['5.00', '4.60'],
    ]);
    expect(refundRecord(storeRefundPayload(store, o, goodwill))).toEqual(later.refunds![1]);
    expect(orderRecord(storeOrderPayload(store, o))).toEqual(withoutTransactions(later));
    // In an order payload (the shop currency known), a refund that names no USD amount (EUR transactions, no lines, no
    // adjustments) is left to the reconciliation rather than counted in the wrong currency.
    expect(refundRecord({ ...storeRefundPayload(store, o, goodwill), order_adjustments: [] }, { id: String(o.id), currency: 'USD' })).toBeNull();
  });

  test('an amount with three decimals ("19.999") is handed over unchanged by both, for the ingestion to reject with its field', async () => {
    const o = store.orders.find((x) => x.presentmentCurrency === 'USD' && !x.refunds.length && x !== store.orders[0])!;
    const graphql = await viaGraphql(o, (order) => {
      order.lineItems.edges[0]!.node.originalUnitPriceSet.shopMoney.amount = '19.999';
    });
    const payload = storeOrderPayload(store, o);
    payload.line_items[0]!.price = '19.999';
    const webhook = orderRecord(payload);
    expect(webhook.lines[0]!.unitPrice).toBe('19.999');
    expect(webhook).toEqual(withoutTransactions(graphql));
  });
});
