// What a write changed, as the ingestion commands report it (the port `onChanged`), and what the
// catch-up recomputes from it (docs/analytics.md, "Catch-up").
import type { Prisma } from '../../db/client.ts';

/** What one write changed: the account's local days (orders, refunds, ad spend), customers and SKUs. */
export interface ChangeSet {
  /** Account-local calendar days, YYYY-MM-DD. */
  days?: readonly string[];
  customerIds?: readonly number[];
  skus?: readonly string[];
}

/** The port the ingestion commands call inside their write transaction. */
export type OnChanged = (tx: Prisma.TransactionClient, accountId: string, changes: ChangeSet) => Promise<void>;

/** One mark: a day, a customer or a SKU of an account that the analytics have to catch up on. */
export interface Mark {
  kind: MarkKind;
  key: string;
}

export type MarkKind = 'day' | 'customer' | 'sku';
