// The only Prisma access of retention: month partitions (made ahead, dropped past the window)
// and batched deletes. Every statement here is its own short transaction: on the embedded
// database one long transaction would stall every request (PGlite is one session).
import type { PrismaClient } from '../../db/client.ts';
import { col, parseRows, z } from '../shared/rows.ts';

const nameRow = z.object({ name: col.text });
const madeRow = z.object({ made: col.int });

/** The tables retention bounds. The SQL is fixed per table: nothing here comes from input. */
export const RETAINED = {
  track_events: {
    partitionColumn: 'created_at',
    deleteBatch: `DELETE FROM track_events WHERE (id, created_at) IN
      (SELECT id, created_at FROM track_events WHERE created_at < $1 LIMIT $2)`,
  },
  webhook_attempts: {
    partitionColumn: 'started_at',
    deleteBatch: `DELETE FROM webhook_attempts WHERE (id, started_at) IN
      (SELECT id, started_at FROM webhook_attempts WHERE started_at < $1 LIMIT $2)`,
  },
  // Delivered outbox events: fanned out before the cutoff and with no delivery still pending.
  // Their deliveries (and any attempts left) go with them (ON DELETE CASCADE).
  outbox_events: {
    partitionColumn: null,
    deleteBatch: `DELETE FROM outbox_events WHERE id IN
      (SELECT o.id FROM outbox_events o WHERE o.dispatched_at < $1
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = o.id AND d.status = 'pending')
       ORDER BY o.dispatched_at LIMIT $2)`,
  },
  // Connector webhook deliveries no longer pending (done, or failed for good): their bodies and
  // results can hold a customer's personal data. Pending ones stay (still retried).
  connector_inbox: {
    partitionColumn: null,
    deleteBatch: `DELETE FROM connector_inbox WHERE id IN
      (SELECT id FROM connector_inbox WHERE status <> 'pending' AND received_at < $1 ORDER BY received_at LIMIT $2)`,
  },
  job_runs: {
    partitionColumn: null,
    deleteBatch: `DELETE FROM job_runs WHERE id IN (SELECT id FROM job_runs WHERE started_at < $1 ORDER BY started_at LIMIT $2)`,
  },
  uptime_checks: {
    partitionColumn: null,
    deleteBatch: `DELETE FROM uptime_checks WHERE id IN (SELECT id FROM uptime_checks WHERE checked_at < $1 ORDER BY checked_at LIMIT $2)`,
  },
} as const;

export type RetainedTable = keyof typeof RETAINED;
export type PartitionedTable = 'track_events' | 'webhook_attempts';

export function retentionRepo(prisma: PrismaClient) {
  return {
    /** Deletes up to `limit` rows older than `cutoff`; returns how many. */
    deleteBatch(table: RetainedTable, cutoff: Date, limit: number): Promise<number> {
      return prisma.$executeRawUnsafe(RETAINED[table].deleteBatch, cutoff, limit);
    },
    /** Makes the month partitions from `from` to `to` that are missing (svc_ensure_month_partitions in the migration). */
    async ensurePartitions(table: PartitionedTable, from: Date, to: Date): Promise<number> {
      const [row] = parseRows(
        madeRow,
        await prisma.$queryRawUnsafe(
          'SELECT svc_ensure_month_partitions($1, $2, $3::timestamptz, $4::timestamptz) AS made',
          table,
          RETAINED[table].partitionColumn,
          from,
          to,
        ),
      );
      return Number(row?.made ?? 0);
    },
    /** The month partitions of a table, by name (<table>_pYYYY_MM), oldest first. */
    async monthPartitions(table: PartitionedTable): Promise<string[]> {
      const rows = parseRows(
        nameRow,
        await prisma.$queryRaw`
        SELECT c.relname AS name FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
        WHERE p.relname = ${table} AND p.relnamespace = current_schema()::regnamespace
        ORDER BY c.relname`,
      );
      return rows.map((r) => r.name).filter((name) => /^[a-z_]+_p\d{4}_\d{2}$/.test(name));
    },
    /**
     * Drops one partition. DROP takes a short exclusive lock on the parent; with a lock timeout it
     * gives up (and retention tries again on its next run) rather than queue every insert behind
     * a long query.
     */
    async dropPartition(table: PartitionedTable, partition: string): Promise<boolean> {
      if (!partition.startsWith(`${table}_p`) || !/^[a-z_]+_p\d{4}_\d{2}$/.test(partition)) throw new Error(`not a partition of ${table}: ${partition}`);
      try {
        await prisma.$transaction([prisma.$executeRawUnsafe(`SET LOCAL lock_timeout = '2s'`), prisma.$executeRawUnsafe(`DROP TABLE IF EXISTS "${partition}"`)]);
        return true;
      } catch {
        return false;
      }
    },
    /** Queue rows of accounts that no longer exist. */
    deleteOrphanQueueRows(): Promise<number> {
      return prisma.$executeRaw`DELETE FROM job_queue q WHERE q.account_key <> '*' AND q.state <> 'running'
        AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = q.account_key)`;
    },
  };
}
