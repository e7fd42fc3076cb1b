// The account-summaries module's public surface: segments, ads, conversations, health and risks
// of one account, summarised from its data.
export { accountSummariesService, type AccountSummariesService, type Risk } from './service.ts';
export type { ConversationRow } from './repo.ts';
