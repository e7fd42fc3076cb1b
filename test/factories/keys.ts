// API keys in the states the auth table needs: with given scopes, revoked, and expired.
import type { PrismaClient } from '../../src/db/client.ts';
import { keysService, type ScopeName } from '../../src/domain/keys/index.ts';

/** A live key of the account with these scopes; returns the full key. */
export async function makeKey(prisma: PrismaClient, accountId: string, scopes: ScopeName[] = ['read', 'write']): Promise<string> {
  return (await keysService(prisma).createKey({ accountId, scopes })).key;
}

/** A key revoked through the keys service (as the CLI and the dashboard revoke). */
export async function makeRevokedKey(prisma: PrismaClient, accountId: string): Promise<string> {
  const created = await keysService(prisma).createKey({ accountId, scopes: ['read', 'write'] });
  await keysService(prisma).revokeKey(String(created.id));
  return created.key;
}

/** A key whose expiry has passed. The service refuses past expiries, so the row is moved back after creation. */
export async function makeExpiredKey(prisma: PrismaClient, accountId: string): Promise<string> {
  const created = await keysService(prisma).createKey({ accountId, scopes: ['read', 'write'], expiresAt: new Date(Date.now() + 60_000) });
  await prisma.apiKey.update({ where: { id: created.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
  return created.key;
}
