// A realistic Shopify orders export, generated (never a big file in git): Shopify's header and
// column order, one row per line item with the order's fields on its first row only, local times
// with an offset, quoted names with commas, a note over two lines, custom items without a SKU,
// refunds, a cancelled order and a test order (Bogus Gateway). Deterministic from a seed. It also
// returns the orders as written, for tests to recompute every figure from the file's own data.

/** Shopify's orders export header (Orders > Export > CSV for Excel, Numbers, or other spreadsheet programs). */
export const SHOPIFY_ORDER_HEADER = [
  'Name', 'Email', 'Financial Status', 'Paid at', 'Fulfillment Status', 'Fulfilled at', 'Accepts Marketing', 'Currency', 'Subtotal',
  'Shipping', 'Taxes', 'Total', 'Discount Code', 'Discount Amount', 'Shipping Method', 'Created at', 'Lineitem quantity', 'Lineitem name',
  'Lineitem price', 'Lineitem compare at price', 'Lineitem sku', 'Lineitem requires shipping', 'Lineitem taxable', 'Lineitem fulfillment status',
  'Billing Name', 'Billing Street', 'Billing Address1', 'Billing Address2', 'Billing Company', 'Billing City', 'Billing Zip', 'Billing Province',
  'Billing Country', 'Billing Phone', 'Shipping Name', 'Shipping Street', 'Shipping Address1', 'Shipping Address2', 'Shipping Company',
  'Shipping City', 'Shipping Zip', 'Shipping Province', 'Shipping Country', 'Shipping Phone', 'Notes', 'Note Attributes', 'Cancelled at',
  'Payment Method', 'Payment Reference', 'Refunded Amount', 'Vendor', 'Outstanding Balance', 'Employee', 'Location', 'Device ID', 'Id', 'Tags',
  'Risk Level', 'Source', 'Lineitem discount', 'Tax 1 Name', 'Tax 1 Value', 'Phone', 'Receipt Number', 'Duties', 'Billing Province Name',
  'Shipping Province Name', 'Payment ID', 'Payment Terms Name', 'Next Payment Due At', 'Payment References',
] as const; // prettier-ignore

export interface ExportLine {
  sku: string;
  name: string;
  quantity: number;
  /** Cents. */
  price: number;
}

export interface ExportOrder {
  id: number;
  name: string;
  email: string;
  customerName: string;
  country: string;
  city: string;
  placedAt: Date;
  /** The offset Shopify wrote the order's times in, minutes east of UTC. */
  offsetMinutes: number;
  lines: ExportLine[];
  /** Cents. */
  subtotal: number;
  discount: number;
  shipping: number;
  taxes: number;
  total: number;
  refunded: number;
  cancelled: boolean;
  test: boolean;
}

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const CATALOG = [
  { sku: 'TEE-BLK-M', name: 'Classic Tee - Black / M', price: 2400 },
  { sku: 'TEE-WHT-L', name: 'Classic Tee - White / L', price: 2400 },
  { sku: 'HOOD-GRY-M', name: 'Hoodie, Heavyweight - Grey / M', price: 6500 },
  { sku: 'CAP-NVY', name: 'Dad Cap "Navy"', price: 2200 },
  { sku: 'SOCK-3PK', name: 'Socks (3-pack)', price: 1500 },
  { sku: 'MUG-11OZ', name: 'Mug 11oz', price: 1800 },
];
const PEOPLE = [
  ['Ana Souza', 'BR', 'São Paulo'],
  ["Liam O'Brien", 'IE', 'Dublin'],
  ['Sophie Gallas', 'FR', 'Paris'],
  ['Kenji Sato', 'JP', 'Tokyo'],
  ['Maria Garcia, Jr.', 'US', 'Austin'],
  ['Noah Smith', 'US', 'Denver'],
] as const;

const money = (cents: number) => (cents / 100).toFixed(2);
function shopifyTime(at: Date, offsetMinutes: number): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000).toISOString();
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local.slice(0, 10)} ${local.slice(11, 19)} ${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}
function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** `orders` orders placed over the `days` days before `end`; the first is cancelled, the second a test order, every fifth refunded in part. */
export function shopifyOrdersExport(options: {
  orders: number;
  days: number;
  end: Date;
  seed?: number;
  currency?: string;
  /** First order number (#1001 by default) and Shopify id offset, for a second file of other orders. */
  first?: number;
  /** Changes the cells of a row before it is written (a broken row for a test). */
  tamper?: (order: ExportOrder, line: number, cells: Record<string, string>) => void;
}) {
  const random = rng(options.seed ?? 42);
  const currency = options.currency ?? 'USD';
  const orders: ExportOrder[] = [];
  for (let i = 0; i < options.orders; i++) {
    const person = PEOPLE[Math.floor(random() * PEOPLE.length)]!;
    const count = 1 + Math.floor(random() * 3);
    const lines: ExportLine[] = [];
    for (let l = 0; l < count; l++) {
      const item = CATALOG[Math.floor(random() * CATALOG.length)]!;
      if (lines.some((x) => x.sku === item.sku)) continue;
      lines.push({ ...item, quantity: 1 + Math.floor(random() * 3) });
    }
    // Every seventh order also has a custom item (no SKU).
    if (i % 7 === 3) lines.push({ sku: '', name: 'Gift wrap', quantity: 1, price: 500 });
    const subtotal = lines.reduce((a, l) => a + l.price * l.quantity, 0);
    const discount = i % 4 === 0 ? Math.round(subtotal * 0.1) : 0;
    const shipping = i % 3 === 0 ? 0 : 599;
    const taxes = Math.round((subtotal - discount) * 0.08);
    const total = subtotal - discount + shipping + taxes;
    const placedAt = new Date(options.end.getTime() - Math.floor(random() * options.days * 86_400_000) - 3_600_000);
    orders.push({
      id: 5_100_000_000 + (options.first ?? 0) + i,
      name: `#${(options.first ?? 1001) + i}`,
      email: `${person[0].toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
      customerName: person[0],
      country: person[1],
      city: person[2],
      placedAt,
      offsetMinutes: [0, -300, 120, 540][i % 4]!,
      lines,
      subtotal,
      discount,
      shipping,
      taxes,
      total,
      refunded: i % 5 === 4 ? Math.round(total / 2) : 0,
      cancelled: i === 0,
      test: i === 1,
    });
  }
  // Shopify lists the newest order first.
  orders.sort((a, b) => b.placedAt.getTime() - a.placedAt.getTime());
  const rows: string[] = [SHOPIFY_ORDER_HEADER.join(',')];
  for (const o of orders) {
    const created = shopifyTime(o.placedAt, o.offsetMinutes);
    const paid = shopifyTime(new Date(o.placedAt.getTime() + 60_000), o.offsetMinutes);
    o.lines.forEach((line, n) => {
      const first = n === 0;
      const cells: Record<string, string> = {
        Name: o.name,
        Email: o.email,
        'Lineitem quantity': String(line.quantity),
        'Lineitem name': line.name,
        'Lineitem price': money(line.price),
        'Lineitem sku': line.sku,
        'Lineitem requires shipping': 'true',
        'Lineitem taxable': 'true',
        'Lineitem fulfillment status': 'fulfilled',
        'Created at': created,
        Vendor: 'Acme Apparel',
        'Lineitem discount': '0.00',
      };
      if (first) {
        Object.assign(cells, {
          'Financial Status': o.refunded ? 'partially_refunded' : 'paid',
          'Paid at': paid,
          'Fulfillment Status': 'fulfilled',
          'Accepts Marketing': 'no',
          Currency: currency,
          Subtotal: money(o.subtotal),
          Shipping: money(o.shipping),
          Taxes: money(o.taxes),
          Total: money(o.total),
          'Discount Code': o.discount ? 'WELCOME10' : '',
          'Discount Amount': money(o.discount),
          'Shipping Method': o.shipping ? 'Standard' : 'Free shipping',
          'Billing Name': o.customerName,
          'Billing City': o.city,
          'Billing Country': o.country,
          'Shipping Name': o.customerName,
          'Shipping City': o.city,
          'Shipping Country': o.country,
          Notes: o.id % 3 === 0 ? 'Leave at the door,\nplease' : '',
          'Cancelled at': o.cancelled ? shopifyTime(new Date(o.placedAt.getTime() + 3_600_000), o.offsetMinutes) : '',
          'Payment Method': o.test ? 'bogus' : 'Shopify Payments',
          'Refunded Amount': money(o.refunded),
          'Outstanding Balance': '0.00',
          Id: String(o.id),
          'Risk Level': 'Low',
          Source: 'web',
          'Tax 1 Name': 'Sales tax 8%',
          'Tax 1 Value': money(o.taxes),
        });
      }
      options.tamper?.(o, n, cells);
      rows.push(SHOPIFY_ORDER_HEADER.map((column) => csvCell(cells[column] ?? '')).join(','));
    });
  }
  return { csv: rows.join('\n') + '\n', orders };
}
