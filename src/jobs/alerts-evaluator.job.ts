// Evaluates the account's alert rules against its recent data; alert.fired once per crossing
// (docs/analytics.md, "Alerts").
import type { JobDefinition } from './types.ts';

export const alertsEvaluatorJob: JobDefinition = {
  name: 'alerts-evaluator',
  schedule: '*/15 * * * *',
  periodSeconds: 900,
  async run({ services, accountId, now }) {
    return { rowsWritten: await services.alerts.evaluateAlerts(accountId, now) };
  },
};
