// The Shopify sync of one account (docs/connectors/shopify-sync.md): the backfill until complete,
// then reconciliation (incremental every 15 minutes, 60 days daily). Queued at once by a new
// connection and by bulk_operations/finish; the schedule is the reconciliation's cadence. Without a
// configured Shopify connector (services.shopify null) it does nothing.
import type { JobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';

export const shopifySyncJob: JobDefinition = {
  ...scheduleOf('shopify-sync'),
  async run({ services, accountId, now, signal }) {
    if (!services.shopify) return { rowsWritten: 0 };
    return { rowsWritten: (await services.shopify.runAccount(accountId, now, signal)).records };
  },
};
