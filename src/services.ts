// The domain services, built once per process from the database and config and shared by every
// door (REST, GraphQL, jobs, CLI).
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { accountsService } from './domain/accounts/index.ts';
import { authService } from './domain/auth/index.ts';
import { keysService } from './domain/keys/index.ts';
import { usersService } from './domain/users/index.ts';
import { customersService } from './domain/customers/index.ts';
import { creditsService } from './domain/credits/index.ts';
import { integrationsService } from './domain/integrations/index.ts';
import { statusService } from './domain/status/index.ts';
import { webhooksService } from './domain/webhooks/index.ts';
import { parseSecretKey, secretBox } from './domain/webhooks/secret-box.ts';
import { trackService } from './domain/track/index.ts';
import { insightsService } from './domain/insights/index.ts';
import { anomaliesService } from './domain/anomalies/index.ts';
import { profitService } from './domain/profit/index.ts';
import { inventoryService } from './domain/inventory/index.ts';
import { reorderService } from './domain/reorder/index.ts';
import { alertsService } from './domain/alerts/index.ts';
import { eventsRepo, outboxNotifications } from './domain/events/index.ts';
import { liveFeed } from './domain/live/index.ts';
import { catchupService } from './domain/catchup/index.ts';
import { jobsRepo } from './jobs/repo.ts';
import { lateJobNames } from './jobs/lateness.ts';
import { ACCOUNT_JOB_CATALOG, JOB_CATALOG } from './jobs/catalog.ts';
import { incidentsService } from './domain/incidents/index.ts';
import { uptimeService } from './domain/uptime/index.ts';
import { changelogService } from './domain/changelog/index.ts';
import { contentService } from './domain/content/index.ts';
import { benchmarksService } from './domain/benchmarks/index.ts';
import { accountSummariesService } from './domain/account-summaries/index.ts';
import { siteService } from './domain/content/index.ts';
import { usageService } from './domain/usage/index.ts';
import { retentionService } from './domain/retention/index.ts';
import { aiAccessService } from './domain/ai-access/index.ts';
import { aiInsightsService } from './domain/ai-insights/index.ts';
import { idempotencyService } from './domain/idempotency/index.ts';
import { aiProviderFrom } from './ai/index.ts';
import { reportsService } from './domain/reports/index.ts';
import { ordersService } from './domain/orders/index.ts';
import { ingestionService, type OnChanged } from './domain/ingestion/index.ts';
import { importsService } from './domain/imports/index.ts';
import { connectionsService } from './domain/connections/index.ts';
import { syncStreamsService } from './domain/integrations/index.ts';
// The connector's modules that do not read the services bag (its index does, through core.ts: a cycle).
import { shopifySync, SHOPIFY_SYNC_JOB, type ShopifySyncDeps } from './connectors/shopify/sync.ts';
import { shopifyAccess } from './connectors/shopify/tokens.ts';
import { shopifyCredentials } from './connectors/shopify/config.ts';
import type { AiProvider } from './ai/provider.ts';
import type { PaymentPort } from './domain/credits/index.ts';

/** Ports a caller (a test, another deployment) may replace: the AI provider, the payment port, what a commerce write marks (default: the analytics catch-up's marks). */
export interface ServicePorts {
  aiProvider?: AiProvider;
  payments?: PaymentPort;
  onIngested?: OnChanged;
  /**
   * The Shopify connector's sync (token source, API version and base URL, PUBLIC_URL, tuning):
   * by default built from config.shopify and part A's token store (shopifyAccess) once the app is
   * configured; without either `services.shopify` is null.
   */
  shopify?: Omit<ShopifySyncDeps, 'ingestion' | 'integrations' | 'streams' | 'stock' | 'enqueue'>;
}

export function buildServices(config: Readonly<Config>, db: Database, ports: ServicePorts = {}) {
  // Without SESSION_SECRET (nor the embedded database's key file, src/main.ts): a key of this process.
  const auth = authService(db.prisma, config.jwt, {
    sessions: { ttlSeconds: config.session.ttlMinutes * 60, ...(config.session.secret ? { key: config.session.secret } : {}) },
  });
  const credits = creditsService(db.prisma, { payments: ports.payments });
  const accounts = accountsService(db.prisma);
  const usage = usageService(db.prisma, accounts);
  const anomalies = anomaliesService(db.prisma);
  const profit = profitService(db.prisma);
  const inventory = inventoryService(db.prisma);
  const customers = customersService(db.prisma);
  const catchup = catchupService(db.prisma, { profit, customers, inventory, debounceMs: config.jobs.catchUpDebounceMs });
  const integrations = integrationsService(db.prisma);
  const syncStreams = syncStreamsService(db.prisma);
  const aiAccess = aiAccessService(db.prisma, { usage });
  // Webhook signing secrets and kept Idempotency-Key answers are sealed with the same key.
  const secrets = secretBox(config.webhooks.secretKey ? parseSecretKey(config.webhooks.secretKey) : null);
  // What a write changed is marked for the analytics catch-up (docs/analytics.md, "Catch-up").
  const ingestion = ingestionService(db.prisma, { onChanged: ports.onIngested ?? catchup.onChanged });
  // Connector plumbing (OAuth states, upstream tokens sealed with the webhook secrets' key, the webhook inbox).
  const connections = connectionsService(db.prisma, { secrets, enqueue: (accountId) => jobsRepo(db.prisma).enqueueNow('connector-inbox', accountId) });
  const shopifyPorts: ServicePorts['shopify'] =
    ports.shopify ??
    (shopifyCredentials(config.shopify)
      ? {
          api: { apiVersion: config.shopify.apiVersion, baseUrl: config.shopify.baseUrl },
          publicUrl: config.shopify.publicUrl ?? '',
          access: (integrationId) => shopifyAccess({ config, services: { connections, integrations } }, integrationId),
        }
      : undefined);
  return {
    /** The configuration the services were built with (connectors and jobs read their settings here). */
    config,
    accounts,
    auth,
    keys: keysService(db.prisma, { onRevoke: (id) => auth.forgetKey(id) }),
    users: usersService(db.prisma, { onSessionsChanged: (id) => auth.forgetUser(id), hashCost: config.session.passwordHashCost }),
    customers,
    catchup,
    credits,
    integrations,
    /** Integrations' sync streams and the progress they add up to (the connectors' bookkeeping; Integration.syncStatus batches it). */
    syncStreams,
    webhooks: webhooksService(db.prisma, {
      allowHosts: config.webhooks.allowPrivateHosts,
      extraCa: config.webhooks.extraCa,
      secrets,
    }),
    events: eventsRepo(db.prisma),
    live: liveFeed(eventsRepo(db.prisma), {
      pollMs: config.graphql.subscriptions.pollMs,
      // A PostgreSQL server NOTIFYs outbox inserts from any process; the embedded database cannot LISTEN.
      ...(db.kind === 'server' ? { wakeups: outboxNotifications(db.connectionString, undefined, 'live feed wake-ups') } : {}),
    }),
    track: trackService(db.prisma),
    insights: insightsService(db.prisma),
    anomalies,
    profit,
    inventory,
    reorder: reorderService(db.prisma),
    incidents: incidentsService(db.prisma),
    uptime: uptimeService(db.prisma),
    changelog: changelogService(db.prisma),
    content: contentService(),
    site: siteService(config.publicBaseUrl),
    benchmarks: benchmarksService(db.prisma),
    accountSummaries: accountSummariesService(db.prisma, integrations, () => ACCOUNT_JOB_CATALOG),
    alerts: alertsService(db.prisma),
    reports: reportsService(db.prisma),
    orders: ordersService(db.prisma),
    ingestion,
    connections,
    shopify: shopifyPorts
      ? shopifySync({
          ...shopifyPorts,
          ingestion,
          integrations,
          streams: syncStreams,
          stock: connections,
          enqueue: (accountId) => jobsRepo(db.prisma).enqueueNow(SHOPIFY_SYNC_JOB, accountId),
        })
      : null,
    imports: importsService(db.prisma, {
      ingestion,
      enqueue: (accountId) => jobsRepo(db.prisma).enqueueNow('imports', accountId),
      maxBytes: config.imports.maxBytes,
    }),
    retention: retentionService(db.prisma, config.retention),
    usage,
    idempotency: idempotencyService(db.prisma, { secrets }),
    aiAccess,
    aiInsights: aiInsightsService(db.prisma, { aiAccess, credits, anomalies, profit, inventory, provider: ports.aiProvider ?? aiProviderFrom(config.ai) }),
    status: statusService({
      ping: db.ping,
      region: config.region,
      env: config.env,
      commit: config.commit,
      lateJobs: async () => lateJobNames(await jobsRepo(db.prisma).runHistory(JOB_CATALOG.map((j) => j.name)), JOB_CATALOG, new Date()),
    }),
  };
}

export type Services = ReturnType<typeof buildServices>;
