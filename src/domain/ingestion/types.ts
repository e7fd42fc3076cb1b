// The commands of the one write path for commerce data (docs/ingestion.md): what a connector, the
// file import door and the demo seed hand to src/domain/ingestion, and what they get back.
//
// Conventions every record follows:
// - Keyed by (account, source, kind, externalId), the source being origin.source (orders and
//   customers may name their own). The account is the caller's (never a field of a record), so
//   no record can reach another account.
// - `updatedAt` is the upstream's own last-change instant (ISO 8601 with an offset or Z). Newer
//   wins: an older record changes nothing, the same record twice changes nothing, and records
//   that arrive out of order converge on the newest. `null` means the upstream has no such clock
//   (a file without it): then a record whose content differs from the stored one replaces it.
// - Money is a decimal string ("1234.50", "-3", at most 2 decimals) in the shop's currency,
//   exact end to end (never a JavaScript number).
// - Instants are ISO 8601 strings; `date` fields are local calendar days (YYYY-MM-DD) in the
//   account's (or the ad account's) time zone.
import type { REFUND_ATTRIBUTIONS } from './rules.ts';
import type { AdPlatform, CommerceSource } from '../shared/enums.ts';
import type { TransactionClient } from '../../db/client.ts';

/** A decimal amount of money as a string: optional minus, digits, at most 2 decimals. */
export type Money = string;
/** An ISO 8601 instant, e.g. "2026-11-28T09:15:00Z" or "2026-11-28T10:15:00+01:00". */
export type Instant = string;
/** A local calendar day, YYYY-MM-DD. */
export type LocalDay = string;

/** Who writes: the storefront the records come from and what brought them. */
export interface Origin {
  /** The storefront or marketplace (orders.source, customers.source). */
  source: CommerceSource;
  /** The connected integration (integrations.id) when a connector writes; null for files and the seed. */
  integrationId: number | null;
  /** What brought the records (kept in the ingestion ledger for support). */
  via: 'connector' | 'import' | 'seed';
}

/** The upstream's own stamp on a record. */
export interface Versioned {
  externalId: string;
  /** The upstream's last change of this record; null when the upstream has none (see above). */
  updatedAt: Instant | null;
}

/** A reference to a customer by the upstream's id (the customer may arrive later). */
export interface CustomerRef {
  externalId: string;
  /** Optional inline details, used to create the customer when it is not stored yet. */
  email?: string;
  name?: string;
  country?: string;
}

export interface OrderLineRecord {
  /** The upstream's line id, when it has one. */
  externalId?: string;
  sku: string;
  quantity: number;
  /** Price of one unit before order-level discounts. */
  unitPrice: Money;
  /** Cost of one unit; when absent, the product's stored cost at the time of writing. */
  unitCost?: Money | null;
  /** The product's name, used to create the product when the SKU is not stored yet. */
  productName?: string;
}

export interface TransactionRecord {
  externalId: string;
  kind: 'authorization' | 'capture' | 'sale' | 'refund' | 'void';
  status: 'success' | 'failure' | 'pending' | 'error';
  amount: Money;
  /** What the payment processor charged for it (counted in the order's fees). */
  fee?: Money;
  processedAt: Instant;
}

export interface RefundLineRecord {
  sku: string;
  quantity: number;
  /** The part of the refund for this line (tax included). */
  amount: Money;
  /** Whether the units went back to stock. */
  restock?: boolean;
}

/** A refund: a dated row of its own; the order's refunded amount is the sum of its refunds. */
export interface RefundRecord extends Versioned {
  orderExternalId: string;
  /** When the refund was processed: its day under the "refund's day" attribution. */
  refundedAt: Instant;
  /** The amount given back in the shop's currency (lines, shipping and adjustments together). */
  amount: Money;
  /** The same amount in the currency the buyer paid in, when it differs. */
  presentmentAmount?: Money | null;
  lines?: RefundLineRecord[];
}

export interface OrderRecord extends Versioned {
  /** The order's storefront when one call carries several (a multi-channel file); default: the origin's. */
  source?: CommerceSource;
  /** When the sale happened (Shopify processedAt): the order's day. */
  placedAt: Instant;
  /** Set when the order is cancelled; a cancelled order is kept and never counted. */
  cancelledAt?: Instant | null;
  /** A test order: stored in the ledger, never counted anywhere. */
  test?: boolean;
  /** The shop's currency (ISO 4217); must be the account's. */
  currency: string;
  /** What the buyer paid in, when it differs from the shop's currency. */
  presentment?: { currency: string; total: Money } | null;
  customer?: CustomerRef | null;
  subtotal: Money;
  discountTotal?: Money;
  /** Shipping charged to the buyer. */
  shippingTotal?: Money;
  taxTotal?: Money;
  total: Money;
  /** Payment fees; when absent, the sum of the successful transactions' fees. */
  fees?: Money | null;
  /** What shipping cost the shop. */
  shippingCost?: Money;
  lines: OrderLineRecord[];
  transactions?: TransactionRecord[];
  /** Refunds carried with the order (each is upserted as a RefundRecord). */
  refunds?: RefundRecord[];
}

export interface CancellationRecord {
  orderExternalId: string;
  cancelledAt: Instant;
  updatedAt: Instant | null;
}

export interface CustomerRecord extends Versioned {
  /** The customer's storefront when one call carries several; default: the origin's. */
  source?: CommerceSource;
  email: string;
  name: string;
  phone?: string | null;
  city?: string;
  /** ISO 3166-1 alpha-2, or "" when unknown. */
  country?: string;
  createdAt?: Instant;
}

/** A product variant: one SKU. `externalId` defaults to the SKU. */
export interface ProductRecord {
  externalId?: string;
  updatedAt: Instant | null;
  sku: string;
  /** Product and variant title together, as shown in lists. */
  productName: string;
  unitCost?: Money;
  unitPrice?: Money;
  leadTimeDays?: number;
  /** When the upstream created it (defaults to the time of writing). */
  createdAt?: Instant;
}

export interface InventoryLevelRecord {
  sku: string;
  updatedAt: Instant | null;
  /** Units available to sell (may be negative: oversold). */
  available: number;
}

/** One day of one campaign's spend; keyed by (platform, campaignId, date). */
export interface AdSpendRecord {
  updatedAt: Instant | null;
  platform: AdPlatform;
  campaignId: string;
  campaignName: string;
  /** The day in the ad account's time zone. */
  date: LocalDay;
  spend: Money;
  attributedRevenue?: Money;
  clicks?: number;
  impressions?: number;
  conversions?: number;
}

export interface ExpenseRecord extends Versioned {
  /** A one-off expense's day; a monthly one's first day. */
  date: LocalDay;
  /** When it was booked (defaults to the time of writing). */
  createdAt?: Instant;
  category: string;
  description?: string;
  /** One-off: the amount of `date`. Monthly: the amount of every calendar month, spread daily. */
  amount: Money;
  /** `none` (default): charged on `date`. `monthly`: rent, salaries, software, spread over the days they cover. */
  recurrence?: 'none' | 'monthly';
  /** The last day a monthly expense covers (inclusive); absent: ongoing. Not allowed on a one-off. */
  endsOn?: LocalDay | null;
}

export type RecordKind = 'order' | 'refund' | 'customer' | 'product' | 'ad_spend' | 'expense';

/** The upstream deleted a record. A tombstone stays, so an older update cannot bring it back. */
export interface DeleteRecord {
  kind: RecordKind;
  /** For products the SKU or external id; for ad spend `${platform}:${campaignId}:${date}`. */
  externalId: string;
  deletedAt: Instant;
}

/** What happened to one record of a command, in the order given. */
export type RecordOutcome =
  | { index: number; externalId: string; outcome: 'stored' }
  | { index: number; externalId: string; outcome: 'skipped'; reason: 'older' | 'same' }
  | { index: number; externalId: string; outcome: 'rejected'; field: string; reason: string };

/**
 * What a write changed, for the analytics to catch up on exactly that: the account's local days
 * (of orders, of refunds under either attribution, of ad spend and expenses), the customers
 * (database ids) and the SKUs.
 */
export interface ChangeSet {
  days: LocalDay[];
  customerIds: number[];
  skus: string[];
}

export interface IngestionResult {
  outcomes: RecordOutcome[];
  counts: { stored: number; skipped: number; rejected: number };
  changes: ChangeSet;
}

/** The transaction a write runs in. */
export type IngestionTx = TransactionClient;

/**
 * Called inside the write's transaction with what it changed, so the marks commit (or roll back)
 * with the data. The analytics catch-up implements it; the default does nothing.
 */
export type OnChanged = (tx: IngestionTx, accountId: string, changes: ChangeSet) => Promise<void>;

/** How refunds are dated in profit snapshots and reports: an account setting. */
export type RefundAttribution = (typeof REFUND_ATTRIBUTIONS)[number];

/** What setRefundAttribution did: the setting now, whether it changed, the days it marked. */
export interface RefundAttributionChange {
  attribution: RefundAttribution;
  changed: boolean;
  changes: ChangeSet;
}

/** Options of the bulk load (large files, the demo seed). */
export interface BulkOptions {
  /** Records per transaction (default 2,000). */
  batchSize?: number;
  /** Called after each batch with the running totals. */
  progress?: (counts: IngestionResult['counts']) => void;
}

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
  /** Deletes everything the shop (origin.integrationId) wrote to the account: orders, refunds, customers, its products and expenses. */
  redactShop(accountId: string, origin: Origin): Promise<IngestionResult>;
  /**
   * Large loads (files, the demo seed): the same rules as upsertOrders, in transactions of
   * `batchSize` orders, without paying the orders' statement triggers batch by batch row by row.
   * `outcomes` lists only the records skipped or rejected (indexes over the whole input); stored
   * ones are counted. Each batch commits on its own: a failure keeps the batches before it.
   */
  bulkUpsertOrders(
    accountId: string,
    origin: Origin,
    records: AsyncIterable<OrderRecord> | Iterable<OrderRecord>,
    options?: BulkOptions,
  ): Promise<IngestionResult>;
  getRefundAttribution(accountId: string): Promise<RefundAttribution>;
  /**
   * Sets the account's refund attribution. A change marks, in the same transaction (the onChanged
   * port), every local day a refund touches (its own day and its order's), so the catch-up
   * recomputes those snapshots under the new rule; setting the current value changes nothing.
   */
  setRefundAttribution(accountId: string, attribution: RefundAttribution): Promise<RefundAttributionChange>;
  /** The same commands inside the caller's transaction (the demo seed: all or nothing). */
  within(tx: IngestionTx): IngestionService;
}
