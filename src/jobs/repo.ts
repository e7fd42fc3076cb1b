// The only Prisma access of the job runner: leases in job_locks and the record in job_runs.
import type { PrismaClient } from '../db/client.ts';

export function jobsRepo(prisma: PrismaClient) {
  return {
    /**
     * Takes the lease of (job, account) for `leaseMs` unless someone holds an unexpired one.
     * Each run uses its own token, so a lease is never taken twice, even by one process. Times
     * come from the database clock only.
     */
    async tryLock(job: string, accountKey: string, token: string, leaseMs: number): Promise<boolean> {
      const rows = await prisma.$queryRaw<Array<{ owner: string }>>`
        INSERT INTO job_locks (job, account_key, owner, locked_until)
        VALUES (${job}, ${accountKey}, ${token}, now() + ${leaseMs} * interval '1 millisecond')
        ON CONFLICT (job, account_key) DO UPDATE
          SET owner = EXCLUDED.owner, locked_until = EXCLUDED.locked_until
          WHERE job_locks.locked_until < now()
        RETURNING owner`;
      return rows.length === 1;
    },
    async unlock(job: string, accountKey: string, token: string): Promise<void> {
      await prisma.jobLock.deleteMany({ where: { job, accountKey, owner: token } });
    },
    startRun(job: string, accountId: string, attempt: number) {
      return prisma.jobRun.create({ data: { job, accountId, attempt }, select: { id: true } });
    },
    finishRun(id: number, outcome: { rowsWritten: number } | { error: string }) {
      const data = 'error' in outcome ? { status: 'failed' as const, error: outcome.error.slice(0, 2000) } : { status: 'succeeded' as const, rowsWritten: outcome.rowsWritten };
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
      const rows = await prisma.$queryRaw<Array<{ job: string; first: Date | null; last: Date | null }>>`
        SELECT j.job,
               (SELECT started_at FROM job_runs r WHERE r.job = j.job ORDER BY started_at ASC LIMIT 1) AS first,
               (SELECT finished_at FROM job_runs r WHERE r.job = j.job AND r.status = 'succeeded'
                 ORDER BY started_at DESC LIMIT 1) AS last
        FROM unnest(${[...jobs]}::text[]) AS j(job)`;
      return new Map(rows.filter((r) => r.first).map((r) => [r.job, { firstStart: r.first!, lastSuccess: r.last }]));
    },
  };
}
