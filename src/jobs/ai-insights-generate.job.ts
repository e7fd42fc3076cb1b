// Writes AI insights from the account's facts, 5 credits each (docs/credits.md). A generation
// that fails after its debit is refunded at once; the run then fails (recorded in job_runs and
// retried by the runner; the refunds are already done, and a retry starts from fresh debits).
// Paused AI access or a short balance ends the run quietly: payment_required, nothing debited.
import type { JobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';

export const aiInsightsGenerateJob: JobDefinition = {
  ...scheduleOf('ai-insights-generate'),
  async run({ services, accountId, now, signal }) {
    const report = await services.aiInsights.generate(accountId, { now, signal });
    if (report.failed.length) {
      const first = report.failed[0]!;
      throw new Error(
        `${report.failed.length} insight(s) failed and were refunded (balance ${report.failed.at(-1)!.balance}); first: ${first.key}: ${first.error}`,
      );
    }
    return { rowsWritten: report.generated.length };
  },
};
