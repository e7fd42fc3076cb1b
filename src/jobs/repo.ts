// The only Prisma access of the job runner: the queue (job_queue), the record of runs
// (job_runs) and the leases in job_locks (the uptime recorder's one-per-minute check).
import type { PrismaClient } from '../db/client.ts';
import { Prisma } from '../db/__generated__/prisma/client.ts';
import { col, parseRows, z } from '../domain/shared/index.ts';
import { GLOBAL_KEY } from './global-key.ts';

const stateRow = z.object({ state: col.text });
const claimRow = z.object({
  job: col.text,
  account_key: col.text,
  owner: col.text,
  attempts: col.int,
  due_at: col.date,
  run_id: col.int.nullable().optional(),
}) satisfies z.ZodType<ClaimRow>;
const ownerRow = z.object({ owner: col.text });
const jobRow = z.object({ job: col.text });
const stateCountRow = z.object({ state: col.text, n: col.int });
const historyRow = z.object({ job: col.text, first: col.date.nullable(), last: col.date.nullable() });

/** A claimed queue row: the claim's owner token is what every later update must present. */
export interface Claim {
  job: string;
  accountKey: string;
  owner: string;
  attempts: number;
  dueAt: Date;
  /** The job_runs record opened with the claim (queue claims); null for a manual claim, which opens one per attempt. */
  runId: number | null;
}

interface ClaimRow {
  job: string;
  account_key: string;
  owner: string;
  attempts: number;
  due_at: Date;
  run_id?: number | null | undefined;
}

/**
 * A condition that turns off the synchronous flush of the statement's own commit (autocommit:
 * the statement is its transaction), for the queue's bookkeeping only: a claim and a finish. On a
 * server with fsync each commit otherwise waits for a WAL flush (3-4 ms here, 0.6 ms without),
 * which was most of a small account's queue round. What a crash of the server can lose is safe:
 * WAL is written in order and the job's own (synchronous) commit flushes every earlier record,
 * so a claim is durable before its job's writes are; only a finish after the job's commit can be
 * lost, and then the row is still `running` with an old heartbeat, so the stale sweep queues it
 * again (and closes its run record as failed). docs/jobs.md, "Commits".
 */
const ASYNC_COMMIT = Prisma.sql`(SELECT set_config('synchronous_commit', 'off', true)) = 'off'`;

const toClaim = (r: ClaimRow): Claim => ({
  job: r.job,
  accountKey: r.account_key,
  owner: r.owner,
  attempts: r.attempts,
  dueAt: r.due_at,
  runId: r.run_id ?? null,
});

export function jobsRepo(prisma: PrismaClient) {
  return {
    /**
     * Fans one tick of a job out into its queue rows: one per account (or the one global row).
     * Idle and dead rows are queued again; a queued row stays one queued row (missed ticks merge
     * into one run); a running row is marked to run again when it ends. A row already enqueued
     * for this tick (by another worker) is left alone. Returns how many rows became queued.
     */
    async enqueueTick(job: string, global: boolean, tick: Date): Promise<number> {
      const rows = parseRows(
        stateRow,
        await prisma.$queryRaw`
        INSERT INTO job_queue AS q (job, account_key, state, due_at, run_after)
        SELECT ${job}, k.key, 'queued', ${tick}, now()
        FROM (SELECT '*'::text AS key WHERE ${global} UNION ALL SELECT id FROM accounts WHERE NOT ${global}) k
        -- One order for every worker's tick, so two enqueuing the same tick queue up, never deadlock.
        ORDER BY k.key
        ON CONFLICT (job, account_key) DO UPDATE SET
          due_at = EXCLUDED.due_at,
          state = CASE WHEN q.state IN ('idle', 'dead') THEN 'queued'::"JobQueueState" ELSE q.state END,
          attempts = CASE WHEN q.state IN ('idle', 'dead') THEN 0 ELSE q.attempts END,
          run_after = CASE WHEN q.state IN ('idle', 'dead') THEN now() ELSE q.run_after END,
          rerun = q.rerun OR q.state = 'running',
          updated_at = now()
        WHERE q.due_at < EXCLUDED.due_at
        RETURNING q.state`,
      );
      return rows.filter((r) => r.state === 'queued').length;
    },
    /**
     * Queues one (job, account) now, outside the schedule (a file import just received): an idle
     * or dead row is queued from zero attempts, a queued one stays as it is, and a running one
     * runs again when it ends.
     */
    async enqueueNow(job: string, accountKey: string): Promise<void> {
      await prisma.$executeRaw`
        INSERT INTO job_queue AS q (job, account_key, state, due_at, run_after)
        VALUES (${job}, ${accountKey}, 'queued', now(), now())
        ON CONFLICT (job, account_key) DO UPDATE SET
          state = CASE WHEN q.state IN ('idle', 'dead') THEN 'queued'::"JobQueueState" ELSE q.state END,
          attempts = CASE WHEN q.state IN ('idle', 'dead') THEN 0 ELSE q.attempts END,
          run_after = CASE WHEN q.state IN ('idle', 'dead') THEN now() ELSE q.run_after END,
          rerun = q.rerun OR q.state = 'running',
          updated_at = now()`;
    },
    /**
     * Claims up to `limit` due queued rows of these jobs, and opens each claim's job_runs record,
     * in one statement (one commit, which on a server with fsync is most of a claim's cost). SKIP
     * LOCKED: concurrent claimers get disjoint rows without waiting. Each claim gets its own owner
     * token, counts an attempt and carries the id of its run (`run_id`, from the runs' sequence).
     */
    async claim(workerId: string, jobs: readonly string[], limit: number): Promise<Claim[]> {
      const rows = parseRows(
        claimRow,
        await prisma.$queryRaw`
        WITH c AS (
          UPDATE job_queue q SET state = 'running', owner = ${workerId} || '/' || gen_random_uuid()::text,
            heartbeat_at = now(), attempts = q.attempts + 1, rerun = false, updated_at = now(),
            run_id = nextval(pg_get_serial_sequence('job_runs', 'id'))
          FROM (SELECT job, account_key FROM job_queue
                WHERE state = 'queued' AND run_after <= now() AND job = ANY(${[...jobs]}::text[]) AND ${ASYNC_COMMIT}
                ORDER BY run_after LIMIT ${limit} FOR UPDATE SKIP LOCKED) d
          WHERE q.job = d.job AND q.account_key = d.account_key
          RETURNING q.job, q.account_key, q.owner, q.attempts, q.due_at, q.run_id
        ), runs AS (
          INSERT INTO job_runs (id, job, account_id, attempt)
          SELECT run_id, job, NULLIF(account_key, ${GLOBAL_KEY}), attempts FROM c
        )
        SELECT job, account_key, owner, attempts, due_at, run_id FROM c`,
      );
      return rows.map(toClaim);
    },
    /**
     * Claims one (job, account) now, queued or not (a manual run), unless a live claim holds it:
     * one running with a heartbeat newer than `staleMs`.
     */
    async claimNow(workerId: string, job: string, accountKey: string, staleMs: number): Promise<Claim | null> {
      const rows = parseRows(
        claimRow,
        await prisma.$queryRaw`
        INSERT INTO job_queue AS q (job, account_key, state, due_at, attempts, owner, heartbeat_at)
        VALUES (${job}, ${accountKey}, 'running', now(), 1, ${workerId} || '/' || gen_random_uuid()::text, now())
        ON CONFLICT (job, account_key) DO UPDATE SET state = 'running', owner = EXCLUDED.owner, heartbeat_at = now(),
          attempts = 1, rerun = false, updated_at = now()
        WHERE q.state <> 'running' OR q.heartbeat_at < now() - ${staleMs} * interval '1 millisecond'
        RETURNING q.job, q.account_key, q.owner, q.attempts, q.due_at`,
      );
      return rows[0] ? toClaim(rows[0]) : null;
    },
    /** Renews these claims; returns the owners still held (a claim taken over is not). */
    async heartbeat(owners: readonly string[]): Promise<Set<string>> {
      if (!owners.length) return new Set();
      const rows = parseRows(
        ownerRow,
        await prisma.$queryRaw`
        UPDATE job_queue SET heartbeat_at = now() WHERE state = 'running' AND owner = ANY(${[...owners]}::text[]) RETURNING owner`,
      );
      return new Set(rows.map((r) => r.owner));
    },
    /** Links the claim to its job_runs row (so an expired claim can close that record). */
    async attachRun(owner: string, runId: number): Promise<void> {
      await prisma.$executeRaw`UPDATE job_queue SET run_id = ${runId} WHERE owner = ${owner} AND state = 'running'`;
    },
    /**
     * Ends a claim. Success: idle (queued again if a tick came meanwhile). Failure: queued again
     * after `retryInMs`, or dead once `maxAttempts` are used. The claim's job_runs record, if still
     * open (a queue claim's), is closed with the same outcome by the same statement: one commit.
     */
    async finish(owner: string, outcome: { error?: string; rowsWritten?: number; maxAttempts: number; retryInMs: number }): Promise<string | null> {
      const error = outcome.error?.slice(0, 2000) ?? null;
      const rows = parseRows(
        stateRow,
        await prisma.$queryRaw`
        WITH run AS (
          UPDATE job_runs r SET status = (CASE WHEN ${error}::text IS NULL THEN 'succeeded' ELSE 'failed' END)::"JobRunStatus",
            rows_written = ${outcome.rowsWritten ?? 0}, error = ${error}, finished_at = now()
          FROM job_queue q WHERE q.owner = ${owner} AND q.state = 'running' AND r.id = q.run_id AND r.status = 'running'
        )
        UPDATE job_queue SET
          state = (CASE WHEN ${error}::text IS NULL THEN (CASE WHEN rerun THEN 'queued' ELSE 'idle' END)
                        WHEN attempts >= ${outcome.maxAttempts} THEN 'dead' ELSE 'queued' END)::"JobQueueState",
          attempts = CASE WHEN ${error}::text IS NULL THEN 0 ELSE attempts END,
          run_after = CASE WHEN ${error}::text IS NULL THEN now() ELSE now() + ${outcome.retryInMs} * interval '1 millisecond' END,
          last_error = ${error}, owner = NULL, heartbeat_at = NULL, run_id = NULL, rerun = false, updated_at = now()
        WHERE owner = ${owner} AND state = 'running' AND ${ASYNC_COMMIT}
        RETURNING state`,
      );
      return rows[0]?.state ?? null;
    },
    /**
     * Claims whose heartbeat is older than `staleMs` (their worker died or hung): queued again
     * after `retryInMs`, or dead when their attempts are used up; their job_runs record is
     * closed as failed. Any worker may call this; SKIP LOCKED keeps two from racing.
     */
    async releaseStale(staleMs: number, maxAttempts: number, retryInMs: number): Promise<number> {
      const rows = parseRows(
        jobRow,
        await prisma.$queryRaw`
        WITH stale AS (
          SELECT job, account_key, run_id FROM job_queue
          WHERE state = 'running' AND heartbeat_at < now() - ${staleMs} * interval '1 millisecond'
          FOR UPDATE SKIP LOCKED
        ), released AS (
          UPDATE job_queue q SET
            state = (CASE WHEN q.attempts >= ${maxAttempts} THEN 'dead' ELSE 'queued' END)::"JobQueueState",
            run_after = now() + ${retryInMs} * interval '1 millisecond', owner = NULL, heartbeat_at = NULL, run_id = NULL,
            last_error = 'claim expired: the worker stopped heartbeating', updated_at = now()
          FROM stale s WHERE q.job = s.job AND q.account_key = s.account_key
          RETURNING q.job
        ), closed AS (
          UPDATE job_runs r SET status = 'failed', error = 'claim expired: the worker stopped heartbeating', finished_at = now()
          FROM stale s WHERE r.id = s.run_id AND r.status = 'running'
        )
        SELECT job FROM released`,
      );
      return rows.length;
    },
    /** Rows per state (for operators, the bench and tests). */
    async queueCounts(jobs?: readonly string[]): Promise<Record<string, number>> {
      const rows = parseRows(
        stateCountRow,
        await prisma.$queryRaw`
        SELECT state::text AS state, count(*)::int AS n FROM job_queue
        WHERE ${jobs ? [...jobs] : null}::text[] IS NULL OR job = ANY(${jobs ? [...jobs] : null}::text[]) GROUP BY state`,
      );
      return Object.fromEntries(rows.map((r) => [r.state, r.n]));
    },
    /**
     * Takes the lease of (job, account) for `leaseMs` unless someone holds an unexpired one.
     * Each run uses its own token, so a lease is never taken twice, even by one process. Times
     * come from the database clock only.
     */
    async tryLock(job: string, accountKey: string, token: string, leaseMs: number): Promise<boolean> {
      const rows = parseRows(
        ownerRow,
        await prisma.$queryRaw`
        INSERT INTO job_locks (job, account_key, owner, locked_until)
        VALUES (${job}, ${accountKey}, ${token}, now() + ${leaseMs} * interval '1 millisecond')
        ON CONFLICT (job, account_key) DO UPDATE
          SET owner = EXCLUDED.owner, locked_until = EXCLUDED.locked_until
          WHERE job_locks.locked_until < now()
        RETURNING owner`,
      );
      return rows.length === 1;
    },
    async unlock(job: string, accountKey: string, token: string): Promise<void> {
      await prisma.jobLock.deleteMany({ where: { job, accountKey, owner: token } });
    },
    startRun(job: string, accountId: string | null, attempt: number) {
      return prisma.jobRun.create({ data: { job, accountId, attempt }, select: { id: true } });
    },
    finishRun(id: number, outcome: { rowsWritten: number } | { error: string }) {
      const data =
        'error' in outcome
          ? { status: 'failed' as const, error: outcome.error.slice(0, 2000) }
          : { status: 'succeeded' as const, rowsWritten: outcome.rowsWritten };
      return prisma.jobRun.update({ where: { id }, data: { ...data, finishedAt: new Date() } });
    },
    accountIds() {
      return prisma.account.findMany({ select: { id: true }, orderBy: { id: 'asc' } }).then((rows) => rows.map((r) => r.id));
    },
    /**
     * For each of these jobs that has ever run: its first start and its latest successful finish.
     * /status asks on every call, so each answer is an index walk on (job, started_at), not a scan
     * of the whole (ever-growing) history.
     */
    async runHistory(jobs: readonly string[]): Promise<Map<string, { firstStart: Date; lastSuccess: Date | null }>> {
      const rows = parseRows(
        historyRow,
        await prisma.$queryRaw`
        SELECT j.job,
               (SELECT started_at FROM job_runs r WHERE r.job = j.job ORDER BY started_at ASC LIMIT 1) AS first,
               (SELECT finished_at FROM job_runs r WHERE r.job = j.job AND r.status = 'succeeded'
                 ORDER BY started_at DESC LIMIT 1) AS last
        FROM unnest(${[...jobs]}::text[]) AS j(job)`,
      );
      return new Map(rows.filter((r) => r.first).map((r) => [r.job, { firstStart: r.first!, lastSuccess: r.last }]));
    },
  };
}
