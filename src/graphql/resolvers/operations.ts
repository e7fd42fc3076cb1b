// Integrations, webhooks, tracking events and the service status.
import type { Resolvers } from '../__generated__/resolvers.ts';
import { ok } from '../user-errors.ts';
import { parseId, wholeList } from '../connection.ts';
import { toGlobalId } from '../global-id.ts';
import { markShownOnce } from '../../domain/idempotency/index.ts';

const SYNC_PHASES = { idle: 'IDLE', backfill: 'BACKFILL', synced: 'SYNCED', failed: 'FAILED' } as const;

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
    async syncStatus(integration, _args, { principal, services }) {
      if (integration.provider !== 'shopify' || !services.shopify) return null;
      const status = await services.shopify.syncStatus(principal.accountId, integration.id);
      return { phase: SYNC_PHASES[status.phase], progress: status.progress, lastError: status.lastError };
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
