// The one write path for commerce data (docs/ingestion.md): the module's only public surface.
// Connectors, the file import door and the demo seed call these commands; nothing else inserts
// orders, refunds, customers, order items, products or ad spend.
export type * from './types.ts';
export { ingestionService, ingestionInTransaction, noChanges } from './service.ts';
// Money as the write path reads it (a decimal string with at most 2 places -> exact cents), for the
// connectors that add amounts up before they hand them over.
export { cents as parseCents, decimal as formatCents, amount as normalizedAmount, RecordError, REFUND_ATTRIBUTIONS } from './rules.ts';
// The records one bulk transaction takes for a batch size (a caller that feeds a bulk write batch by batch matches it).
export { bulkBatchSize } from './bulk.ts';
