// The AI-access module's public surface: pause state, monthly quota.
export * from './service.ts';
