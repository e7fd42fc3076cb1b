// The only Prisma access of the demo seed: whether the demo account exists, and writing the
// generated demo (generate.ts) inside the caller's transaction.
//
// Small tables go through Prisma's createMany. The four large ones (customers, orders, order
// items, ad spend: ~58,000 rows) go through one INSERT ... SELECT FROM unnest(<one array per
// column>) per batch: Prisma 7 compiles every createMany row in its query compiler, measured at
// about 0.7 ms per row on either database, which alone would take ~40 s here; the unnest form
// takes about 0.08 ms per row and binds one parameter per column instead of one per value.
//
// Columns that jobs compute (customer metrics, inventory velocity) are left at their defaults.
import type { Prisma, PrismaClient } from '../db/client.ts';
import type { AdPlatform, CommerceSource } from '../db/__generated__/prisma/enums.ts';
import { type AdSpendSeed, DEMO_ACCOUNT_ID, type DemoData } from './generate.ts';
import { insertLedger } from './repo-ledger.ts';
import { type ItemSeed, type OrderSeed } from './generate-orders.ts';
import { type CustomerSeed, SOURCES } from './generate-customers.ts';
import { at, money } from './generate-time.ts';
import { DEMO_TIMEZONE } from './catalog.ts';
import { col, parseRows, z } from '../domain/shared/index.ts';

const createdRow = z.object({ id: col.int, key: col.text });

/**
 * Rows per INSERT. Keeps every statement bounded; for a Prisma createMany (one bind parameter
 * per value) 2,000 rows x 16 columns also stays well under PostgreSQL's 65,535 parameters.
 */
const BATCH_ROWS = 2_000;

const TABLES = [
  'accounts',
  'customers',
  'inventoryItems',
  'orders',
  'orderItems',
  'adSpend',
  'expenses',
  'integrations',
  'creditTransactions',
  'creditBalances',
  'aiAccess',
  'aiUsage',
  'alertRules',
] as const;
type TableName = (typeof TABLES)[number];
export type Counts = Record<TableName, number>;

type Tx = Prisma.TransactionClient;

export function zeroCounts(): Counts {
  return Object.fromEntries(TABLES.map((table) => [table, 0])) as Counts;
}

function chunks<T>(rows: readonly T[], size = BATCH_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Refreshes the planner's statistics of every table (after the bulk load). */
export async function analyzeTables(prisma: PrismaClient): Promise<void> {
  await prisma.$executeRawUnsafe('ANALYZE');
}

export async function demoAccountExists(db: Tx): Promise<boolean> {
  const existing = await db.account.findUnique({ where: { id: DEMO_ACCOUNT_ID }, select: { id: true } });
  return existing !== null;
}

/** Rows of a large table written so far, after each batch ("seeding demo store: 12,000/20,000 orders"). */
export type SeedProgress = (table: 'customers' | 'orders' | 'order items' | 'ad spend', done: number, total: number) => void;

export async function writeDemo(tx: Tx, demo: DemoData, progress: SeedProgress = () => {}): Promise<Counts> {
  const counts = zeroCounts();
  const { timeline } = demo;
  await tx.account.create({
    data: {
      id: DEMO_ACCOUNT_ID,
      name: 'Demo Store',
      plan: 'growth',
      currency: 'USD',
      timezone: DEMO_TIMEZONE,
      isDemo: true,
      createdAt: new Date(timeline.accountStart),
      updatedAt: new Date(timeline.accountStart),
    },
  });
  counts.accounts = 1;
  const customerIds = await bulkInsertReturningIds(
    tx,
    'customers',
    CUSTOMER_COLUMNS,
    demo.customers,
    (c) => c.externalId,
    (n, of) => progress('customers', n, of),
  );
  counts.customers = customerIds.length;
  const itemIds = await insertItems(tx, demo.items);
  counts.inventoryItems = itemIds.length;
  const orderIds = await bulkInsertReturningIds(
    tx,
    'orders',
    orderColumns(customerIds),
    demo.orders,
    (o) => o.externalId,
    (n, of) => progress('orders', n, of),
  );
  counts.orders = orderIds.length;
  counts.orderItems = await bulkInsert(tx, 'order_items', ORDER_ITEM_COLUMNS, lineRows(demo, orderIds, itemIds), (n, of) => progress('order items', n, of));
  counts.adSpend = await bulkInsert(tx, 'ad_spend', AD_SPEND_COLUMNS, demo.adSpend, (n, of) => progress('ad spend', n, of));
  counts.expenses = (await tx.expense.createMany({ data: demo.expenses })).count;
  counts.integrations = (await tx.integration.createMany({ data: demo.integrations })).count;
  counts.creditTransactions = await insertLedger(tx, demo.credits.entries);
  await tx.creditBalance.create({ data: demo.credits.balance });
  counts.creditBalances = 1;
  counts.aiUsage = (await tx.aiUsage.createMany({ data: demo.credits.usage })).count;
  await tx.aiAccess.create({
    data: { accountId: DEMO_ACCOUNT_ID, state: 'enabled', autoPause: true, updatedAt: new Date(timeline.accountStart) },
  });
  counts.aiAccess = 1;
  counts.alertRules = (await tx.alertRule.createMany({ data: demo.alertRules })).count;
  return counts;
}

/**
 * One column of a bulk insert: its database name, the element type of its array parameter,
 * an optional cast to the column's own type (enums), and how to read the value from a row.
 */
interface BulkColumn<T> {
  column: string;
  type: 'text' | 'int4' | 'numeric' | 'timestamptz' | 'date';
  cast?: string;
  value: (row: T) => string | number | null;
}

/** Table and column names come only from the constants below; every value is a bind parameter. */
function bulkInsertSql<T>(table: string, columns: readonly BulkColumn<T>[], returning = ''): string {
  const names = columns.map((c) => `"${c.column}"`).join(', ');
  const values = columns.map((c, i) => `u.c${i}${c.cast ? `::${c.cast}` : ''}`).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  return `INSERT INTO "${table}" (${names}) SELECT ${values} FROM unnest(${arrays}) AS u(${aliases})${returning}`;
}

function columnArrays<T>(columns: readonly BulkColumn<T>[], rows: readonly T[]): Array<Array<string | number | null>> {
  return columns.map((c) => rows.map(c.value));
}

type Done = (done: number, total: number) => void;

async function bulkInsert<T>(tx: Tx, table: string, columns: readonly BulkColumn<T>[], rows: readonly T[], done: Done): Promise<number> {
  const sql = bulkInsertSql(table, columns);
  let count = 0;
  for (const batch of chunks(rows)) {
    count += await tx.$executeRawUnsafe(sql, ...columnArrays(columns, batch));
    done(count, rows.length);
  }
  return count;
}

/** Inserts and returns the new ids in the order of `rows`, matched through a unique external id. */
async function bulkInsertReturningIds<T>(
  tx: Tx,
  table: string,
  columns: readonly BulkColumn<T>[],
  rows: readonly T[],
  keyOf: (row: T) => string,
  done: Done,
): Promise<number[]> {
  const sql = bulkInsertSql(table, columns, ' RETURNING "id", "external_id" AS "key"');
  const ids = new Map<string, number>();
  for (const batch of chunks(rows)) {
    const created = parseRows(createdRow, await tx.$queryRawUnsafe(sql, ...columnArrays(columns, batch)));
    for (const { id, key } of created) ids.set(key, Number(id));
    done(ids.size, rows.length);
  }
  return rows.map((row) => {
    const id = ids.get(keyOf(row));
    if (id === undefined) throw new Error(`${table}: no id returned for ${keyOf(row)}`);
    return id;
  });
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => iso(ms).slice(0, 10);
const demoAccount = (): string => DEMO_ACCOUNT_ID;

/** CommerceSource values as the database spells them (raw inserts bypass Prisma's enum mapping). */
const SOURCE_DB: Record<CommerceSource, string> = Object.fromEntries(SOURCES.map((s) => [s.source, s.db])) as Record<CommerceSource, string>;

/** AdPlatform values as the database spells them (raw inserts bypass Prisma's enum mapping). */
const PLATFORM_DB: Record<AdPlatform, string> = { meta_ads: 'meta-ads', google_ads: 'google-ads' };

const CUSTOMER_COLUMNS: ReadonlyArray<BulkColumn<CustomerSeed>> = [
  { column: 'account_id', type: 'text', value: demoAccount },
  { column: 'email', type: 'text', value: (c) => c.email },
  { column: 'name', type: 'text', value: (c) => c.name },
  { column: 'phone', type: 'text', value: (c) => c.phone },
  { column: 'source', type: 'text', cast: '"CommerceSource"', value: (c) => SOURCE_DB[c.source] },
  { column: 'external_id', type: 'text', value: (c) => c.externalId },
  { column: 'city', type: 'text', value: (c) => c.city },
  { column: 'country', type: 'text', value: (c) => c.country },
  { column: 'created_at', type: 'timestamptz', value: (c) => iso(c.createdAt) },
  { column: 'updated_at', type: 'timestamptz', value: (c) => iso(c.createdAt) },
];

function orderColumns(customerIds: readonly number[]): ReadonlyArray<BulkColumn<OrderSeed>> {
  return [
    { column: 'account_id', type: 'text', value: demoAccount },
    { column: 'customer_id', type: 'int4', value: (o) => at(customerIds, o.customer) },
    { column: 'source', type: 'text', cast: '"CommerceSource"', value: (o) => SOURCE_DB[o.source] },
    { column: 'external_id', type: 'text', value: (o) => o.externalId },
    { column: 'status', type: 'text', cast: '"OrderStatus"', value: (o) => o.status },
    { column: 'currency', type: 'text', value: () => 'USD' },
    { column: 'subtotal', type: 'numeric', value: (o) => money(o.subtotal) },
    { column: 'discount_amount', type: 'numeric', value: (o) => money(o.discount) },
    { column: 'shipping_amount', type: 'numeric', value: (o) => money(o.shipping) },
    { column: 'tax_amount', type: 'numeric', value: (o) => money(o.tax) },
    { column: 'total_amount', type: 'numeric', value: (o) => money(o.total) },
    { column: 'refunded_amount', type: 'numeric', value: (o) => money(o.refunded) },
    { column: 'fees_amount', type: 'numeric', value: (o) => money(o.fees) },
    { column: 'shipping_cost', type: 'numeric', value: (o) => money(o.shippingCost) },
    { column: 'placed_at', type: 'timestamptz', value: (o) => iso(o.placedAt) },
    { column: 'created_at', type: 'timestamptz', value: (o) => iso(o.placedAt) },
  ];
}

interface LineRow {
  orderId: number;
  item: ItemSeed;
  itemId: number;
  quantity: number;
}

/** Order lines with the database ids of their order and product. */
function lineRows(demo: DemoData, orderIds: readonly number[], itemIds: readonly number[]): LineRow[] {
  return demo.orders.flatMap((order, n) =>
    order.lines.map((line) => ({ orderId: at(orderIds, n), item: at(demo.items, line.item), itemId: at(itemIds, line.item), quantity: line.quantity })),
  );
}

const ORDER_ITEM_COLUMNS: ReadonlyArray<BulkColumn<LineRow>> = [
  { column: 'account_id', type: 'text', value: demoAccount },
  { column: 'order_id', type: 'int4', value: (l) => l.orderId },
  { column: 'inventory_item_id', type: 'int4', value: (l) => l.itemId },
  { column: 'sku', type: 'text', value: (l) => l.item.sku },
  { column: 'quantity', type: 'int4', value: (l) => l.quantity },
  // Prices are copied from the product at the time of the order.
  { column: 'unit_price', type: 'numeric', value: (l) => money(l.item.unitPrice) },
  { column: 'unit_cost', type: 'numeric', value: (l) => money(l.item.unitCost) },
];

const AD_SPEND_COLUMNS: ReadonlyArray<BulkColumn<AdSpendSeed>> = [
  { column: 'account_id', type: 'text', value: demoAccount },
  { column: 'date', type: 'date', value: (a) => isoDate(a.date) },
  { column: 'platform', type: 'text', cast: '"AdPlatform"', value: (a) => PLATFORM_DB[a.platform] },
  { column: 'campaign_id', type: 'text', value: (a) => a.campaignId },
  { column: 'campaign_name', type: 'text', value: (a) => a.campaignName },
  { column: 'spend', type: 'numeric', value: (a) => money(a.spend) },
  { column: 'attributed_revenue', type: 'numeric', value: (a) => money(a.revenue) },
  { column: 'clicks', type: 'int4', value: (a) => a.clicks },
  { column: 'impressions', type: 'int4', value: (a) => a.impressions },
  { column: 'conversions', type: 'int4', value: (a) => a.conversions },
];

async function insertItems(tx: Tx, items: readonly ItemSeed[]): Promise<number[]> {
  const created = await tx.inventoryItem.createManyAndReturn({
    data: items.map((item) => ({
      accountId: DEMO_ACCOUNT_ID,
      sku: item.sku,
      productName: item.productName,
      currentStock: item.currentStock,
      leadTimeDays: item.leadTimeDays,
      unitCost: money(item.unitCost),
      unitPrice: money(item.unitPrice),
      createdAt: new Date(item.createdAt),
      updatedAt: new Date(item.createdAt),
    })),
    select: { id: true, sku: true },
  });
  const bySku = new Map(created.map((r) => [r.sku, r.id]));
  return items.map((item) => {
    const id = bySku.get(item.sku);
    if (id === undefined) throw new Error(`inventory_items: no id returned for ${item.sku}`);
    return id;
  });
}
