// Processes an account's webhook inbox (docs/connectors/shopify.md): queued the moment a delivery
// is stored (src/domain/connections), so any `svc worker` claims it within a poll. Each run also
// retries the failed deliveries whose backoff has passed; the five-minute tick does when no new
// delivery arrives. A failed attempt is a warn line of the runner's log.
import type { JobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';
import { processShopifyInbox } from '../connectors/shopify/index.ts';

export const connectorInboxJob: JobDefinition = {
  ...scheduleOf('connector-inbox'),
  async run({ services, accountId, now, signal, log }) {
    return { rowsWritten: await processShopifyInbox({ config: services.config, services }, accountId, now, signal, log) };
  },
};
