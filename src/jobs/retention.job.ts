// Keeps the growing tables bounded (docs/jobs.md): drops month partitions of track_events and
// webhook_attempts past their windows, makes the months ahead, and deletes the rest past the
// windows in short batches. Once a day, for the whole database.
import type { GlobalJobDefinition } from './types.ts';
import { scheduleOf } from './catalog.ts';

export const retentionJob: GlobalJobDefinition = {
  ...scheduleOf('retention'),
  scope: 'global',
  async run({ services, now, signal }) {
    const report = await services.retention.run(now, signal);
    const deleted = Object.values(report.deleted).reduce((a, b) => a + b, 0);
    return { rowsWritten: deleted + report.droppedPartitions.length + report.createdPartitions };
  },
};
