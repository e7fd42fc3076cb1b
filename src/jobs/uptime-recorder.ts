// Records one uptime check per monitored service every minute (the worker, and `svc start`).
// Several workers may run it: a 50-second lease per minute lets only one of them record.
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { PrismaClient } from '../db/client.ts';
import type { Services } from '../services.ts';
import { jobsRepo } from './repo.ts';

export const UPTIME_JOB = 'uptime-check';

export interface UptimeRecorderDeps {
  prisma: PrismaClient;
  services: Pick<Services, 'status' | 'uptime'>;
  /** Where the API answers (its /healthz is the api probe). */
  apiUrl: string;
  log?: (message: string) => void;
}

export function uptimeRecorder({ prisma, services, apiUrl, log = () => {} }: UptimeRecorderDeps) {
  const locks = jobsRepo(prisma);
  let cron: Cron | null = null;
  let running: Promise<void> | null = null;

  async function recordOnce(at = new Date()) {
    const token = randomUUID();
    if (!(await locks.tryLock(UPTIME_JOB, '*', token, 50_000))) return null;
    const status = services.status.getStatus();
    return services.uptime.recordChecks(
      {
        api: async () => (await fetch(`${apiUrl}/healthz`, { signal: AbortSignal.timeout(5_000) })).ok,
        database: async () => (await status).database.status === 'ok',
        jobs: async () => (await status).lateJobs.length === 0,
        webhooks: () => services.uptime.webhooksKeepingUp(at),
      },
      at,
    );
  }

  return {
    recordOnce,
    start(): void {
      cron = new Cron('* * * * *', { timezone: 'UTC', protect: true }, () => {
        running = recordOnce().then(
          () => undefined,
          (error: unknown) => log(`${UPTIME_JOB}: ${String(error)}`),
        );
        return running;
      });
    },
    async stop(): Promise<void> {
      cron?.stop();
      await running;
    },
  };
}
