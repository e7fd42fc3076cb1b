// The alerts module's public surface.
export * from './service.ts';
export type { AlertRuleRow, WindowFigures, RuleState } from './repo.ts';
