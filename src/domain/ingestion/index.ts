// The one write path for commerce data (docs/ingestion.md): the module's only public surface.
// Connectors, the file import door and the demo seed call these commands; nothing else inserts
// orders, refunds, customers, order items, products or ad spend.
import type {
  AdSpendRecord,
  BulkOptions,
  CancellationRecord,
  CustomerRecord,
  DeleteRecord,
  ExpenseRecord,
  IngestionResult,
  InventoryLevelRecord,
  OrderRecord,
  Origin,
  IngestionTx,
  ProductRecord,
  RefundAttribution,
  RefundRecord,
} from './types.ts';

export type * from './types.ts';
export { ingestionService, ingestionInTransaction, noChanges } from './service.ts';

/**
 * Every command runs in one transaction per call (callers batch, e.g. 500 records), validates
 * each record (a bad one is `rejected` with its field and reason and changes nothing), applies
 * newer-wins per record, and calls the `onChanged` port inside the same transaction.
 */
export interface IngestionService {
  upsertOrders(accountId: string, origin: Origin, records: readonly OrderRecord[]): Promise<IngestionResult>;
  upsertRefunds(accountId: string, origin: Origin, records: readonly RefundRecord[]): Promise<IngestionResult>;
  cancelOrders(accountId: string, origin: Origin, records: readonly CancellationRecord[]): Promise<IngestionResult>;
  upsertCustomers(accountId: string, origin: Origin, records: readonly CustomerRecord[]): Promise<IngestionResult>;
  upsertProducts(accountId: string, origin: Origin, records: readonly ProductRecord[]): Promise<IngestionResult>;
  setInventoryLevels(accountId: string, origin: Origin, records: readonly InventoryLevelRecord[]): Promise<IngestionResult>;
  upsertAdSpend(accountId: string, origin: Origin, records: readonly AdSpendRecord[]): Promise<IngestionResult>;
  upsertExpenses(accountId: string, origin: Origin, records: readonly ExpenseRecord[]): Promise<IngestionResult>;
  deleteRecords(accountId: string, origin: Origin, records: readonly DeleteRecord[]): Promise<IngestionResult>;
  /** Erases a customer's personal data (name, e-mail, phone, city); orders and figures stay, anonymous. */
  redactCustomers(accountId: string, origin: Origin, customerExternalIds: readonly string[]): Promise<IngestionResult>;
  /** Deletes everything the shop (origin.source) wrote to the account: orders, refunds, customers. */
  redactShop(accountId: string, origin: Origin): Promise<IngestionResult>;
  /**
   * Large loads (files, the demo seed): the same rules and outcomes as upsertOrders, in
   * transactions of `batchSize` orders, without paying the orders triggers row by row.
   */
  bulkUpsertOrders(accountId: string, origin: Origin, records: AsyncIterable<OrderRecord> | Iterable<OrderRecord>, options?: BulkOptions): Promise<IngestionResult>;
  getRefundAttribution(accountId: string): Promise<RefundAttribution>;
  setRefundAttribution(accountId: string, attribution: RefundAttribution): Promise<void>;
  /** The same commands inside the caller's transaction (the demo seed: all or nothing). */
  within(tx: IngestionTx): IngestionService;
}
