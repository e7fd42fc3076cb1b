// The live module's public surface: the outbox read as a feed of typed events per account.
export {
  liveFeed,
  type LiveFeed,
  type LiveKind,
  type AnomalyDetectedEvent,
  type InsightCreatedEvent,
  type CreditsChangedEvent,
  type AnalyticsUpdatedEvent,
} from './feed.ts';
