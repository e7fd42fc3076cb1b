// Retention: keeps the growing tables bounded. Each table has a window in days (config,
// docs/jobs.md). The monthly partitions of track_events and webhook_attempts wholly past their
// window are dropped, and the months ahead are made; what is left past a window (the boundary
// month, the default partition, the unpartitioned tables) is deleted in batches, one short
// statement each, yielding between batches so that other requests keep flowing.
import type { PrismaClient } from '../../db/client.ts';
import { retentionRepo, type PartitionedTable, type RetainedTable } from './repo.ts';

export interface RetentionWindows {
  trackEventsDays: number;
  webhookDays: number;
  jobRunsDays: number;
  uptimeChecksDays: number;
  batchSize: number;
}

export interface RetentionReport {
  deleted: Record<RetainedTable, number>;
  droppedPartitions: string[];
  createdPartitions: number;
}

/** Months of partitions kept made ahead of the current one. */
export const PARTITION_MONTHS_AHEAD = 3;
const DAY_MS = 86_400_000;

/** The first instant after the month a partition named <table>_pYYYY_MM holds (UTC). */
export function partitionEnd(name: string): Date {
  const [, year, month] = /_p(\d{4})_(\d{2})$/.exec(name)!;
  return new Date(Date.UTC(Number(year), Number(month), 1));
}

export function retentionService(prisma: PrismaClient, windows: RetentionWindows) {
  const repo = retentionRepo(prisma);
  const days: Record<RetainedTable, number> = {
    track_events: windows.trackEventsDays,
    webhook_attempts: windows.webhookDays,
    outbox_events: windows.webhookDays,
    connector_inbox: windows.webhookDays,
    job_runs: windows.jobRunsDays,
    uptime_checks: windows.uptimeChecksDays,
  };

  /** Makes the months ahead and drops the months wholly older than the cutoff. */
  async function partitions(table: PartitionedTable, cutoff: Date, now: Date, report: RetentionReport) {
    const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + PARTITION_MONTHS_AHEAD, 1));
    report.createdPartitions += await repo.ensurePartitions(table, now, ahead);
    for (const name of await repo.monthPartitions(table)) {
      if (partitionEnd(name) <= cutoff && (await repo.dropPartition(table, name))) report.droppedPartitions.push(name);
    }
  }

  return {
    windows: days,
    /** One retention pass at `now`; stops between batches once `signal` is aborted. */
    async run(now: Date, signal?: AbortSignal): Promise<RetentionReport> {
      const report: RetentionReport = {
        deleted: { track_events: 0, webhook_attempts: 0, outbox_events: 0, connector_inbox: 0, job_runs: 0, uptime_checks: 0 },
        droppedPartitions: [],
        createdPartitions: 0,
      };
      for (const table of Object.keys(days) as RetainedTable[]) {
        const cutoff = new Date(now.getTime() - days[table] * DAY_MS);
        if (table === 'track_events' || table === 'webhook_attempts') await partitions(table, cutoff, now, report);
        for (;;) {
          if (signal?.aborted) return report;
          const n = await repo.deleteBatch(table, cutoff, windows.batchSize);
          report.deleted[table] += n;
          if (n < windows.batchSize) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      await repo.deleteOrphanQueueRows();
      return report;
    },
  };
}

export type RetentionService = ReturnType<typeof retentionService>;
