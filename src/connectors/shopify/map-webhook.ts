// Shopify webhook payloads (REST-format JSON, as Shopify sends them) translated into the
// ingestion commands' records (src/domain/ingestion). Pure functions: no I/O, no rules beyond
// the translation (newer-wins, validation and the analytics marks are the ingestion's).
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

/** A money string as Shopify sends it ("12.50"); `fallback` when absent. */
function money(v: unknown, fallback = '0'): string {
  const value = str(v);
  return value === undefined ? fallback : value;
}

const shopMoney = (set: unknown): string | undefined => str(obj(obj(set).shop_money).amount);

function customerRef(customer: unknown): OrderRecord['customer'] {
  const c = obj(customer);
  const externalId = str(c.id);
  if (!externalId) return null;
  const name = [str(c.first_name), str(c.last_name)].filter(Boolean).join(' ');
  const country = str(obj(c.default_address).country_code);
  return { externalId, ...(str(c.email) ? { email: str(c.email)! } : {}), ...(name ? { name } : {}), ...(country ? { country } : {}) };
}

function lineOf(line: Json): OrderLineRecord {
  const title = [str(line.title), str(line.variant_title)].filter(Boolean).join(' - ');
  // A line without a SKU (a custom item) is keyed by its variant or product, so it is still counted.
  const sku = str(line.sku) ?? (str(line.variant_id) ? `variant-${str(line.variant_id)}` : `line-${id(line.id, 'line_items[].id')}`);
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

/** refunds/create, and each refund an order payload carries. */
export function refundRecord(payload: unknown, orderId?: string): RefundRecord {
  const r = obj(payload);
  const transactions = arr(r.transactions).filter((t) => str(t.kind) === 'refund' && str(t.status) === 'success');
  const lines = arr(r.refund_line_items);
  const cents = (v: string) => Math.round(Number(v) * 100);
  // The money given back: the successful refund transactions; without them, the lines' totals.
  const total = transactions.length
    ? transactions.reduce((sum, t) => sum + cents(money(t.amount)), 0)
    : lines.reduce((sum, l) => sum + cents(money(l.subtotal)) + cents(money(l.total_tax)), 0);
  const presentment = transactions.length ? null : lines.reduce((sum, l) => sum + cents(str(obj(obj(l.subtotal_set).presentment_money).amount) ?? '0'), 0);
  const processedAt = id(r.processed_at ?? r.created_at, 'processed_at');
  return {
    externalId: id(r.id, 'id'),
    orderExternalId: orderId ?? id(r.order_id, 'order_id'),
    // A refund is never edited upstream: its processing instant is its version.
    updatedAt: str(r.updated_at) ?? processedAt,
    refundedAt: processedAt,
    amount: (total / 100).toFixed(2),
    ...(presentment ? { presentmentAmount: (presentment / 100).toFixed(2) } : {}),
    lines: lines.flatMap((l) => {
      const line = obj(l.line_item);
      const sku = str(line.sku) ?? (str(line.variant_id) ? `variant-${str(line.variant_id)}` : undefined);
      if (!sku) return [];
      return [
        {
          sku,
          quantity: Number(l.quantity ?? 0),
          amount: ((cents(money(l.subtotal)) + cents(money(l.total_tax))) / 100).toFixed(2),
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
  const shipping =
    shopMoney(o.total_shipping_price_set) ??
    arr(o.shipping_lines)
      .reduce((sum, l) => sum + Number(money(l.price)), 0)
      .toFixed(2);
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
      presentmentCurrency && presentmentCurrency !== currency && presentmentTotal ? { currency: presentmentCurrency, total: presentmentTotal } : null,
    customer: customerRef(o.customer),
    subtotal: money(o.subtotal_price ?? o.current_subtotal_price),
    discountTotal: money(o.total_discounts),
    shippingTotal: shipping,
    taxTotal: money(o.total_tax),
    total: money(o.total_price),
    lines: arr(o.line_items).map(lineOf),
    ...(transactions.length ? { transactions } : {}),
    refunds: arr(o.refunds).map((r) => refundRecord(r, externalId)),
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

/** products/update: one record per variant with a SKU, and the variants' inventory items. */
export function productRecords(payload: unknown): { products: ProductRecord[]; items: Array<{ itemId: string; sku: string }> } {
  const p = obj(payload);
  const title = str(p.title) ?? '';
  const products: ProductRecord[] = [];
  const items: Array<{ itemId: string; sku: string }> = [];
  for (const v of arr(p.variants)) {
    const sku = str(v.sku);
    if (!sku) continue;
    const variantTitle = str(v.title);
    products.push({
      externalId: id(v.id, 'variants[].id'),
      updatedAt: str(v.updated_at) ?? id(p.updated_at, 'updated_at'),
      sku,
      productName: variantTitle && variantTitle !== 'Default Title' ? `${title} - ${variantTitle}` : title,
      ...(str(v.price) ? { unitPrice: str(v.price)! } : {}),
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
