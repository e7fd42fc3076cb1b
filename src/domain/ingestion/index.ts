// The one write path for commerce data (docs/ingestion.md): the module's only public surface.
// Connectors, the file import door and the demo seed call these commands; nothing else inserts
// orders, refunds, customers, order items, products or ad spend.
export type * from './types.ts';
export { ingestionService, ingestionInTransaction, noChanges } from './service.ts';
