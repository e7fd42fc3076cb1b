// The events module's public surface: the event catalogue and the outbox.
export * from './catalog.ts';
export { appendEvents, eventsRepo, type StoredEvent } from './repo.ts';
export { signalOutboxWork, onOutboxWork, outboxNotifications, OUTBOX_CHANNEL } from './wakeup.ts';
