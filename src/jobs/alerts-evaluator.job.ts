// Evaluates the account's alert rules against its recent data; alert.fired once per crossing
// (docs/analytics.md, "Alerts").
import type { JobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';

export const alertsEvaluatorJob: JobDefinition = {
  ...scheduleOf('alerts-evaluator'),
  async run({ services, accountId, now }) {
    return { rowsWritten: await services.alerts.evaluateAlerts(accountId, now) };
  },
};
