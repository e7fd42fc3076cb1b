// The alerts module's public surface.
export { alertsService, type AlertsService } from './service.ts';
export type { AlertRuleRow, WindowFigures, RuleState } from './repo.ts';
