// The only Prisma access for API keys.
import { col, parseRows, z } from '../shared/rows.ts';
import type { PrismaClient } from '../../db/client.ts';
import type { KeyEnvironment, Scope } from '../../db/__generated__/prisma/enums.ts';

export const apiKeySelect = {
  id: true,
  accountId: true,
  name: true,
  prefix: true,
  environment: true,
  scopes: true,
  expiresAt: true,
  revokedAt: true,
  lastUsedAt: true,
  createdAt: true,
} as const;

export interface ApiKeyRow {
  id: number;
  accountId: string;
  name: string;
  prefix: string;
  environment: KeyEnvironment;
  scopes: Scope[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}

const apiKeyRow = z.object({
  id: col.int,
  accountId: col.text,
  name: col.text,
  prefix: col.text,
  environment: z.enum(['live', 'test']),
  scopes: z.array(z.enum(['read', 'write'])),
  expiresAt: col.date.nullable(),
  revokedAt: col.date.nullable(),
  lastUsedAt: col.date.nullable(),
  createdAt: col.date,
}) satisfies z.ZodType<ApiKeyRow>;

export function keysRepo(prisma: PrismaClient) {
  return {
    create(data: { accountId: string; name: string; prefix: string; hash: string; environment: KeyEnvironment; scopes: Scope[]; expiresAt: Date | null }) {
      return prisma.apiKey.create({ data, select: apiKeySelect });
    },
    list(accountId?: string) {
      return prisma.apiKey.findMany({ where: accountId ? { accountId } : {}, orderBy: { id: 'desc' }, select: apiKeySelect });
    },
    /** The key with this hash. Raw SQL: it runs on every authenticated request (see bench/rest). */
    async findByHash(hash: string): Promise<ApiKeyRow | null> {
      const rows = parseRows(
        apiKeyRow,
        await prisma.$queryRaw`
        SELECT id, account_id AS "accountId", name, prefix, environment::text AS environment, scopes::text[] AS scopes,
               expires_at AS "expiresAt", revoked_at AS "revokedAt", last_used_at AS "lastUsedAt", created_at AS "createdAt"
        FROM api_keys WHERE hash = ${hash}`,
      );
      return rows[0] ?? null;
    },
    /** Keys matching an id or a display prefix (the CLI accepts either). */
    findByIdOrPrefix(idOrPrefix: string) {
      const id = /^\d+$/.test(idOrPrefix) ? Number(idOrPrefix) : null;
      return prisma.apiKey.findMany({
        where: id !== null && id <= 2_147_483_647 ? { id } : { prefix: idOrPrefix },
        select: apiKeySelect,
      });
    },
    revoke(id: number, at: Date) {
      return prisma.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: at } });
    },
    /** Writes coalesced last-used times in one statement (never moves a time backwards). */
    touchLastUsed(entries: Array<{ id: number; at: Date }>) {
      if (!entries.length) return Promise.resolve(0);
      return prisma.$executeRaw`
        UPDATE api_keys k SET last_used_at = GREATEST(coalesce(k.last_used_at, v.at), v.at)
        FROM unnest(${entries.map((e) => e.id)}::int[], ${entries.map((e) => e.at)}::timestamptz[]) AS v(id, at)
        WHERE k.id = v.id`;
    },
    countActive(accountId: string, now: Date) {
      return prisma.apiKey.count({ where: { accountId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } });
    },
  };
}
