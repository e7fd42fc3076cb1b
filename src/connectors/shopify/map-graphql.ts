// Shopify Admin GraphQL shapes -> ingestion records (src/domain/ingestion). The connector knows the
// upstream's fields; what counts and how is the domain's. Ids are the numeric tail of Shopify's
// global ids (what its webhook payloads carry as `id`), so webhooks and syncs key the same records.
// Money is the shop currency's Decimal string read with the write path's parser (map-common.ts, as
// the webhook mapper does); the presentment amounts are kept.
import type { LocationStock } from '../../domain/connections/index.ts';
import { amount, lineSku, sumAmounts, variantSku } from './map-common.ts';
import type { CustomerRecord, InventoryLevelRecord, OrderRecord, ProductRecord, RefundRecord, TransactionRecord } from '../../domain/ingestion/index.ts';

interface Money {
  amount: string;
  currencyCode?: string;
}
interface MoneyBag {
  shopMoney: Money;
  presentmentMoney?: Money;
}

export interface GqlLineItem {
  id: string;
  sku: string | null;
  variant: { id: string } | null;
  name: string;
  quantity: number;
  /** The units not refunded: below `quantity` only when a refund has lines for it. */
  refundableQuantity?: number;
  originalUnitPriceSet: MoneyBag;
}

export interface GqlRefundLine {
  quantity: number;
  restockType: string;
  subtotalSet: MoneyBag;
  totalTaxSet: MoneyBag;
  lineItem: { id: string; sku: string | null; variant: { id: string } | null };
}

export interface GqlOrder {
  id: string;
  updatedAt: string;
  processedAt: string;
  cancelledAt: string | null;
  test: boolean;
  currencyCode: string;
  presentmentCurrencyCode: string;
  subtotalPriceSet: MoneyBag | null;
  totalPriceSet: MoneyBag;
  totalDiscountsSet: MoneyBag | null;
  totalShippingPriceSet: MoneyBag;
  totalTaxSet: MoneyBag | null;
  customer: {
    id: string;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
    defaultAddress: { countryCodeV2: string | null } | null;
  } | null;
  refunds: { id: string; createdAt: string | null; updatedAt: string; totalRefundedSet: MoneyBag }[];
  transactions: { id: string; kind: string; status: string; processedAt: string | null; amountSet: MoneyBag; fees: { amount: Money }[] }[];
}

export interface GqlCustomer {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  createdAt: string;
  updatedAt: string;
  defaultAddress: { city: string | null; countryCodeV2: string | null } | null;
}

export interface GqlProduct {
  id: string;
  title: string;
}

export interface GqlVariant {
  id: string;
  sku: string | null;
  title: string;
  price: string;
  inventoryQuantity: number | null;
  updatedAt: string;
  inventoryItem: { id: string; unitCost: Money | null };
}

/** An inventory item's stock at one location (a bulk child line of the variant). */
export interface GqlInventoryLevel {
  id: string;
  location: { id: string };
  quantities: { name: string; quantity: number }[];
  updatedAt: string;
}

const MONEY = 'shopMoney { amount }';
const MONEY_BOTH = 'shopMoney { amount } presentmentMoney { amount currencyCode }';

/** The order fields both the bulk backfill and the reconciliation read (lines are asked separately). */
export const ORDER_FIELDS = `id updatedAt processedAt cancelledAt test currencyCode presentmentCurrencyCode
  subtotalPriceSet { ${MONEY} } totalPriceSet { ${MONEY_BOTH} } totalDiscountsSet { ${MONEY} }
  totalShippingPriceSet { ${MONEY} } totalTaxSet { ${MONEY} } customer { id email firstName lastName defaultAddress { countryCodeV2 } }
  refunds { id createdAt updatedAt totalRefundedSet { ${MONEY_BOTH} } }
  transactions { id kind status processedAt amountSet { ${MONEY} } fees { amount { amount } } }`;
export const LINE_FIELDS = `id sku variant { id } name quantity refundableQuantity originalUnitPriceSet { ${MONEY} }`;
/** A refund's lines (read per order: a connection inside the refunds list is not bulk-readable). */
export const REFUND_LINE_FIELDS = `quantity restockType subtotalSet { ${MONEY} } totalTaxSet { ${MONEY} } lineItem { id sku variant { id } }`;
export const CUSTOMER_FIELDS = 'id email firstName lastName phone createdAt updatedAt defaultAddress { city countryCodeV2 }';
export const VARIANT_FIELDS = `id sku title price inventoryQuantity updatedAt inventoryItem { id unitCost { amount }
  inventoryLevels { edges { node { id location { id } quantities(names: ["available"]) { name quantity } updatedAt } } } }`;
/** A bulk line of an inventory level (a variant's child, under its inventoryItem). */
export const isInventoryLevel = (id: string) => id.startsWith('gid://shopify/InventoryLevel/');

/** The numeric tail of a global id (gid://shopify/Order/123 -> "123"). */
export const legacyId = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);

const KINDS: Record<string, TransactionRecord['kind']> = { SALE: 'sale', CAPTURE: 'capture', AUTHORIZATION: 'authorization', REFUND: 'refund', VOID: 'void' };
const STATUSES: Record<string, TransactionRecord['status']> = { SUCCESS: 'success', FAILURE: 'failure', PENDING: 'pending', ERROR: 'error' };

const presentmentOf = (bag: MoneyBag, shopCurrency: string) =>
  bag.presentmentMoney && bag.presentmentMoney.currencyCode && bag.presentmentMoney.currencyCode !== shopCurrency ? bag.presentmentMoney : null;

export function mapRefund(orderId: string, refund: GqlOrder['refunds'][number], shopCurrency: string, lines: readonly GqlRefundLine[] = []): RefundRecord {
  const presentment = presentmentOf(refund.totalRefundedSet, shopCurrency);
  return {
    externalId: legacyId(refund.id),
    updatedAt: refund.updatedAt,
    orderExternalId: legacyId(orderId),
    // The refund's day is when it was created (the webhook mapper reads created_at too).
    refundedAt: refund.createdAt ?? refund.updatedAt,
    amount: amount(refund.totalRefundedSet.shopMoney.amount),
    presentmentAmount: presentment ? amount(presentment.amount) : null,
    lines: lines.map((l) => ({
      // Keyed as its order line is.
      sku: lineSku(l.lineItem.sku, l.lineItem.variant ? legacyId(l.lineItem.variant.id) : null, legacyId(l.lineItem.id)),
      quantity: l.quantity,
      amount: sumAmounts([l.subtotalSet.shopMoney.amount, l.totalTaxSet.shopMoney.amount]),
      restock: l.restockType !== 'NO_RESTOCK',
    })),
  };
}

/** The order's customer as the webhook mapper reads it from an order payload (id, email, name, country). */
function customerRef(c: GqlOrder['customer']): OrderRecord['customer'] {
  if (!c) return null;
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ');
  const country = c.defaultAddress?.countryCodeV2;
  return { externalId: legacyId(c.id), ...(c.email ? { email: c.email } : {}), ...(name ? { name } : {}), ...(country ? { country } : {}) };
}

/** `refundLines`: each refund's lines by the refund's global id (refunds without an entry have none). */
export function mapOrder(order: GqlOrder, lines: readonly GqlLineItem[], refundLines: ReadonlyMap<string, readonly GqlRefundLine[]> = new Map()): OrderRecord {
  const presentment = presentmentOf(order.totalPriceSet, order.currencyCode);
  const transactions: TransactionRecord[] = [];
  for (const t of order.transactions) {
    const kind = KINDS[t.kind];
    const status = STATUSES[t.status];
    if (!kind || !status) continue;
    transactions.push({
      externalId: legacyId(t.id),
      kind,
      status,
      amount: amount(t.amountSet.shopMoney.amount),
      ...(t.fees.length ? { fee: sumAmounts(t.fees.map((f) => f.amount.amount)) } : {}),
      processedAt: t.processedAt ?? order.processedAt,
    });
  }
  return {
    externalId: legacyId(order.id),
    updatedAt: order.updatedAt,
    placedAt: order.processedAt,
    cancelledAt: order.cancelledAt,
    test: order.test,
    currency: order.currencyCode,
    presentment: presentment ? { currency: presentment.currencyCode!, total: amount(presentment.amount) } : null,
    customer: customerRef(order.customer),
    subtotal: amount((order.subtotalPriceSet ?? order.totalPriceSet).shopMoney.amount),
    discountTotal: amount(order.totalDiscountsSet?.shopMoney.amount ?? '0'),
    shippingTotal: amount(order.totalShippingPriceSet.shopMoney.amount),
    taxTotal: amount(order.totalTaxSet?.shopMoney.amount ?? '0'),
    total: amount(order.totalPriceSet.shopMoney.amount),
    lines: lines.map((l) => ({
      externalId: legacyId(l.id),
      // A line without a SKU is keyed by its variant (as its product is), a custom line by its id: its units still count.
      sku: lineSku(l.sku, l.variant ? legacyId(l.variant.id) : null, legacyId(l.id)),
      quantity: l.quantity,
      unitPrice: amount(l.originalUnitPriceSet.shopMoney.amount),
      productName: l.name,
    })),
    transactions,
    refunds: order.refunds.map((r) => mapRefund(order.id, r, order.currencyCode, refundLines.get(r.id))),
  };
}

export function mapCustomer(c: GqlCustomer): CustomerRecord {
  return {
    externalId: legacyId(c.id),
    updatedAt: c.updatedAt,
    email: c.email ?? '',
    name: [c.firstName, c.lastName].filter(Boolean).join(' '),
    phone: c.phone,
    city: c.defaultAddress?.city ?? '',
    country: c.defaultAddress?.countryCodeV2 ?? '',
    createdAt: c.createdAt,
  };
}

export interface MappedVariant {
  product: ProductRecord;
  /** The variant's inventory item and its SKU (what inventory_levels/update webhooks name). */
  item: { itemId: string; sku: string };
  /** Its stock per location; the SKU's level is their sum. */
  locations: LocationStock[];
  /** The level from inventoryQuantity when no location is read (an item whose stock is not tracked per location). */
  inventory: InventoryLevelRecord | null;
}

export function mapVariant(product: GqlProduct, v: GqlVariant, levels: readonly GqlInventoryLevel[] = []): MappedVariant {
  const sku = variantSku(v.sku, legacyId(v.id));
  const itemId = legacyId(v.inventoryItem.id);
  const locations = levels.flatMap((l) => {
    const available = l.quantities.find((q) => q.name === 'available');
    return available ? [{ itemId, locationId: legacyId(l.location.id), available: available.quantity, updatedAt: new Date(l.updatedAt) }] : [];
  });
  return {
    item: { itemId, sku },
    locations,
    product: {
      externalId: legacyId(v.id),
      updatedAt: v.updatedAt,
      sku,
      productName: v.title && v.title !== 'Default Title' ? `${product.title} - ${v.title}` : product.title,
      unitPrice: amount(v.price),
      ...(v.inventoryItem.unitCost ? { unitCost: amount(v.inventoryItem.unitCost.amount) } : {}),
    },
    inventory: locations.length || v.inventoryQuantity === null ? null : { sku, updatedAt: v.updatedAt, available: v.inventoryQuantity },
  };
}
