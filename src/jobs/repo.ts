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
    /** For each job that has ever run: its first start and its latest successful finish. */
    async runHistory(): Promise<Map<string, { firstStart: Date; lastSuccess: Date | null }>> {
      const rows = await prisma.$queryRaw<Array<{ job: string; first: Date; last: Date | null }>>`
        SELECT job, min(started_at) AS first, max(finished_at) FILTER (WHERE status = 'succeeded') AS last
        FROM job_runs GROUP BY job`;
      return new Map(rows.map((r) => [r.job, { firstStart: r.first, lastSuccess: r.last }]));
    },
  };
}
