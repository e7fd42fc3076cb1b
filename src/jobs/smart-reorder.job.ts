// Keeps one pending reorder suggestion per low or critical item (docs/analytics.md). Scheduled
// after inventory_velocity, whose status it reads.
import type { JobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';

export const smartReorderJob: JobDefinition = {
  ...scheduleOf('smart-reorder'),
  async run({ services, accountId, now }) {
    return { rowsWritten: await services.reorder.suggestReorders(accountId, now) };
  },
};
