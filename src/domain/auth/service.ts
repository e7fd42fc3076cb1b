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

export type ScopeName = 'read' | 'write';

export interface Principal {
  accountId: string;
  scopes: ReadonlySet<ScopeName>;
  /** 'anonymous': a GraphQL read of public fields only (src/graphql/anonymous.ts), with no scope. */
  kind: 'api_key' | 'session' | 'anonymous';
  keyId: number | null;
  /** The rate-limit budget this caller spends: one per API key, one per account for sessions. */
  budgetKey: string;
}

/**
 * Key lookups are kept for KEY_CACHE_MS: a revocation made in this process applies at once (see
 * forgetKey), one made elsewhere (another instance, the CLI) within that time. Expiry is checked
 * on every request against the cached expiry.
 */
export const KEY_CACHE_MS = 1_000;
const KEY_CACHE_MAX = 10_000;

export function authService(prisma: PrismaClient, jwt: Config['jwt'], options: { lastUsedFlushMs?: number; keyCacheMs?: number } = {}) {
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

  async function fromSession(token: string): Promise<Principal> {
    const result = await verifySession!(token);
    if (!result.ok) throw new AppError(result.reason === 'expired' ? 'key_expired' : 'key_not_found');
    if (!(await accounts.getById(result.accountId))) throw new AppError('key_not_found');
    return { accountId: result.accountId, scopes: new Set(['read', 'write']), kind: 'session', keyId: null, budgetKey: `session:${result.accountId}` };
  }

  return {
    /** Resolves the Authorization header to a principal, or throws the decided 401 AppError. */
    async authenticate(header: string | undefined, now = new Date()): Promise<Principal> {
      if (header === undefined) throw new AppError('missing_authorization');
      const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
      if (!match) throw new AppError('invalid_token_format');
      const token = match[1]!;
      if (!token.startsWith(KEY_PREFIX)) {
        if (verifySession && looksLikeJwt(token)) return fromSession(token);
        throw new AppError('invalid_token_format');
      }
      if (!checkApiKey(token)) throw new AppError('key_not_found');
      const key = await lookup(hashApiKey(token));
      if (!key) throw new AppError('key_not_found');
      const state = keyState(key, now);
      if (state !== 'active') throw new AppError(state === 'revoked' ? 'key_revoked' : 'key_expired');
      lastUsed.touch(key.id, now);
      return { accountId: key.accountId, scopes: new Set(key.scopes), kind: 'api_key', keyId: key.id, budgetKey: `key:${key.id}` };
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
