// Writes one profit snapshot per local day of the account (docs/analytics.md): the recent days
// every hour, and every day once a day to pick up late refunds and cost corrections.
import type { JobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';
import { isFullRecompute } from '../domain/shared/index.ts';

export const profitSnapshotJob: JobDefinition = {
  ...scheduleOf('profit-snapshot'),
  async run({ services, accountId, now }) {
    const full = isFullRecompute(now);
    return { rowsWritten: await services.profit.snapshotProfit(accountId, now, { full }) };
  },
};
