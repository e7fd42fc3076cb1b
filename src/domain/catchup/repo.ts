// The only Prisma access of the analytics catch-up: the marks (analytics_marks), the catch-up's
// queue row (job_queue, one per account) and its live event. docs/analytics.md, "Catch-up".
//
// Why a mark is never lost: a writer holds the account's mark lock shared from before it marks
// until it commits; a run takes the marks under the same lock held alone, so it waits for every
// writer in progress and then sees their marks and their data. A writer that marks after a take
// either re-opens a mark the run took (taken_by back to null: the run's delete spares it) or
// inserts a new one; either way it queues the row again (or flags the running one to run again).
// Writers do not lock an existing mark (ON CONFLICT DO NOTHING), so writes of one day do not wait
// for each other. The run deletes what it took under the lock held alone too.
import type { Prisma, PrismaClient } from '../../db/client.ts';
import { appendEvents } from '../events/repo.ts';
import { domainEvent } from '../events/catalog.ts';
import { col, parseRows, z } from '../shared/rows.ts';
import { CATCHUP_JOB, MARK_LOCK_CLASS } from './rules.ts';
import type { Mark, MarkKind } from './types.ts';

/** The take and the release wait for the writers in progress (and, in a busy process, for a connection): more than Prisma's default 2 s. */
const CATCHUP_TRANSACTION = { maxWait: 15_000, timeout: 30_000 } as const;

const markRow = z.object({ kind: z.enum(['day', 'customer', 'sku'] satisfies MarkKind[]), key: col.text });

export function catchupRepo(prisma: PrismaClient) {
  return {
    /**
     * Records the marks (coalesced: a mark already there stays one row) and queues the account's
     * catch-up `debounceMs` from now unless a run is already queued (a running one is flagged to
     * run again), through the writer's transaction `tx`.
     */
    async mark(tx: Prisma.TransactionClient, accountId: string, marks: readonly Mark[], debounceMs: number): Promise<void> {
      if (marks.length === 0) return;
      const kinds = marks.map((m) => m.kind);
      const keys = marks.map((m) => m.key);
      // Two statements. The first takes the lock, then inserts the new marks in the one order
      // marksOf gives every writer (no snapshot matters to an insert). The second, whose snapshot is
      // taken once a run's take has committed, re-opens marks a run took (row locks in key order)
      // and then, last, updates the queue row: the InitPlans below make the queue's update wait for
      // the re-opening, so two writers never lock the two in opposite orders.
      await tx.$executeRaw`
        WITH lock AS (SELECT pg_advisory_xact_lock_shared(${MARK_LOCK_CLASS}::int, hashtext(${accountId})) AS held)
        INSERT INTO analytics_marks (account_id, kind, key)
        SELECT ${accountId}, u.kind, u.key FROM lock, unnest(${kinds}::text[], ${keys}::text[]) WITH ORDINALITY AS u(kind, key, n) ORDER BY u.n
        ON CONFLICT (account_id, kind, key) DO NOTHING`;
      await tx.$executeRaw`
        WITH reopened AS (
          UPDATE analytics_marks a SET taken_by = NULL, marked_at = now()
          FROM (SELECT t.kind, t.key FROM analytics_marks t JOIN unnest(${kinds}::text[], ${keys}::text[]) AS u(kind, key) ON t.kind = u.kind AND t.key = u.key
                WHERE t.account_id = ${accountId} AND t.taken_by IS NOT NULL ORDER BY t.kind, t.key FOR UPDATE OF t) l
          WHERE a.account_id = ${accountId} AND a.kind = l.kind AND a.key = l.key
          RETURNING 1
        ), requeued AS (
          UPDATE job_queue q SET
            state = CASE WHEN q.state = 'running' THEN q.state ELSE 'queued'::"JobQueueState" END,
            rerun = q.state = 'running',
            attempts = CASE WHEN q.state = 'running' THEN q.attempts ELSE 0 END,
            run_after = CASE WHEN q.state = 'running' THEN q.run_after ELSE now() + ${debounceMs} * interval '1 millisecond' END,
            due_at = CASE WHEN q.state = 'running' THEN q.due_at ELSE now() END,
            updated_at = now()
          WHERE q.job = ${CATCHUP_JOB} AND q.account_key = ${accountId}
            AND (q.state IN ('idle', 'dead') OR (q.state = 'running' AND NOT q.rerun))
            AND (SELECT count(*) FROM reopened) >= 0
          RETURNING 1
        )
        INSERT INTO job_queue (job, account_key, state, due_at, run_after)
        SELECT ${CATCHUP_JOB}, ${accountId}, 'queued', now(), now() + ${debounceMs} * interval '1 millisecond'
        WHERE NOT EXISTS (SELECT 1 FROM job_queue WHERE job = ${CATCHUP_JOB} AND account_key = ${accountId})
          AND (SELECT count(*) FROM requeued) >= 0
        ON CONFLICT (job, account_key) DO NOTHING`;
    },
    /**
     * Takes every mark of the account for the run `token` (also those an earlier run took and did
     * not finish), waiting for the writers in progress. A short transaction of its own.
     */
    take(accountId: string, token: string): Promise<Mark[]> {
      return prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${MARK_LOCK_CLASS}::int, hashtext(${accountId}))`;
        return parseRows(markRow, await tx.$queryRaw`UPDATE analytics_marks SET taken_by = ${token} WHERE account_id = ${accountId} RETURNING kind, key`);
      }, CATCHUP_TRANSACTION);
    },
    /**
     * Deletes the marks the run `token` took and still holds (a mark a writer re-opened since is
     * kept) and announces the catch-up on the live feed, in one transaction.
     */
    async release(accountId: string, token: string, done: { days: string[]; customers: number; skus: number }, now: Date): Promise<void> {
      await prisma.$transaction(async (tx) => {
        // Alone again: no writer is re-opening a mark while they are deleted.
        await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${MARK_LOCK_CLASS}::int, hashtext(${accountId}))`;
        await tx.analyticsMark.deleteMany({ where: { accountId, takenBy: token } });
        await appendEvents(tx, accountId, [domainEvent('analytics.updated', { days: done.days, customers: done.customers, skus: done.skus })], now);
      }, CATCHUP_TRANSACTION);
    },
    /** The account's marks not yet caught up on (tests, operators). */
    pending(accountId: string): Promise<Array<Mark & { takenBy: string | null }>> {
      return prisma.analyticsMark
        .findMany({ where: { accountId }, orderBy: [{ kind: 'asc' }, { key: 'asc' }], select: { kind: true, key: true, takenBy: true } })
        .then((rows) => rows.map((r) => ({ kind: markRow.shape.kind.parse(r.kind), key: r.key, takenBy: r.takenBy })));
    },
  };
}
