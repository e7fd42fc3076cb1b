// API keys: created and revoked by operators (CLI) and dashboard sessions, never by a key.
import { AppError } from '../../errors.ts';
import type { PrismaClient } from '../../db/client.ts';
import { generateApiKey, hashApiKey, type KeyEnvironment } from './rules.ts';
import { keysRepo, type ApiKeyRow } from './repo.ts';
import { accountsRepo } from '../accounts/repo.ts';

export const SCOPES = ['read', 'write'] as const;
export type ScopeName = (typeof SCOPES)[number];

export interface CreateKeyInput {
  accountId: string;
  scopes: string[];
  environment?: KeyEnvironment;
  expiresAt?: Date | null;
  name?: string;
  now?: Date;
}

export function parseScopes(value: string): ScopeName[] {
  const scopes = [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (!scopes.length || scopes.some((s) => !(SCOPES as readonly string[]).includes(s))) {
    throw new AppError('invalid_parameter', 'scopes: a comma-separated list of read and write', { param: 'scopes' });
  }
  return scopes as ScopeName[];
}

export function keysService(prisma: PrismaClient, hooks: { onRevoke?: (id: number) => void } = {}) {
  const repo = keysRepo(prisma);
  const accounts = accountsRepo(prisma);
  async function revoke(key: ApiKeyRow, now: Date) {
    const changed = await repo.revoke(key.id, now);
    hooks.onRevoke?.(key.id);
    return { ...key, revokedAt: changed.count ? now : key.revokedAt, alreadyRevoked: changed.count === 0 };
  }
  return {
    /** Creates a key; the full key is in the result and is never retrievable again. */
    async createKey(input: CreateKeyInput) {
      const now = input.now ?? new Date();
      const scopes = parseScopes(input.scopes.join(','));
      if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) {
        throw new AppError('invalid_parameter', 'expires: must be in the future', { param: 'expires' });
      }
      if (!(await accounts.getById(input.accountId))) throw new AppError('not_found', `no account ${input.accountId}`);
      const { key, prefix, hash } = generateApiKey(input.environment ?? 'test');
      const row = await repo.create({
        accountId: input.accountId,
        name: input.name ?? '',
        prefix,
        hash,
        environment: input.environment ?? 'test',
        scopes,
        expiresAt: input.expiresAt ?? null,
      });
      return { ...row, key };
    },
    listKeys: (accountId?: string) => repo.list(accountId),
    /** Revokes the key with this id or display prefix; ambiguous prefixes are refused. */
    async revokeKey(idOrPrefix: string, now = new Date()) {
      const matches = await repo.findByIdOrPrefix(idOrPrefix);
      if (!matches.length) throw new AppError('not_found', `no key ${idOrPrefix}`);
      if (matches.length > 1) throw new AppError('conflict', `${matches.length} keys start with ${idOrPrefix}; use the id`);
      return revoke(matches[0]!, now);
    },
    /** The key row for a full key, if the key exists (revocation and expiry are the caller's). */
    findKey: (key: string) => repo.findByHash(hashApiKey(key)),
    countActiveKeys: (accountId: string, now = new Date()) => repo.countActive(accountId, now),
    /** Revokes one of this account's keys by id (a dashboard session's door); not_found for another account's. */
    async revokeAccountKey(accountId: string, id: number, now = new Date()) {
      const key = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? (await repo.findByIdOrPrefix(String(id)))[0] : undefined;
      if (!key || key.accountId !== accountId) throw new AppError('not_found', 'No such API key.');
      return revoke(key, now);
    },
  };
}
