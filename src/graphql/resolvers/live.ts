// Subscriptions: each field opens the live feed of the connection's account (src/domain/live)
// and passes its events through unchanged. Authentication and the read scope are checked once,
// in connection_init (src/graphql/ws.ts).
import type { Resolvers } from '../__generated__/resolvers.ts';
import type { AnalyticsUpdatedEvent, AnomalyDetectedEvent, CreditsChangedEvent, InsightCreatedEvent } from '../../domain/live/index.ts';
import { metricWords } from '../../domain/anomalies/index.ts';

export const liveResolvers: Resolvers = {
  Subscription: {
    anomalyDetected: {
      subscribe: (_parent, { minSeverity }, { principal, services }) => services.live.anomalies(principal.accountId, minSeverity),
      resolve: (event: AnomalyDetectedEvent) => event,
    },
    insightCreated: {
      subscribe: (_parent, _args, { principal, services }) => services.live.insights(principal.accountId),
      resolve: (event: InsightCreatedEvent) => event,
    },
    creditsChanged: {
      subscribe: (_parent, _args, { principal, services }) => services.live.credits(principal.accountId),
      resolve: (event: CreditsChangedEvent) => event,
    },
    analyticsUpdated: {
      subscribe: (_parent, _args, { principal, services }) => services.live.analytics(principal.accountId),
      resolve: (event: AnalyticsUpdatedEvent) => event,
    },
  },
  AnomalyDetectedEvent: {
    metricName: (event) => metricWords(event.metric),
  },
};
