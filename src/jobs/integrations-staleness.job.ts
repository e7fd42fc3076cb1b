// Turns connected integrations without a sync for 24 hours stale and revokes those whose token
// expired, with their events (docs/analytics.md, "Integrations").
import type { JobDefinition } from './types.ts';

export const integrationsStalenessJob: JobDefinition = {
  name: 'integrations-staleness',
  schedule: '*/30 * * * *',
  periodSeconds: 1800,
  async run({ services, accountId, now }) {
    return { rowsWritten: await services.integrations.checkStaleness(accountId, now) };
  },
};
