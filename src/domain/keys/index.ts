// The keys module's public surface: API keys, their format and validity rules.
export * from './service.ts';
export * from './rules.ts';
export type { ApiKeyRow } from './repo.ts';

/** An API key as listed (never the key itself: only its display prefix). */
export type { ApiKeyRow as ApiKey } from './repo.ts';
