// Keeps one pending reorder suggestion per low or critical item (docs/analytics.md). Scheduled
// after inventory_velocity, whose status it reads.
import type { JobDefinition } from './types.ts';

export const smartReorderJob: JobDefinition = {
  name: 'smart-reorder',
  schedule: '37 * * * *',
  periodSeconds: 3600,
  async run({ services, accountId, now }) {
    return { rowsWritten: await services.analytics.suggestReorders(accountId, now) };
  },
};
