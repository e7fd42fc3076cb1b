// Who is calling: an API key (svc_live_/svc_test_) or a dashboard session (JWT). The 401 codes
// come in the decided order: missing_authorization, invalid_token_format, key_not_found,
// key_revoked, key_expired. A key with a bad checksum is rejected before any database query.
import { AppError } from '../../errors.ts';
import type { Config } from '../../config.ts';
import type { PrismaClient } from '../../db/client.ts';
import { checkApiKey, hashApiKey, KEY_PREFIX, keyState } from '../keys/rules.ts';
import { keysRepo, type ApiKeyRow } from '../keys/repo.ts';
import { accountsRepo } from '../accounts/repo.ts';
import { lastUsedTracker } from './last-used.ts';
import { looksLikeJwt, sessionVerifier } from './session.ts';
import { sessionTokens, type SessionClaims, type SessionTokenSettings } from './session-tokens.ts';
import { roleMay, usersService, type DashboardAction, type DashboardUser } from '../users/index.ts';
import { randomBytes } from 'node:crypto';

export type ScopeName = 'read' | 'write';

export interface Principal {
  accountId: string;
  scopes: ReadonlySet<ScopeName>;
  /** 'anonymous': a GraphQL read of public fields only (src/graphql/anonymous.ts), with no scope. */
  kind: 'api_key' | 'session' | 'anonymous';
  keyId: number | null;
  /** The rate-limit budget this caller spends: one per API key, one per account for sessions. */
  budgetKey: string;
  /** The dashboard user of a session this service issued; null for API keys and external session JWTs. */
  userId: string | null;
  /** The user's role; external session JWTs act as owners (they always had every power); null for API keys. */
  role: 'owner' | 'member' | null;
  /** A user signed in with a one-time password: only /auth/* until it is changed. */
  mustChangePassword: boolean;
}

/** A session cookie's principal and its token's times (for the sliding renewal). */
export interface CookieSession {
  principal: Principal;
  claims: SessionClaims;
}

/**
 * Key lookups are kept for KEY_CACHE_MS: a revocation made in this process applies at once (see
 * forgetKey), one made elsewhere (another instance, the CLI) within that time. Expiry is checked
 * on every request against the cached expiry.
 */
export const KEY_CACHE_MS = 1_000;
const KEY_CACHE_MAX = 10_000;

export interface AuthOptions {
  lastUsedFlushMs?: number;
  keyCacheMs?: number;
  /** Issued sessions: the key and lifetime (default: a key of this process and 30 minutes). */
  sessions?: Partial<Pick<SessionTokenSettings, 'key' | 'ttlSeconds'>>;
}

const DEFAULT_SESSION_TTL_SECONDS = 30 * 60;

/** A session's principal: both scopes, the account's budget; a dashboard user's role, or an owner's for an external JWT. */
function sessionPrincipal(accountId: string, user: Pick<DashboardUser, 'id' | 'role' | 'mustChangePassword'> | null): Principal {
  return {
    accountId,
    scopes: new Set(['read', 'write']),
    kind: 'session',
    keyId: null,
    budgetKey: `session:${accountId}`,
    userId: user?.id ?? null,
    role: user?.role ?? 'owner',
    mustChangePassword: user?.mustChangePassword ?? false,
  };
}

export function authService(prisma: PrismaClient, jwt: Config['jwt'], options: AuthOptions = {}) {
  const keys = keysRepo(prisma);
  const cacheMs = options.keyCacheMs ?? KEY_CACHE_MS;
  const cache = new Map<string, { row: ApiKeyRow | null; at: number }>();

  async function lookup(hash: string): Promise<ApiKeyRow | null> {
    const hit = cache.get(hash);
    if (hit && Date.now() - hit.at < cacheMs) return hit.row;
    const row = await keys.findByHash(hash);
    if (row) {
      if (cache.size >= KEY_CACHE_MAX) cache.clear();
      cache.set(hash, { row, at: Date.now() });
    }
    return row;
  }
  const accounts = accountsRepo(prisma);
  const verifySession = sessionVerifier(jwt);
  const lastUsed = lastUsedTracker(keys, options.lastUsedFlushMs);
  const tokens = sessionTokens({
    key: options.sessions?.key ?? randomBytes(32).toString('hex'),
    ttlSeconds: options.sessions?.ttlSeconds ?? DEFAULT_SESSION_TTL_SECONDS,
    issuer: jwt.issuer,
    audience: jwt.audience,
  });
  const users = usersService(prisma);
  const sessionListeners = new Set<(userId: string) => void>();
  // A session's user (its version and role), kept as briefly as keys; forgetUser drops it at once.
  const userCache = new Map<string, { user: DashboardUser | null; at: number }>();
  async function sessionUser(id: string): Promise<DashboardUser | null> {
    const hit = userCache.get(id);
    if (hit && Date.now() - hit.at < cacheMs) return hit.user;
    const user = await users.getUser(id);
    if (userCache.size >= KEY_CACHE_MAX) userCache.clear();
    userCache.set(id, { user, at: Date.now() });
    return user;
  }

  async function fromSession(token: string): Promise<Principal> {
    const result = await verifySession!(token);
    if (!result.ok) throw new AppError(result.reason === 'expired' ? 'key_expired' : 'key_not_found');
    if (!(await accounts.getById(result.accountId))) throw new AppError('key_not_found');
    return sessionPrincipal(result.accountId, null);
  }

  /** A session of ours: valid only while its user exists, in its account, at the same session version. */
  async function fromIssued(claims: SessionClaims): Promise<Principal> {
    const user = await sessionUser(claims.userId);
    if (!user || user.accountId !== claims.accountId || user.sessionVersion !== claims.sessionVersion) throw new AppError('not_signed_in');
    return sessionPrincipal(user.accountId, user);
  }

  return {
    /** Resolves the Authorization header (API key or external session JWT) to a principal, or throws the decided 401 AppError. */
    async authenticate(header: string | undefined, now = new Date()): Promise<Principal> {
      if (header === undefined) throw new AppError('missing_authorization');
      const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
      if (!match) throw new AppError('invalid_token_format');
      const token = match[1]!;
      if (!token.startsWith(KEY_PREFIX)) {
        // This service's own session tokens count only from the session cookie (authenticateSession):
        // as a Bearer token one is refused like any unknown token (the external verifier refuses a
        // token with a uid claim), so a member's copied cookie never gets a Bearer caller's powers.
        if (verifySession && looksLikeJwt(token)) return fromSession(token);
        throw new AppError('invalid_token_format');
      }
      if (!checkApiKey(token)) throw new AppError('key_not_found');
      const key = await lookup(hashApiKey(token));
      if (!key) throw new AppError('key_not_found');
      const state = keyState(key, now);
      if (state !== 'active') throw new AppError(state === 'revoked' ? 'key_revoked' : 'key_expired');
      lastUsed.touch(key.id, now);
      return {
        accountId: key.accountId,
        scopes: new Set(key.scopes),
        kind: 'api_key',
        keyId: key.id,
        budgetKey: `key:${key.id}`,
        userId: null,
        role: null,
        mustChangePassword: false,
      };
    },
    /** The session cookie's token (a session this service issued), or 401 not_signed_in. */
    async authenticateSession(token: string, now = new Date()): Promise<CookieSession> {
      const claims = looksLikeJwt(token) ? await tokens.verify(token, now) : null;
      if (!claims) throw new AppError('not_signed_in');
      return { principal: await fromIssued(claims), claims };
    },
    /** A new session token for the user (sign-in, password change, renewal). */
    issueSession: (user: Pick<DashboardUser, 'accountId' | 'id' | 'role' | 'sessionVersion'>, now = new Date(), signedInAt = now) =>
      tokens.sign(user, now, signedInAt),
    sessionTtlSeconds: tokens.ttlSeconds,
    /** 403 owner_required unless the caller's role may take the action (src/domain/users/roles.ts). */
    requireAction(principal: Principal, action: DashboardAction): void {
      if (!roleMay(principal.role, action)) throw new AppError('owner_required');
    },
    /** Drops a user from the session cache (their sessions were revoked or they were removed here) and tells the listeners. */
    forgetUser(id: string): void {
      userCache.delete(id);
      for (const listener of sessionListeners) listener(id);
    },
    /** Calls `listener` with the user's id whenever forgetUser runs (open WebSockets re-check); returns the unsubscribe. */
    onSessionsChanged(listener: (userId: string) => void): () => void {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
    /** 403 scope_required:<scope> unless the principal holds it (write does not imply read). */
    requireScope(principal: Principal, scope: ScopeName): void {
      if (!principal.scopes.has(scope)) throw new AppError(`scope_required:${scope}`);
    },
    /** Dashboard-only operations (key management, AI pause): an API key is never enough. */
    requireSession(principal: Principal): void {
      if (principal.kind !== 'session') throw new AppError('session_required');
    },
    /** Drops a key from the lookup cache (called when this process revokes it). */
    forgetKey(id: number): void {
      for (const [hash, entry] of cache) if (entry.row?.id === id) cache.delete(hash);
    },
    flushLastUsed: () => lastUsed.flush(),
    close: () => lastUsed.close(),
  };
}

export type AuthService = ReturnType<typeof authService>;
