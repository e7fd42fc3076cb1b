// The CSV columns of each format (docs/imports.md): Shopify's orders export as Shopify writes it,
// and the generic columns per kind (the record fields of records.ts, flat). Each maps a row's
// cells (`get(column)`: the trimmed cell, undefined when empty or absent) to a record value.
type Get = (column: string) => string | undefined;

export interface OrderColumns {
  /** The column whose value groups rows into one order (one row per line item). */
  key: string;
  required: readonly string[];
  /** The order's fields, from its first row. */
  order(get: Get): Record<string, unknown>;
  /** The row's line item, or null for a row that has none. */
  item(get: Get): Record<string, unknown> | null;
  /** The column to report for a record field path (`customer.email`, `total`). */
  fieldName(path: string): string;
  itemFieldName(field: string): string;
}

/** Shopify's export writes local times as `2025-10-07 09:50:26 +0200`. */
export function shopifyTime(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)\s*([+-]\d{2}):?(\d{2})$/.exec(value);
  return m ? `${m[1]}T${m[2]}${m[3]}:${m[4]}` : value;
}

const latest = (...values: Array<string | undefined>): string | undefined => {
  const times = values.filter((v): v is string => v !== undefined && !Number.isNaN(Date.parse(v)));
  return times.length ? times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a)) : undefined;
};

const SHOPIFY_ORDER_FIELDS: Record<string, string> = {
  id: 'Id',
  name: 'Name',
  placed_at: 'Created at',
  currency: 'Currency',
  financial_status: 'Financial Status',
  cancelled_at: 'Cancelled at',
  'customer.email': 'Email',
  'customer.name': 'Billing Name',
  'customer.country': 'Billing Country',
  'customer.city': 'Billing City',
  subtotal: 'Subtotal',
  discount: 'Discount Amount',
  shipping: 'Shipping',
  tax: 'Taxes',
  total: 'Total',
  refunded: 'Refunded Amount',
};
const SHOPIFY_ITEM_FIELDS: Record<string, string> = { sku: 'Lineitem sku', name: 'Lineitem name', quantity: 'Lineitem quantity', unit_price: 'Lineitem price' };

export const SHOPIFY_ORDER_COLUMNS: OrderColumns = {
  key: 'Name',
  required: ['Name', 'Email', 'Financial Status', 'Currency', 'Total', 'Created at', 'Lineitem quantity', 'Lineitem price', 'Lineitem sku'],
  order(get) {
    const email = get('Email');
    const placed = shopifyTime(get('Created at'));
    const cancelled = shopifyTime(get('Cancelled at'));
    return {
      // Shopify's numeric order id when the export has it (newer exports do), else the order name.
      id: get('Id') ?? get('Name'),
      name: get('Name') ?? '',
      placed_at: placed,
      // The export has no updated_at: the latest moment it shows stands for it (the same file gives the same value).
      updated_at: latest(placed, shopifyTime(get('Paid at')), shopifyTime(get('Fulfilled at')), cancelled),
      currency: get('Currency'),
      financial_status: get('Financial Status'),
      cancelled_at: cancelled,
      // Orders paid through Shopify's test gateway ("Bogus Gateway") are test orders.
      test: /bogus/i.test(get('Payment Method') ?? ''),
      customer: email ? { email, name: get('Billing Name') ?? get('Shipping Name') ?? '', country: get('Billing Country') ?? get('Shipping Country') ?? '', city: get('Billing City') ?? get('Shipping City') ?? '' } : null,
      subtotal: get('Subtotal'),
      discount: get('Discount Amount'),
      shipping: get('Shipping'),
      tax: get('Taxes'),
      total: get('Total'),
      refunded: get('Refunded Amount'),
    };
  },
  item(get) {
    if (get('Lineitem quantity') === undefined && get('Lineitem sku') === undefined && get('Lineitem price') === undefined) return null;
    // A line item without a SKU (a custom item) is keyed by its name.
    return { sku: get('Lineitem sku') ?? get('Lineitem name'), name: get('Lineitem name'), quantity: get('Lineitem quantity'), unit_price: get('Lineitem price') };
  },
  fieldName: (path) => SHOPIFY_ORDER_FIELDS[path.split('.').slice(0, 2).join('.')] ?? SHOPIFY_ORDER_FIELDS[path.split('.')[0]!] ?? path,
  itemFieldName: (field) => SHOPIFY_ITEM_FIELDS[field] ?? field,
};

const GENERIC_ITEM_FIELDS: Record<string, string> = { sku: 'sku', name: 'item_name', quantity: 'quantity', unit_price: 'unit_price' };

export const GENERIC_ORDER_COLUMNS: OrderColumns = {
  key: 'order_id',
  required: ['order_id', 'placed_at', 'total', 'sku', 'quantity', 'unit_price'],
  order(get) {
    const email = get('customer_email');
    return {
      id: get('order_id'),
      name: get('name'),
      placed_at: get('placed_at'),
      updated_at: get('updated_at'),
      currency: get('currency'),
      financial_status: get('financial_status'),
      cancelled_at: get('cancelled_at'),
      test: get('test'),
      customer: email ? { email, name: get('customer_name'), country: get('customer_country'), city: get('customer_city') } : null,
      subtotal: get('subtotal'),
      discount: get('discount'),
      shipping: get('shipping'),
      tax: get('tax'),
      total: get('total'),
      refunded: get('refunded'),
    };
  },
  item(get) {
    if (get('sku') === undefined && get('quantity') === undefined && get('unit_price') === undefined) return null;
    return { sku: get('sku'), name: get('item_name'), quantity: get('quantity'), unit_price: get('unit_price') };
  },
  fieldName: (path) => (path === 'id' ? 'order_id' : path.startsWith('customer.') ? `customer_${path.split('.')[1]}` : path.split('.')[0]!),
  itemFieldName: (field) => GENERIC_ITEM_FIELDS[field] ?? field,
};

interface FlatColumns {
  required: readonly string[];
  toValue(get: Get): Record<string, unknown>;
}

/** Every other kind is one record per row, its columns named as the record's fields. */
const flat = (required: readonly string[], fields: readonly string[]): FlatColumns => ({
  required,
  toValue: (get) => Object.fromEntries(fields.map((f) => [f, get(f)]).filter(([, v]) => v !== undefined)),
});

export const GENERIC_COLUMNS = {
  customers: flat(['email'], ['id', 'email', 'name', 'phone', 'country', 'city', 'updated_at']),
  products: flat(['sku', 'name', 'price'], ['sku', 'name', 'price', 'cost', 'stock', 'lead_time_days', 'updated_at']),
  ad_spend: flat(['date', 'platform', 'campaign_id', 'spend'], ['date', 'platform', 'campaign_id', 'campaign_name', 'spend', 'attributed_revenue', 'clicks', 'impressions', 'conversions']),
} as const;
