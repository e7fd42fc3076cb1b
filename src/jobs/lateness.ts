// A scheduled job is late when its last success is more than two periods old (decisions.md:
// /status is then "degraded"). Jobs that have never run on this database are not judged: a
// deployment may run its worker elsewhere, or not yet.
import type { JobSchedule } from './catalog.ts';

export function lateJobNames(history: Map<string, { firstStart: Date; lastSuccess: Date | null }>, jobs: readonly JobSchedule[], now: Date): string[] {
  return jobs
    .filter((job) => {
      const runs = history.get(job.name);
      if (!runs) return false;
      // Never succeeded: late once it has been trying for two periods.
      const since = runs.lastSuccess ?? runs.firstStart;
      return now.getTime() - since.getTime() > 2 * job.periodSeconds * 1000;
    })
    .map((job) => job.name);
}
