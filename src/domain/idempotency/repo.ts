// The only Prisma access for idempotency keys. Times come from the database's clock (now()), so
// instances whose clocks disagree still agree on leases and expiries.
import type { PrismaClient } from '../../db/client.ts';
import { col, parseRows, z } from '../shared/rows.ts';

export interface KeyRef {
  accountId: string;
  scope: string;
  key: string;
}

const StoredRow = z.object({
  requestHash: col.text,
  state: z.enum(['running', 'completed']),
  status: col.int.nullable(),
  headers: z.record(z.string(), z.string()).nullable(),
  body: col.text.nullable(),
  /** The running claim's lease is still held (a request with this key is under way). */
  leaseHeld: z.boolean(),
});
export type StoredKey = z.output<typeof StoredRow>;

export function idempotencyRepo(prisma: PrismaClient) {
  return {
    /**
     * Claims the key for `owner`: a new key, an expired one, or a running claim whose lease ran
     * out for the same request. Returns whether this owner holds it now.
     */
    async claim(ref: KeyRef, requestHash: string, owner: string, leaseMs: number, ttlMs: number): Promise<boolean> {
      const rows = await prisma.$queryRaw`
        INSERT INTO idempotency_keys (account_id, scope, key, request_hash, owner, state, locked_until, expires_at, created_at)
        VALUES (${ref.accountId}, ${ref.scope}, ${ref.key}, ${requestHash}, ${owner}, 'running',
                now() + ${leaseMs}::integer * interval '1 millisecond', now() + ${ttlMs}::integer * interval '1 millisecond', now())
        ON CONFLICT (account_id, scope, key) DO UPDATE SET
          request_hash = EXCLUDED.request_hash, owner = EXCLUDED.owner, state = 'running', status = NULL, headers = NULL,
          body = NULL, locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at
        WHERE idempotency_keys.expires_at <= now()
           OR (idempotency_keys.state = 'running' AND idempotency_keys.locked_until <= now()
               AND idempotency_keys.request_hash = EXCLUDED.request_hash)
        RETURNING owner`;
      return parseRows(z.object({ owner: col.text }), rows)[0]?.owner === owner;
    },
    async find(ref: KeyRef): Promise<StoredKey | null> {
      const rows = await prisma.$queryRaw`
        SELECT request_hash AS "requestHash", state, status, headers, body, locked_until > now() AS "leaseHeld"
        FROM idempotency_keys
        WHERE account_id = ${ref.accountId} AND scope = ${ref.scope} AND key = ${ref.key} AND expires_at > now()`;
      return parseRows(StoredRow, rows)[0] ?? null;
    },
    /** Stores the answer of the owner's claim; false when the claim was lost meanwhile. */
    async complete(ref: KeyRef, owner: string, answer: { status: number; headers: Record<string, string>; body: string }): Promise<boolean> {
      const count = await prisma.$executeRaw`
        UPDATE idempotency_keys
        SET state = 'completed', status = ${answer.status}, headers = ${JSON.stringify(answer.headers)}::jsonb, body = ${answer.body}, locked_until = now()
        WHERE account_id = ${ref.accountId} AND scope = ${ref.scope} AND key = ${ref.key} AND owner = ${owner} AND state = 'running'`;
      return count === 1;
    },
    /** Gives up the owner's claim (no answer to keep): the key may be used again at once. */
    async release(ref: KeyRef, owner: string): Promise<void> {
      await prisma.$executeRaw`
        DELETE FROM idempotency_keys
        WHERE account_id = ${ref.accountId} AND scope = ${ref.scope} AND key = ${ref.key} AND owner = ${owner} AND state = 'running'`;
    },
    /** Removes expired keys; returns how many. */
    async deleteExpired(): Promise<number> {
      return prisma.$executeRaw`DELETE FROM idempotency_keys WHERE expires_at <= now()`;
    },
  };
}
