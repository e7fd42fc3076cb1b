// Shopify webhook payloads (REST-format JSON, as Shopify sends them) translated into the
// ingestion commands' records (src/domain/ingestion). Pure functions: no I/O, no rules beyond
// the translation (newer-wins, validation and the analytics marks are the ingestion's). SKU keys
// and money follow map-common.ts, as the GraphQL mapper does: the same order gives the same
// records whichever way it came.
import { amount, lineSku, sumAmounts, variantSku } from './map-common.ts';
import type {
  CancellationRecord,
  CustomerRecord,
  OrderLineRecord,
  OrderRecord,
  ProductRecord,
  RefundRecord,
  TransactionRecord,
} from '../../domain/ingestion/index.ts';

type Json = Record<string, unknown>;

/** A payload that cannot be translated: the delivery fails (and is retried, then visible as failed). */
export class PayloadError extends Error {}

const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);

function id(v: unknown, field: string): string {
  const value = str(v);
  if (value === undefined) throw new PayloadError(`${field} is missing`);
  return value;
}

/** A money string as Shopify sends it ("12.50", or a JSON number), as the write path stores it; `fallback` when absent. */
function money(v: unknown, fallback = '0'): string {
  return amount(str(v) ?? fallback);
}

const shopMoney = (set: unknown): string | undefined => {
  const value = str(obj(obj(set).shop_money).amount);
  return value === undefined ? undefined : amount(value);
};

function customerRef(customer: unknown): OrderRecord['customer'] {
  const c = obj(customer);
  const externalId = str(c.id);
  if (!externalId) return null;
  const name = [str(c.first_name), str(c.last_name)].filter(Boolean).join(' ');
  const country = str(obj(c.default_address).country_code);
  return { externalId, ...(str(c.email) ? { email: str(c.email)! } : {}), ...(name ? { name } : {}), ...(country ? { country } : {}) };
}

function lineOf(line: Json): OrderLineRecord {
  // Shopify's `name` ("Product - Variant"), what the Admin API's LineItem.name is.
  const title = str(line.name) ?? [str(line.title), str(line.variant_title)].filter(Boolean).join(' - ');
  // A line without a SKU is keyed by its variant (as its product is), a custom line by its id: it is still counted.
  const sku = lineSku(str(line.sku), str(line.variant_id), id(line.id, 'line_items[].id'));
  return {
    ...(str(line.id) ? { externalId: str(line.id)! } : {}),
    sku,
    quantity: Number(line.quantity ?? 0),
    unitPrice: money(line.price),
    ...(title ? { productName: title } : {}),
  };
}

function transactionOf(t: Json): TransactionRecord | null {
  const kind = str(t.kind);
  const status = str(t.status);
  const kinds = ['authorization', 'capture', 'sale', 'refund', 'void'] as const;
  const statuses = ['success', 'failure', 'pending', 'error'] as const;
  if (!kinds.includes(kind as never) || !statuses.includes(status as never)) return null;
  return {
    externalId: id(t.id, 'transactions[].id'),
    kind: kind as TransactionRecord['kind'],
    status: status as TransactionRecord['status'],
    amount: money(t.amount),
    processedAt: id(t.processed_at ?? t.created_at, 'transactions[].processed_at'),
  };
}

/** A refunded line's SKU key (lineSku without the line id), undefined when the line names neither SKU nor variant. */
function variantSkuOf(line: Json): string | undefined {
  const variantId = str(line.variant_id);
  return str(line.sku) ?? (variantId ? variantSku(null, variantId) : undefined);
}

/**
 * refunds/create, and each refund an order payload carries (`shopCurrency` then from the order).
 * Null when the payload cannot say how much went back in the shop's currency (its transactions are
 * in the presentment currency and it has no lines): such a refund is left to the reconciliation,
 * which reads Shopify's own shop-currency total.
 */
export function refundRecord(payload: unknown, order?: { id: string; currency: string }): RefundRecord | null {
  const r = obj(payload);
  const transactions = arr(r.transactions).filter((t) => str(t.kind) === 'refund' && str(t.status) === 'success');
  const lines = arr(r.refund_line_items);
  const lineTotal = (l: Json, key: 'shop_money' | 'presentment_money') =>
    sumAmounts([money(obj(obj(l.subtotal_set)[key]).amount ?? l.subtotal), money(obj(obj(l.total_tax_set)[key]).amount ?? l.total_tax)]);
  const currencyOf = (l: Json, key: 'shop_money' | 'presentment_money') => str(obj(obj(l.subtotal_set)[key]).currency_code);
  // Order adjustments: what was refunded beyond the lines (shipping, a refund larger than the lines'), negative amounts.
  const adjustments = arr(r.order_adjustments);
  const adjusted = (a: Json, key: 'shop_money' | 'presentment_money') =>
    sumAmounts([money(obj(obj(a.amount_set)[key]).amount), money(obj(obj(a.tax_amount_set)[key]).amount)]);
  const negate = (v: string) => (v.startsWith('-') ? v.slice(1) : v === '0.00' ? v : `-${v}`);
  const shopCurrency =
    order?.currency ??
    [...lines.map((l) => currencyOf(l, 'shop_money')), ...adjustments.map((a) => str(obj(obj(a.amount_set).shop_money).currency_code))].find(Boolean);
  // A refund's transactions are in the currency the customer paid in (`currency`): the presentment one when it differs.
  const inShop = (t: Json) => !str(t.currency) || !shopCurrency || str(t.currency) === shopCurrency;
  const shopPaid = transactions.filter(inShop);
  const foreignPaid = transactions.filter((t) => !inShop(t));
  // The money given back: the transactions in the shop's currency; else the lines' and adjustments' shop-currency totals.
  const byParts = (key: 'shop_money' | 'presentment_money') =>
    sumAmounts([...lines.map((l) => lineTotal(l, key)), ...adjustments.map((a) => negate(adjusted(a, key)))]);
  let total: string;
  if (shopPaid.length) total = sumAmounts(shopPaid.map((t) => money(t.amount)));
  else if (lines.length || adjustments.length || !foreignPaid.length) total = byParts('shop_money');
  else return null;
  const foreignLines = lines.filter((l) => currencyOf(l, 'presentment_money') && currencyOf(l, 'presentment_money') !== currencyOf(l, 'shop_money'));
  const presentment = foreignPaid.length
    ? sumAmounts(foreignPaid.map((t) => money(t.amount)))
    : !transactions.length && foreignLines.length
      ? sumAmounts(foreignLines.map((l) => lineTotal(l, 'presentment_money')))
      : null;
  // The refund's day is when it was created (the GraphQL mapper reads createdAt too).
  const createdAt = id(r.created_at ?? r.processed_at, 'created_at');
  return {
    externalId: id(r.id, 'id'),
    orderExternalId: order?.id ?? id(r.order_id, 'order_id'),
    // A refund is not edited upstream: its creation is its version unless the payload says otherwise.
    updatedAt: str(r.updated_at) ?? createdAt,
    refundedAt: createdAt,
    amount: total,
    presentmentAmount: presentment,
    lines: lines.flatMap((l) => {
      const line = obj(l.line_item);
      const lineId = str(l.line_item_id) ?? str(line.id);
      // Keyed as its order line is (a custom line by its id).
      const sku = variantSkuOf(line) ?? (lineId ? lineSku(null, null, lineId) : undefined);
      if (!sku) return [];
      return [
        {
          sku,
          quantity: Number(l.quantity ?? 0),
          amount: lineTotal(l, 'shop_money'),
          restock: str(l.restock_type) !== undefined && str(l.restock_type) !== 'no_restock',
        },
      ];
    }),
  };
}

/** orders/create, orders/updated, orders/cancelled: the order as it is now. */
export function orderRecord(payload: unknown): OrderRecord {
  const o = obj(payload);
  const externalId = id(o.id, 'id');
  const currency = id(o.currency, 'currency');
  const presentmentCurrency = str(o.presentment_currency);
  const presentmentTotal = str(obj(obj(o.total_price_set).presentment_money).amount);
  const shipping = shopMoney(o.total_shipping_price_set) ?? sumAmounts(arr(o.shipping_lines).map((l) => money(l.price)));
  const transactions = arr(o.transactions).flatMap((t) => transactionOf(t) ?? []);
  return {
    externalId,
    updatedAt: id(o.updated_at, 'updated_at'),
    // The sale's day: processed_at (it can be backdated for imported orders), else created_at.
    placedAt: id(o.processed_at ?? o.created_at, 'processed_at'),
    cancelledAt: str(o.cancelled_at) ?? null,
    test: o.test === true,
    currency,
    presentment:
      presentmentCurrency && presentmentCurrency !== currency && presentmentTotal ? { currency: presentmentCurrency, total: amount(presentmentTotal) } : null,
    customer: customerRef(o.customer),
    subtotal: money(o.subtotal_price ?? o.current_subtotal_price),
    discountTotal: money(o.total_discounts),
    shippingTotal: shipping,
    taxTotal: money(o.total_tax),
    total: money(o.total_price),
    lines: arr(o.line_items).map(lineOf),
    ...(transactions.length ? { transactions } : {}),
    refunds: arr(o.refunds).flatMap((r) => refundRecord(r, { id: externalId, currency }) ?? []),
  };
}

/** orders/cancelled carries the whole order; the cancellation alone, for an order stored already. */
export function cancellationRecord(payload: unknown): CancellationRecord {
  const o = obj(payload);
  return { orderExternalId: id(o.id, 'id'), cancelledAt: id(o.cancelled_at, 'cancelled_at'), updatedAt: str(o.updated_at) ?? null };
}

/** customers/create, customers/update. */
export function customerRecord(payload: unknown): CustomerRecord {
  const c = obj(payload);
  const address = obj(c.default_address);
  const name = [str(c.first_name), str(c.last_name)].filter(Boolean).join(' ');
  return {
    externalId: id(c.id, 'id'),
    updatedAt: id(c.updated_at, 'updated_at'),
    email: str(c.email) ?? '',
    name,
    phone: str(c.phone) ?? null,
    ...(str(address.city) ? { city: str(address.city)! } : {}),
    country: str(address.country_code) ?? '',
    ...(str(c.created_at) ? { createdAt: str(c.created_at)! } : {}),
  };
}

/** products/update: one record per variant (keyed as map-common.ts says when it has no SKU), and the variants' inventory items. */
export function productRecords(payload: unknown): { products: ProductRecord[]; items: Array<{ itemId: string; sku: string }> } {
  const p = obj(payload);
  const title = str(p.title) ?? '';
  const products: ProductRecord[] = [];
  const items: Array<{ itemId: string; sku: string }> = [];
  for (const v of arr(p.variants)) {
    const sku = variantSku(str(v.sku), id(v.id, 'variants[].id'));
    const variantTitle = str(v.title);
    products.push({
      externalId: id(v.id, 'variants[].id'),
      updatedAt: str(v.updated_at) ?? id(p.updated_at, 'updated_at'),
      sku,
      productName: variantTitle && variantTitle !== 'Default Title' ? `${title} - ${variantTitle}` : title,
      ...(str(v.price) ? { unitPrice: amount(str(v.price)!) } : {}),
      ...(str(p.created_at) ? { createdAt: str(p.created_at)! } : {}),
    });
    if (str(v.inventory_item_id)) items.push({ itemId: str(v.inventory_item_id)!, sku });
  }
  return { products, items };
}

/** inventory_levels/update: one location's stock of an inventory item. */
export function inventoryLevel(payload: unknown): { itemId: string; locationId: string; available: number; updatedAt: string } {
  const l = obj(payload);
  const available = Number(l.available ?? 0);
  if (!Number.isInteger(available)) throw new PayloadError('available must be an integer');
  return {
    itemId: id(l.inventory_item_id, 'inventory_item_id'),
    locationId: id(l.location_id, 'location_id'),
    available,
    updatedAt: id(l.updated_at, 'updated_at'),
  };
}

/** The customer a compliance payload names (customers/redact, customers/data_request). */
export function complianceCustomer(payload: unknown): { customerId: string; ordersRequested: string[] } {
  const p = obj(payload);
  return {
    customerId: id(obj(p.customer).id, 'customer.id'),
    ordersRequested: (Array.isArray(p.orders_requested) ? p.orders_requested : []).flatMap((o) => str(o) ?? []),
  };
}
