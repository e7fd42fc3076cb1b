// Writes one profit snapshot per local day of the account (docs/analytics.md): the recent days
// every hour, and every day once a day to pick up late refunds and cost corrections.
import type { JobDefinition } from './types.ts';
import { isFullRecompute } from '../domain/analytics/profit.ts';

export const profitSnapshotJob: JobDefinition = {
  name: 'profit-snapshot',
  schedule: '7 * * * *',
  periodSeconds: 3600,
  async run({ services, accountId, now }) {
    const full = isFullRecompute(now);
    return { rowsWritten: await services.analytics.snapshotProfit(accountId, now, { full }) };
  },
};
