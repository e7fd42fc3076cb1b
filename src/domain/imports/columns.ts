// The CSV columns of each format (docs/imports.md): Shopify's orders export as Shopify writes it,
// and a generic set per kind (the ingestion record's fields in snake_case). Each maps one row's
// cells (`get(column)`: trimmed, undefined when empty or absent) to ingestion record fields.
import type { AdSpendRecord, CustomerRecord, ExpenseRecord, OrderLineRecord, OrderRecord, RefundRecord } from '../ingestion/index.ts';
import { numeric, type ProductRow } from './records.ts';

type Get = (column: string) => string | undefined;
type OrderFields = Omit<OrderRecord, 'lines'>;

export interface OrderColumns {
  dialect: 'shopify' | 'generic';
  /** The column whose value groups rows into one order (one row per line item). */
  key: string;
  required: readonly string[];
  /** The order's fields, from its first row. */
  order(get: Get): OrderFields;
  /** The row's line item, or null for a row that has none. */
  line(get: Get): OrderLineRecord | null;
  /** The column of an order field (`total`, `customer.email`) and of a line field (`unitPrice`). */
  orderColumn: Readonly<Record<string, string>>;
  lineColumn: Readonly<Record<string, string>>;
}

/** Shopify's export writes local times as `2025-10-07 09:50:26 +0200`; ingestion wants ISO 8601. */
export function shopifyTime(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)\s*([+-]\d{2}):?(\d{2})$/.exec(value);
  return m ? `${m[1]}T${m[2]}${m[3]}:${m[4]}` : value;
}

function latest(...values: Array<string | undefined>): string | null {
  const times = values.filter((v): v is string => v !== undefined && !Number.isNaN(Date.parse(v)));
  return times.length ? times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a)) : null;
}

/** The refunded total a file states as one refund of the order (a file has no refund rows). */
function refundOf(orderId: string | undefined, amount: string | undefined, at: string | null | undefined): RefundRecord[] | undefined {
  if (orderId === undefined || amount === undefined || at === undefined || at === null || /^0*(\.0*)?$/.test(amount)) return undefined;
  return [{ externalId: `${orderId}:refunded`, orderExternalId: orderId, updatedAt: at, refundedAt: at, amount }];
}

export const SHOPIFY_ORDER_COLUMNS: OrderColumns = {
  dialect: 'shopify',
  key: 'Name',
  required: ['Name', 'Email', 'Financial Status', 'Currency', 'Subtotal', 'Total', 'Created at', 'Lineitem quantity', 'Lineitem price', 'Lineitem sku'],
  order(get) {
    const email = get('Email');
    const placedAt = shopifyTime(get('Created at'));
    const cancelledAt = shopifyTime(get('Cancelled at'));
    // The export has no updated_at: the latest moment it shows stands for it (the same file, the same value).
    const updatedAt = latest(placedAt, shopifyTime(get('Paid at')), shopifyTime(get('Fulfilled at')), cancelledAt);
    // Shopify's numeric order id when the export has it, else the order name (#1001).
    const externalId = get('Id') ?? get('Name')!;
    return {
      externalId,
      updatedAt,
      placedAt: placedAt!,
      cancelledAt: cancelledAt ?? null,
      // Orders paid through Shopify's test gateway ("Bogus Gateway") are test orders.
      test: /bogus/i.test(get('Payment Method') ?? ''),
      currency: get('Currency')!,
      customer: email
        ? {
            externalId: email.toLowerCase(),
            email,
            name: get('Billing Name') ?? get('Shipping Name') ?? '',
            country: get('Billing Country') ?? get('Shipping Country') ?? '',
          }
        : null,
      subtotal: get('Subtotal')!,
      discountTotal: get('Discount Amount') ?? '0',
      shippingTotal: get('Shipping') ?? '0',
      taxTotal: get('Taxes') ?? '0',
      total: get('Total')!,
      refunds: refundOf(externalId, get('Refunded Amount'), updatedAt ?? placedAt),
    };
  },
  line(get) {
    if (get('Lineitem quantity') === undefined && get('Lineitem sku') === undefined && get('Lineitem price') === undefined) return null;
    const name = get('Lineitem name') ?? '';
    // A custom line item has no SKU: it is keyed by its name.
    return { sku: get('Lineitem sku') ?? name, quantity: numeric(get('Lineitem quantity'))!, unitPrice: get('Lineitem price')!, productName: name };
  },
  orderColumn: {
    externalId: 'Name',
    placedAt: 'Created at',
    cancelledAt: 'Cancelled at',
    currency: 'Currency',
    customer: 'Email',
    'customer.email': 'Email',
    'customer.externalId': 'Email',
    'customer.name': 'Billing Name',
    'customer.country': 'Billing Country',
    subtotal: 'Subtotal',
    discountTotal: 'Discount Amount',
    shippingTotal: 'Shipping',
    taxTotal: 'Taxes',
    total: 'Total',
    refunds: 'Refunded Amount',
    lines: 'Lineitem sku',
  },
  lineColumn: { sku: 'Lineitem sku', quantity: 'Lineitem quantity', unitPrice: 'Lineitem price', productName: 'Lineitem name' },
};

export const GENERIC_ORDER_COLUMNS: OrderColumns = {
  dialect: 'generic',
  key: 'order_id',
  required: ['order_id', 'placed_at', 'currency', 'subtotal', 'total', 'sku', 'quantity', 'unit_price'],
  order(get) {
    const email = get('customer_email');
    const externalId = get('order_id')!;
    const updatedAt = get('updated_at') ?? null;
    return {
      externalId,
      updatedAt,
      placedAt: get('placed_at')!,
      cancelledAt: get('cancelled_at') ?? null,
      test: get('test') === 'true',
      currency: get('currency')!,
      customer:
        email || get('customer_id')
          ? { externalId: get('customer_id') ?? email!.toLowerCase(), email, name: get('customer_name'), country: get('customer_country') }
          : null,
      subtotal: get('subtotal')!,
      discountTotal: get('discount_total') ?? '0',
      shippingTotal: get('shipping_total') ?? '0',
      taxTotal: get('tax_total') ?? '0',
      total: get('total')!,
      fees: get('fees') ?? null,
      shippingCost: get('shipping_cost') ?? '0',
      refunds: refundOf(externalId, get('refunded'), get('refunded_at') ?? updatedAt ?? get('placed_at')),
    };
  },
  line(get) {
    if (get('sku') === undefined && get('quantity') === undefined && get('unit_price') === undefined) return null;
    return {
      sku: get('sku')!,
      quantity: numeric(get('quantity'))!,
      unitPrice: get('unit_price')!,
      unitCost: get('unit_cost') ?? null,
      productName: get('product_name') ?? '',
    };
  },
  orderColumn: {
    externalId: 'order_id',
    updatedAt: 'updated_at',
    placedAt: 'placed_at',
    cancelledAt: 'cancelled_at',
    currency: 'currency',
    customer: 'customer_email',
    'customer.email': 'customer_email',
    'customer.externalId': 'customer_id',
    'customer.name': 'customer_name',
    'customer.country': 'customer_country',
    subtotal: 'subtotal',
    discountTotal: 'discount_total',
    shippingTotal: 'shipping_total',
    taxTotal: 'tax_total',
    total: 'total',
    fees: 'fees',
    shippingCost: 'shipping_cost',
    refunds: 'refunded',
    lines: 'sku',
  },
  lineColumn: { sku: 'sku', quantity: 'quantity', unitPrice: 'unit_price', unitCost: 'unit_cost', productName: 'product_name' },
};

export interface FlatColumns<R> {
  required: readonly string[];
  record(get: Get): R;
  /** The column of a record field (`email`, `product.unitCost`). */
  column: Readonly<Record<string, string>>;
}

const customers: FlatColumns<CustomerRecord> = {
  required: ['email'],
  record: (get) => ({
    externalId: get('customer_id') ?? (get('email') ?? '').toLowerCase(),
    updatedAt: get('updated_at') ?? null,
    email: get('email')!,
    name: get('name') ?? '',
    phone: get('phone') ?? null,
    city: get('city') ?? '',
    country: get('country') ?? '',
    ...(get('created_at') ? { createdAt: get('created_at') } : {}),
  }),
  column: {
    externalId: 'customer_id',
    updatedAt: 'updated_at',
    email: 'email',
    name: 'name',
    phone: 'phone',
    city: 'city',
    country: 'country',
    createdAt: 'created_at',
  },
};

const products: FlatColumns<ProductRow> = {
  required: ['sku', 'product_name'],
  record(get) {
    const updatedAt = get('updated_at') ?? null;
    const available = get('available');
    return {
      product: {
        externalId: get('product_id') ?? get('sku'),
        updatedAt,
        sku: get('sku')!,
        productName: get('product_name')!,
        ...(get('unit_cost') ? { unitCost: get('unit_cost') } : {}),
        ...(get('unit_price') ? { unitPrice: get('unit_price') } : {}),
        ...(get('lead_time_days') ? { leadTimeDays: numeric(get('lead_time_days')) } : {}),
      },
      stock: available === undefined ? null : { sku: get('sku')!, updatedAt, available: numeric(available)! },
    };
  },
  column: {
    externalId: 'product_id',
    updatedAt: 'updated_at',
    sku: 'sku',
    productName: 'product_name',
    unitCost: 'unit_cost',
    unitPrice: 'unit_price',
    leadTimeDays: 'lead_time_days',
    available: 'available',
  },
};

const adSpend: FlatColumns<AdSpendRecord> = {
  required: ['date', 'platform', 'campaign_id', 'spend'],
  record: (get) => ({
    updatedAt: get('updated_at') ?? null,
    // The v1 spelling (meta-ads) and the enum's (meta_ads) are both accepted.
    platform: (get('platform') ?? '').replace('-', '_') as AdSpendRecord['platform'],
    campaignId: get('campaign_id')!,
    campaignName: get('campaign_name') ?? get('campaign_id')!,
    date: get('date')!,
    spend: get('spend')!,
    ...(get('attributed_revenue') ? { attributedRevenue: get('attributed_revenue') } : {}),
    ...(get('clicks') ? { clicks: numeric(get('clicks')) } : {}),
    ...(get('impressions') ? { impressions: numeric(get('impressions')) } : {}),
    ...(get('conversions') ? { conversions: numeric(get('conversions')) } : {}),
  }),
  column: {
    updatedAt: 'updated_at',
    platform: 'platform',
    campaignId: 'campaign_id',
    campaignName: 'campaign_name',
    date: 'date',
    spend: 'spend',
    attributedRevenue: 'attributed_revenue',
    clicks: 'clicks',
    impressions: 'impressions',
    conversions: 'conversions',
  },
};

const expenses: FlatColumns<ExpenseRecord> = {
  required: ['expense_id', 'date', 'category', 'amount'],
  record(get) {
    const recurrence = get('recurrence');
    return {
      externalId: get('expense_id')!,
      updatedAt: get('updated_at') ?? null,
      date: get('date')!,
      ...(get('created_at') ? { createdAt: get('created_at') } : {}),
      category: get('category')!,
      ...(get('description') ? { description: get('description') } : {}),
      amount: get('amount')!,
      // `one-off` is the file's word for ingestion's `none`; another value is passed on, for ingestion to reject.
      ...(recurrence ? { recurrence: (recurrence === 'one-off' ? 'none' : recurrence) as ExpenseRecord['recurrence'] } : {}),
      ...(get('ends_on') ? { endsOn: get('ends_on') } : {}),
    };
  },
  column: {
    externalId: 'expense_id',
    updatedAt: 'updated_at',
    date: 'date',
    createdAt: 'created_at',
    category: 'category',
    description: 'description',
    amount: 'amount',
    recurrence: 'recurrence',
    endsOn: 'ends_on',
  },
};

export const GENERIC_COLUMNS = { customers, products, ad_spend: adSpend, expenses } as const;
