// The monthly AI-cost check (docs/credits.md): usage.threshold_crossed once per month and
// severity, and the automatic pause at the critical threshold when the account switched it on.
import type { JobDefinition } from './types.ts';

export const aiQuotaJob: JobDefinition = {
  name: 'ai-quota',
  schedule: '*/15 * * * *',
  periodSeconds: 900,
  async run({ services, accountId, now }) {
    const check = await services.aiAccess.checkMonthlyQuota(accountId, now);
    return { rowsWritten: check.notified.length };
  },
};
