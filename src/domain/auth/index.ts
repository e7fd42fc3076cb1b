// The auth module's public surface: who is calling (API key or dashboard session).
export * from './service.ts';
export { looksLikeJwt, sessionVerifier, type SessionResult } from './session.ts';
export { lastUsedTracker, type LastUsedTracker, type LastUsedSink } from './last-used.ts';
