// What a write changed, as the ingestion commands report it through their port `onChanged`
// (declared by src/domain/ingestion), and the marks the catch-up keeps of it (docs/analytics.md,
// "Catch-up").
export type { ChangeSet, OnChanged } from '../ingestion/index.ts';

/** One mark: a day, a customer or a SKU of an account that the analytics have to catch up on. */
export interface Mark {
  kind: MarkKind;
  key: string;
}

export type MarkKind = 'day' | 'customer' | 'sku';
