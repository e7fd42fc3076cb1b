// Integrations, webhooks, tracking events and the service status.
import type { Resolvers } from '../__generated__/resolvers.ts';
import { parseId } from '../connection.ts';

export const operationsResolvers: Resolvers = {
  Query: {
    integrations: (_parent, _args, { principal, services }) => services.integrations.listIntegrations(principal.accountId),
    webhooks: (_parent, _args, { principal, services }) => services.webhooks.listWebhooks(principal.accountId),
    status: (_parent, _args, { services }) => services.status.getStatus(),
  },
  ServiceStatus: {
    region: (s) => s.meta.region,
    env: (s) => s.meta.env,
    commit: (s) => s.meta.commit,
    checkTotalMs: (s) => s.meta.checkTotalMs,
    checkedAt: (s) => s.ts,
  },
  Integrations: {
    nodes: (i) => i.items,
    totals: ({ totals }) => ({ total: totals.total, connected: totals.connected, stale: totals.stale, revoked: totals.revoked, neverSynced: totals.never_synced }),
  },
  WebhookSubscription: { id: (w) => String(w.id) },
  Mutation: {
    async createWebhook(_parent, { input }, { principal, services }) {
      const { secret, warning, ...webhook } = await services.webhooks.createWebhook(principal.accountId, { url: input.url, events: input.events ?? undefined });
      return { webhook, secret, warning };
    },
    async revokeWebhook(_parent, { input }, { principal, services }) {
      const id = parseId(input.id);
      await services.webhooks.revokeWebhook(principal.accountId, id);
      return { revokedWebhookId: String(id) };
    },
    async trackEvent(_parent, { input }, { principal, services, clientAddress }) {
      const { eventId } = await services.track.trackEvent(
        { accountId: principal.accountId, keyId: principal.keyId },
        {
          event: input.event,
          ...(input.props != null ? { props: input.props } : {}),
          ...(input.visitorId != null ? { visitor_id: input.visitorId } : {}),
          ...(input.sessionId != null ? { session_id: input.sessionId } : {}),
          ...(input.url != null ? { url: input.url } : {}),
        },
        clientAddress,
      );
      return { eventId: String(eventId) };
    },
  },
};
