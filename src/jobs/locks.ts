// Leases in job_locks: one holder per (job, account) until it releases or the lease expires.
// A row-level lease works the same on PostgreSQL and on the embedded database, and needs no
// connection pinned for the length of the job.
import type { PrismaClient } from '../db/client.ts';

export async function tryLock(prisma: PrismaClient, job: string, accountKey: string, owner: string, leaseMs: number): Promise<boolean> {
  const until = new Date(Date.now() + leaseMs);
  const rows = await prisma.$queryRaw<Array<{ owner: string }>>`
    INSERT INTO job_locks (job, account_key, owner, locked_until)
    VALUES (${job}, ${accountKey}, ${owner}, ${until})
    ON CONFLICT (job, account_key) DO UPDATE
      SET owner = EXCLUDED.owner, locked_until = EXCLUDED.locked_until
      WHERE job_locks.locked_until < now() OR job_locks.owner = EXCLUDED.owner
    RETURNING owner`;
  return rows.length === 1;
}

export async function unlock(prisma: PrismaClient, job: string, accountKey: string, owner: string): Promise<void> {
  await prisma.jobLock.deleteMany({ where: { job, accountKey, owner } });
}
