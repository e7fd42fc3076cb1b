// The only Prisma access for idempotency keys, but for the track events' group insert, which appends
// its events' effects in its own statement (src/domain/track/repo.ts). Times come from the
// database's clock (now()), so instances whose clocks disagree still agree on leases and expiries.
import type { PrismaClient } from '../../db/client.ts';
import { col, parseRows, z } from '../shared/rows.ts';
import { parseEffects, type EffectSlot, type IdempotencyEffect } from './effects.ts';

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

const ClaimedRow = z.object({ owner: col.text, effects: z.unknown() });
const AnswerRow = z.object({ accountId: col.text, scope: col.text, key: col.text, body: col.text });
export type StoredAnswer = z.output<typeof AnswerRow>;

/** A transaction (or client) that can run raw SQL: the write's own, so its effect commits with it. */
interface RawRunner {
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): Promise<number>;
}

/**
 * Appends the effect of the write with id `id` to the claim `slot` names (the caller's account),
 * inside the transaction that made the write: both commit or neither does. A claim lost
 * meanwhile is left as it is.
 */
export async function recordEffect(tx: RawRunner, accountId: string, slot: EffectSlot, id: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE idempotency_keys
    SET effects = coalesce(effects, '[]'::jsonb) || jsonb_build_array(jsonb_build_object('kind', ${slot.kind}::text, 'id', ${id}::text, 'at', ${slot.at}::integer))
    WHERE account_id = ${accountId} AND scope = ${slot.scope} AND key = ${slot.key} AND owner = ${slot.owner} AND state = 'running'`;
}

export function idempotencyRepo(prisma: PrismaClient) {
  return {
    /**
     * Claims the key for `owner`: a new key, an expired one, or a running claim whose lease ran
     * out (or was released with effects kept) for the same request. Returns the effects an earlier
     * try recorded when this owner holds it now, else null.
     */
    async claim(ref: KeyRef, requestHash: string, owner: string, leaseMs: number, ttlMs: number): Promise<IdempotencyEffect[] | null> {
      const rows = await prisma.$queryRaw`
        INSERT INTO idempotency_keys (account_id, scope, key, request_hash, owner, state, locked_until, expires_at, created_at)
        VALUES (${ref.accountId}, ${ref.scope}, ${ref.key}, ${requestHash}, ${owner}, 'running',
                now() + ${leaseMs}::integer * interval '1 millisecond', now() + ${ttlMs}::integer * interval '1 millisecond', now())
        ON CONFLICT (account_id, scope, key) DO UPDATE SET
          request_hash = EXCLUDED.request_hash, owner = EXCLUDED.owner, state = 'running', status = NULL, headers = NULL,
          body = NULL, locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at,
          effects = CASE WHEN idempotency_keys.expires_at <= now() THEN NULL ELSE idempotency_keys.effects END
        WHERE idempotency_keys.expires_at <= now()
           OR (idempotency_keys.state = 'running' AND idempotency_keys.locked_until <= now()
               AND idempotency_keys.request_hash = EXCLUDED.request_hash)
        RETURNING owner, effects`;
      const claimed = parseRows(ClaimedRow, rows)[0];
      return claimed?.owner === owner ? parseEffects(claimed.effects) : null;
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
    /**
     * Gives up the owner's claim (no answer to keep): the key may be used again at once. A claim
     * that recorded effects stays, its lease ended, so the retry of the same request reuses them.
     */
    async release(ref: KeyRef, owner: string): Promise<void> {
      // Each statement carries the whole condition, so a row taken over meanwhile (another owner,
      // waited for on its lock) is re-checked and left alone.
      await prisma.$executeRaw`
        WITH ended AS (
          UPDATE idempotency_keys SET locked_until = now()
          WHERE account_id = ${ref.accountId} AND scope = ${ref.scope} AND key = ${ref.key} AND owner = ${owner} AND state = 'running'
            AND effects IS NOT NULL
        )
        DELETE FROM idempotency_keys
        WHERE account_id = ${ref.accountId} AND scope = ${ref.scope} AND key = ${ref.key} AND owner = ${owner} AND state = 'running'
          AND effects IS NULL`;
    },
    /** Up to `limit` kept answers whose body is not sealed yet (stored before sealing existed). */
    async unsealedAnswers(sealedPrefix: string, limit: number): Promise<StoredAnswer[]> {
      const rows = await prisma.$queryRaw`
        SELECT account_id AS "accountId", scope, key, body FROM idempotency_keys
        WHERE state = 'completed' AND body IS NOT NULL AND left(body, ${sealedPrefix.length}::integer) <> ${sealedPrefix}
        LIMIT ${limit}::integer`;
      return parseRows(AnswerRow, rows);
    },
    /** Replaces a kept answer's body `from` (unless it changed meanwhile) by `to`; 1 when replaced. */
    replaceBody: (ref: KeyRef, from: string, to: string): Promise<number> => prisma.$executeRaw`
        UPDATE idempotency_keys SET body = ${to}
        WHERE account_id = ${ref.accountId} AND scope = ${ref.scope} AND key = ${ref.key} AND state = 'completed' AND body = ${from}`,
    /** Removes expired keys; returns how many. */
    async deleteExpired(): Promise<number> {
      return prisma.$executeRaw`DELETE FROM idempotency_keys WHERE expires_at <= now()`;
    },
  };
}
