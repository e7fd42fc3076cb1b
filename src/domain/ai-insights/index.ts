// The AI-insights module's public surface: generation of insights from the account's facts.
export { aiInsightsService, type AiInsightsService, type OnRequestOutcome } from './service.ts';
export { findingsFrom, MAX_STOCKOUT_FINDINGS, type Facts } from './findings.ts';
