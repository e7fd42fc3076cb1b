// The auth module's public surface: who is calling (API key or dashboard session).
export { authService, type AuthService, type CookieSession, type Principal, type ScopeName } from './service.ts';
export { looksLikeJwt, sessionVerifier, type SessionResult } from './session.ts';
export { lastUsedTracker, type LastUsedTracker, type LastUsedSink } from './last-used.ts';
export { SESSION_MAX_AGE_SECONDS, sessionTokens, type IssuedSession, type SessionClaims, type SessionTokens } from './session-tokens.ts';
