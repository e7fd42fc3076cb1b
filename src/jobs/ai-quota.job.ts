// The monthly AI-cost check (docs/credits.md): usage.threshold_crossed once per month and
// severity, and the automatic pause at the critical threshold when the account switched it on.
import type { JobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';

export const aiQuotaJob: JobDefinition = {
  ...scheduleOf('ai-quota'),
  async run({ services, accountId, now }) {
    const check = await services.aiAccess.checkMonthlyQuota(accountId, now);
    return { rowsWritten: check.notified.length };
  },
};
