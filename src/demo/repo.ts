// The only Prisma access of the demo seed: whether the demo account exists, and writing the
// generated demo (generate.ts) inside the caller's transaction.
//
// The commerce data (customers, products and stock, orders with their lines and refunds, ad
// spend, expenses) goes through the ingestion commands (src/domain/ingestion), in their bulk
// form, inside the seed's transaction: the same write path as a connector or a file import.
// The rest of the demo (the account, integrations, the credit ledger, AI usage, alert rules) is
// written here with Prisma's createMany.
//
// Columns that jobs compute (customer metrics, inventory velocity) are left at their defaults.
import type { Prisma, PrismaClient } from '../db/client.ts';
import { DEMO_ACCOUNT_ID, type DemoData } from './generate.ts';
import { insertLedger } from './repo-ledger.ts';
import { DEMO_TIMEZONE } from './catalog.ts';
import { ingestionInTransaction, type IngestionResult, type Origin } from '../domain/ingestion/index.ts';
import { adSpendRecords, customerRecords, expenseRecords, orderRecords, productRecords, stockRecords } from './records.ts';

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

/** Orders per bulk batch (and per progress report). */
const ORDER_BATCH = 2_000;

/** The demo's writes: a multi-channel store, so each order and customer names its storefront. */
const SEED: Origin = { source: 'shopify', integrationId: null, via: 'seed' };

export function zeroCounts(): Counts {
  return Object.fromEntries(TABLES.map((table) => [table, 0])) as Counts;
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

/** A command's result, or a clear failure when the generated data breaks a rule of the write path. */
function stored(what: string, result: IngestionResult): number {
  const rejected = result.outcomes.find((o) => o.outcome === 'rejected');
  if (rejected) throw new Error(`demo seed: ${what} ${rejected.externalId} rejected: ${JSON.stringify(rejected)}`);
  return result.counts.stored;
}

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
  const ingestion = ingestionInTransaction(tx);
  counts.customers = stored('customer', await ingestion.upsertCustomers(DEMO_ACCOUNT_ID, SEED, customerRecords(demo)));
  progress('customers', counts.customers, demo.customers.length);
  counts.inventoryItems = stored('product', await ingestion.upsertProducts(DEMO_ACCOUNT_ID, SEED, productRecords(demo)));
  stored('stock', await ingestion.setInventoryLevels(DEMO_ACCOUNT_ID, SEED, stockRecords(demo)));
  const orders = await ingestion.bulkUpsertOrders(DEMO_ACCOUNT_ID, SEED, orderRecords(demo), {
    batchSize: ORDER_BATCH,
    progress: (c) => progress('orders', c.stored + c.skipped + c.rejected, demo.orders.length),
  });
  counts.orders = stored('order', orders);
  counts.orderItems = demo.orders.reduce((n, o) => n + o.lines.length, 0);
  progress('order items', counts.orderItems, counts.orderItems);
  counts.adSpend = stored('ad spend', await ingestion.upsertAdSpend(DEMO_ACCOUNT_ID, SEED, adSpendRecords(demo)));
  progress('ad spend', counts.adSpend, demo.adSpend.length);
  counts.expenses = stored('expense', await ingestion.upsertExpenses(DEMO_ACCOUNT_ID, SEED, expenseRecords(demo)));
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
