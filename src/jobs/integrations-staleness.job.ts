// Turns connected integrations without a sync for 24 hours stale and revokes those whose token
// expired, with their events (docs/analytics.md, "Integrations").
import type { JobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';

export const integrationsStalenessJob: JobDefinition = {
  ...scheduleOf('integrations-staleness'),
  async run({ services, accountId, now }) {
    return { rowsWritten: await services.integrations.checkStaleness(accountId, now) };
  },
};
