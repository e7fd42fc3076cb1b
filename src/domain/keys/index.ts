// The keys module's public surface: API keys, their format and validity rules.
export { keysService, type ScopeName } from './service.ts';
export { checkApiKey, displayPrefix, generateApiKey, hashApiKey, keyState } from './rules.ts';
export type { ApiKeyRow } from './repo.ts';

/** An API key as listed (never the key itself: only its display prefix). */
export type { ApiKeyRow as ApiKey } from './repo.ts';
