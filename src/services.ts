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
import { alertsService } from './domain/alerts/service.ts';
import { eventsRepo } from './domain/events/repo.ts';
import { jobsRepo } from './jobs/repo.ts';
import { lateJobNames } from './jobs/lateness.ts';
import { ALL_JOBS } from './jobs/index.ts';
import { incidentsService } from './domain/incidents/service.ts';
import { uptimeService } from './domain/uptime/service.ts';
import { changelogService } from './domain/changelog/service.ts';
import { contentService } from './domain/content/service.ts';
import { benchmarksService } from './domain/benchmarks/service.ts';
import { accountInsightsService } from './domain/account-insights/service.ts';
import { siteService } from './domain/content/site.ts';
import { usageService } from './domain/usage/service.ts';
import { aiAccessService } from './domain/ai-access/service.ts';
import { aiInsightsService } from './domain/ai-insights/service.ts';
import { aiProviderFrom } from './ai/index.ts';
import type { AiProvider } from './ai/provider.ts';
import type { PaymentPort } from './domain/credits/payments.ts';

/** Ports a caller (a test, another deployment) may replace: the AI provider and the payment port. */
export interface ServicePorts {
  aiProvider?: AiProvider;
  payments?: PaymentPort;
}

export function buildServices(config: Readonly<Config>, db: Database, ports: ServicePorts = {}) {
  const auth = authService(db.prisma, config.jwt);
  const credits = creditsService(db.prisma, { payments: ports.payments });
  const accounts = accountsService(db.prisma);
  const usage = usageService(db.prisma, accounts);
  const anomalies = anomaliesService(db.prisma);
  const profit = profitService(db.prisma);
  const inventory = inventoryService(db.prisma);
  const integrations = integrationsService(db.prisma);
  const aiAccess = aiAccessService(db.prisma, { usage });
  return {
    accounts,
    auth,
    keys: keysService(db.prisma, { onRevoke: (id) => auth.forgetKey(id) }),
    customers: customersService(db.prisma),
    credits,
    integrations,
    webhooks: webhooksService(db.prisma, { allowHosts: config.webhooks.allowPrivateHosts }),
    events: eventsRepo(db.prisma),
    track: trackService(db.prisma),
    insights: insightsService(db.prisma),
    anomalies,
    profit,
    inventory,
    reorder: reorderService(db.prisma),
    analytics: analyticsService(db.prisma),
    incidents: incidentsService(db.prisma),
    uptime: uptimeService(db.prisma),
    changelog: changelogService(db.prisma),
    content: contentService(),
    site: siteService(config.publicBaseUrl),
    benchmarks: benchmarksService(db.prisma),
    accountInsights: accountInsightsService(db.prisma, integrations, () => ALL_JOBS),
    alerts: alertsService(db.prisma),
    usage,
    aiAccess,
    aiInsights: aiInsightsService(db.prisma, { aiAccess, credits, anomalies, profit, inventory, provider: ports.aiProvider ?? aiProviderFrom(config.ai) }),
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
