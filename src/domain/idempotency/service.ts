// Idempotency keys (the Idempotency-Key header on POST, both doors), as Stripe has them: the first
// request with a key runs and its answer is kept for 24 hours; the same key with the same request
// gets that answer again without running; the same key with another request is 422
// idempotency_key_reused; while the first is still running, another with the key gets 409
// idempotency_key_in_progress (Retry-After 1). Keys belong to the caller: one account and one API
// key (or the account's dashboard sessions). Answers of 5xx are not kept: the claim is released and
// a retry runs again, reusing the writes that record their effects (effects.ts). An answer or
// release that cannot be written when its request ends (the database went away) is written by this
// process's next `start`; a claim whose request never finished (a crashed process) lapses after its
// lease and the same request may then run again. Stored bodies are sealed (answers.ts).
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { idempotencyRepo, type KeyRef } from './repo.ts';
import type { EffectLedger } from './effects.ts';
import { answerBox } from './answers.ts';
import { SEALED_PREFIX, type SecretBox } from '../webhooks/secret-box.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, SWEEP_INTERVAL_MS } from './rules.ts';

/** Bound of the answers and releases kept in memory while the database is away. */
const MAX_UNRECORDED = 10_000;
/** Stored answers sealed per statement by the boot pass. */
const SEAL_BATCH = 200;

export interface IdempotencyCaller {
  accountId: string;
  /** The API key (null for a dashboard session: the account's sessions share one scope). */
  keyId: number | null;
}

export interface IdempotentAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The right to run a request under a key, handed back to `finish`; its writes record their effects on it. */
export interface IdempotencyTicket {
  ref: KeyRef;
  owner: string;
  effects: EffectLedger;
}

export type IdempotencyStart = { kind: 'run'; ticket: IdempotencyTicket } | { kind: 'replay'; answer: IdempotentAnswer };

export interface IdempotencyService {
  /** Claims `key` for this request, or says which answer to give instead (replay); 409 or 422 otherwise. */
  start(caller: IdempotencyCaller, key: string, requestHash: string): Promise<IdempotencyStart>;
  /** Keeps the answer of a request that ran (below 500), else releases the key for a retry. */
  finish(ticket: IdempotencyTicket, answer: IdempotentAnswer | null): Promise<void>;
  /** Removes expired keys; returns how many (the retention job may call it; `start` also sweeps now and then). */
  deleteExpired(): Promise<number>;
  /** At boot: seals the answers stored before sealing existed (none without a key); returns how many. */
  sealStoredAnswers(): Promise<number>;
}

export interface IdempotencyOptions {
  /** Seals stored answers and opens them to replay (the webhook secrets' box); none: stored without their marked secrets. */
  secrets?: SecretBox | null;
}

export function idempotencyService(prisma: PrismaClient, options: IdempotencyOptions = {}): IdempotencyService {
  const repo = idempotencyRepo(prisma);
  const answers = answerBox(options.secrets);
  let lastSweep = 0;

  // Answers and releases that could not be written when their request ended (the database was
  // away). Both statements only touch the owner's running claim, so writing them late is safe;
  // each `start` writes them first, so a retry in this process finds the key recorded or free.
  const unrecorded: Array<() => Promise<void>> = [];

  async function recordLate(): Promise<void> {
    while (unrecorded.length) {
      try {
        await unrecorded[0]!();
      } catch {
        return;
      }
      unrecorded.shift();
    }
  }

  function sweep(): void {
    const now = Date.now();
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    void repo.deleteExpired().catch(() => {});
  }

  return {
    async start(caller: IdempotencyCaller, key: string, requestHash: string): Promise<IdempotencyStart> {
      sweep();
      await recordLate();
      const ref: KeyRef = { accountId: caller.accountId, scope: caller.keyId === null ? 'session' : `key:${caller.keyId}`, key };
      // A claim can vanish between the two statements (released, expired): look again, a few times.
      for (let attempt = 0; attempt < 3; attempt++) {
        const owner = randomBytes(12).toString('hex');
        let recorded: Awaited<ReturnType<typeof repo.claim>>;
        try {
          recorded = await repo.claim(ref, requestHash, owner, IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS);
        } catch (error) {
          // The claim may have committed with its answer lost: give it up later (this process's
          // next keyed request writes it), so that a retry here finds the key free instead of held
          // (409) for the whole lease; a retry that reaches another instance waits out the lease.
          if (unrecorded.length < MAX_UNRECORDED) unrecorded.push(() => repo.release(ref, owner));
          throw error;
        }
        if (recorded)
          return { kind: 'run', ticket: { ref, owner, effects: { mark: { scope: ref.scope, key: ref.key, owner }, recorded, cursor: 0, shownOnce: [] } } };
        const stored = await repo.find(ref);
        if (!stored) continue;
        if (stored.requestHash !== requestHash) {
          throw new AppError('idempotency_key_reused', `This ${IDEMPOTENCY_HEADER} was used with a different request in the last 24 hours; use a new key.`);
        }
        if (stored.state === 'completed' && stored.status !== null && stored.body !== null) {
          return { kind: 'replay', answer: { status: stored.status, headers: stored.headers ?? {}, body: answers.fromStored(stored.body) } };
        }
        if (stored.leaseHeld) {
          throw new AppError('idempotency_key_in_progress', `A request with this ${IDEMPOTENCY_HEADER} is still running; retry shortly.`, {
            retryAfterSeconds: 1,
          });
        }
      }
      throw new AppError('idempotency_key_in_progress', `A request with this ${IDEMPOTENCY_HEADER} is still running; retry shortly.`, { retryAfterSeconds: 1 });
    },

    async finish(ticket: IdempotencyTicket, answer: IdempotentAnswer | null): Promise<void> {
      // Sealed now, so that not even the answer kept in memory for later (below) holds a secret as it is.
      const stored = answer && answer.status < 500 ? { ...answer, body: answers.toStored(answer.body, ticket.effects.shownOnce) } : null;
      const record = stored
        ? async () => {
            await repo.complete(ticket.ref, ticket.owner, stored);
          }
        : () => repo.release(ticket.ref, ticket.owner);
      try {
        await record();
      } catch (error) {
        // The database is likely away: keep it for later, so a retry does not wait out the lease.
        if (unrecorded.length < MAX_UNRECORDED) unrecorded.push(record);
        throw error;
      }
    },

    deleteExpired: () => repo.deleteExpired(),

    async sealStoredAnswers(): Promise<number> {
      if (!answers.sealing) return 0;
      let sealed = 0;
      for (;;) {
        const batch = await repo.unsealedAnswers(SEALED_PREFIX, SEAL_BATCH);
        let progress = 0;
        for (const row of batch) progress += await repo.replaceBody(row, row.body, answers.toStored(row.body, []));
        sealed += progress;
        // A short batch is the last; one whose rows all changed meanwhile is not retried forever.
        if (batch.length < SEAL_BATCH || progress === 0) return sealed;
      }
    },
  };
}
