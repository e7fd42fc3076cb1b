// The events module's public surface: the event catalogue and the outbox.
export {
  CATALOG_EVENTS,
  DECIDED_EXTRA_EVENTS,
  domainEvent,
  type DomainEvent,
  type EventDataMap,
  type EventName,
  WEBHOOK_EVENTS,
  type WebhookEventName,
  WILDCARD,
} from './catalog.ts';
export { appendEvents, eventsRepo, type StoredEvent } from './repo.ts';
export { signalOutboxWork, onOutboxWork, outboxNotifications, OUTBOX_CHANNEL } from './wakeup.ts';
