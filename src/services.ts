// The domain services, built once per process from the database and config and shared by every
// door (REST, GraphQL, jobs, CLI).
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { accountsService } from './domain/accounts/service.ts';
import { authService } from './domain/auth/service.ts';
import { keysService } from './domain/keys/service.ts';
import { customersService } from './domain/customers/service.ts';
import { creditsService } from './domain/credits/service.ts';
import { integrationsService } from './domain/integrations/service.ts';
import { statusService } from './domain/status/service.ts';
import { webhooksService } from './domain/webhooks/service.ts';
import { trackService } from './domain/track/service.ts';
import { insightsService } from './domain/insights/service.ts';
import { anomaliesService } from './domain/anomalies/service.ts';
import { profitService } from './domain/profit/service.ts';
import { inventoryService } from './domain/inventory/service.ts';
import { reorderService } from './domain/reorder/service.ts';
import { analyticsService } from './domain/analytics/service.ts';
import { eventsRepo } from './domain/events/repo.ts';
import { jobsRepo } from './jobs/repo.ts';
import { lateJobNames } from './jobs/lateness.ts';
import { ALL_JOBS } from './jobs/index.ts';

export function buildServices(config: Readonly<Config>, db: Database) {
  const auth = authService(db.prisma, config.jwt);
  return {
    accounts: accountsService(db.prisma),
    auth,
    keys: keysService(db.prisma, { onRevoke: (id) => auth.forgetKey(id) }),
    customers: customersService(db.prisma),
    credits: creditsService(db.prisma),
    integrations: integrationsService(db.prisma),
    webhooks: webhooksService(db.prisma, { allowHosts: config.webhooks.allowPrivateHosts }),
    events: eventsRepo(db.prisma),
    track: trackService(db.prisma),
    insights: insightsService(db.prisma),
    anomalies: anomaliesService(db.prisma),
    profit: profitService(db.prisma),
    inventory: inventoryService(db.prisma),
    reorder: reorderService(db.prisma),
    analytics: analyticsService(db.prisma),
    status: statusService({
      ping: db.ping,
      region: config.region,
      env: config.env,
      commit: config.commit,
      lateJobs: async () => lateJobNames(await jobsRepo(db.prisma).runHistory(ALL_JOBS.map((j) => j.name)), ALL_JOBS, new Date()),
    }),
  };
}

export type Services = ReturnType<typeof buildServices>;
