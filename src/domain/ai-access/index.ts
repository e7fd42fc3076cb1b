// The AI-access module's public surface: pause state, monthly quota.
export { aiAccessService, type AiAccessService, type AiAccessView } from './service.ts';
