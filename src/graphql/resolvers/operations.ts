// Integrations, webhooks, tracking events and the service status.
import type { Resolvers } from '../__generated__/resolvers.ts';
import { ok, toUserError } from '../user-errors.ts';
import { AppError } from '../../errors.ts';
import { shopifyInstallStart } from '../../connectors/shopify/index.ts';
import type { GraphQLServices } from '../context.ts';
import { recentErrors } from '../../domain/integrations/index.ts';
import { parseId, wholeList } from '../connection.ts';
import { toGlobalId } from '../global-id.ts';
import { markShownOnce } from '../../domain/idempotency/index.ts';

/** One of the account's integrations, as the list answers it (not_found otherwise). */
async function integrationOf(services: GraphQLServices, accountId: string, id: number) {
  const found = (await services.integrations.listIntegrations(accountId)).items.find((i) => i.id === id);
  if (!found) throw new AppError('not_found', 'no such integration');
  return found;
}

const SYNC_PHASES = { idle: 'IDLE', backfill: 'BACKFILL', synced: 'SYNCED', failed: 'FAILED' } as const;

/** IntegrationErrorSource's values (SCREAMING_SNAKE_CASE) for the domain's. */
const ERROR_SOURCES = { sync: 'SYNC', webhook: 'WEBHOOK' } as const;

export const operationsResolvers: Resolvers = {
  Query: {
    integrations: (_parent, _args, { principal, services }) => services.integrations.listIntegrations(principal.accountId),
    webhooks: (_parent, _args, { principal, services }) => services.webhooks.listWebhooks(principal.accountId),
    webhookSubscriptions: async (_parent, _args, { principal, services }) => ({ items: await services.webhooks.listWebhooks(principal.accountId) }),
    status: (_parent, _args, { services }) => services.status.getStatus(),
  },
  ServiceStatus: {
    region: (s) => s.meta.region,
    env: (s) => s.meta.env,
    commit: (s) => s.meta.commit,
    checkTotalMs: (s) => s.meta.checkTotalMs,
    checkedAt: (s) => s.ts,
  },
  WebhookSubscriptionConnection: {
    nodes: (c) => c.items,
    ...wholeList(
      'webhook_subscription',
      (c) => c.items,
      (c) => c.items.length,
    ),
  },
  Integration: {
    async syncStatus(integration, _args, { services, loaders }) {
      if (integration.provider !== 'shopify' || !services.shopify) return null;
      return { integrationId: integration.id, status: await loaders.shopifySyncStatus.load(integration.id) };
    },
  },
  IntegrationSyncStatus: {
    phase: ({ status }) => SYNC_PHASES[status.phase],
    progress: ({ status }) => status.progress,
    lastError: ({ status }) => status.lastError,
    /** The streams' errors and the deliveries' (one statement for the request's integrations; the rule: the domain's recentErrors). */
    async recentErrors({ integrationId, status }, _args, { loaders }) {
      const deliveries = await loaders.integrationInboxErrors.load(integrationId);
      return recentErrors(status.streams, deliveries).map((e) => ({ ...e, source: ERROR_SOURCES[e.source] }));
    },
  },
  Integrations: {
    nodes: (i) => i.items,
    ...wholeList(
      'integration',
      (i) => i.items,
      (i) => i.totals.total,
    ),
    totals: ({ totals }) => ({
      total: totals.total,
      connected: totals.connected,
      stale: totals.stale,
      revoked: totals.revoked,
      neverSynced: totals.never_synced,
    }),
  },
  Mutation: {
    async createWebhook(_parent, { input }, { principal, services, idempotency }) {
      const { secret, warning, ...webhook } = await services.webhooks.createWebhook(
        principal.accountId,
        { url: input.url, events: input.events ?? undefined },
        idempotency,
      );
      markShownOnce(idempotency, secret);
      return ok({ webhook, secret, warning });
    },
    startShopifyInstall(_parent, { input }, { services }) {
      try {
        return ok(shopifyInstallStart({ config: services.config }, input.shop));
      } catch (error) {
        // An unconfigured connector is this service's state, not a fault: answered to the dashboard as data.
        if (error instanceof AppError && error.code === 'not_configured') return { userErrors: [toUserError(error, true)] };
        throw error;
      }
    },
    async disconnectIntegration(_parent, { input }, { principal, services }) {
      const id = parseId(input.id, 'Integration');
      // Revoked and its tokens forgotten in one transaction.
      const { revoked } = await services.integrations.revokeIntegration(principal.accountId, id);
      if (!revoked) throw new AppError('conflict', 'The integration is already revoked.');
      return ok({ integration: await integrationOf(services, principal.accountId, id) });
    },
    async resyncIntegration(_parent, { input }, { principal, services }) {
      const id = parseId(input.id, 'Integration');
      const integration = await integrationOf(services, principal.accountId, id);
      if (integration.status === 'revoked') throw new AppError('conflict', 'The integration is revoked; reconnect it first.');
      if (integration.provider !== 'shopify' || !services.shopify) throw new AppError('conflict', 'No connector syncs this integration on this service.');
      await services.shopify.resync(principal.accountId, id);
      return ok({ integration });
    },
    async revokeWebhook(_parent, { input }, { principal, services }) {
      const id = parseId(input.id, 'WebhookSubscription');
      await services.webhooks.revokeWebhook(principal.accountId, id);
      return ok({ revokedWebhookId: toGlobalId('WebhookSubscription', id) });
    },
    async trackEvent(_parent, { input }, { principal, services, clientAddress, idempotency }) {
      const { eventId } = await services.track.trackEvent(
        { accountId: principal.accountId, keyId: principal.keyId, idempotency },
        {
          event: input.event,
          ...(input.props != null ? { props: input.props } : {}),
          ...(input.visitorId != null ? { visitor_id: input.visitorId } : {}),
          ...(input.sessionId != null ? { session_id: input.sessionId } : {}),
          ...(input.url != null ? { url: input.url } : {}),
        },
        clientAddress,
      );
      return ok({ eventId: String(eventId) });
    },
  },
};
