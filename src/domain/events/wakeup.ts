// In-process wake-ups for whoever consumes the outbox (the webhook dispatcher): a writer in this
// process signals after it appended events (or queued deliveries again), so a dispatcher in the
// same process does not wait for its next poll. The signal can come before the writer's
// transaction commits; the consumer looks again shortly after a signal that found nothing.
// Writers in other processes reach it through PostgreSQL NOTIFY (the outbox trigger) instead.
import { listenForNotifications, type Listening } from '../../db/listen.ts';

type Listener = () => void;

const listeners = new Set<Listener>();

/** Tells the consumers in this process that outbox work may be waiting. Cheap; never throws. */
export function signalOutboxWork(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch {
      // A consumer's wake-up must never fail the writer.
    }
  }
}

/** Registers a consumer; returns the function that unregisters it. */
export function onOutboxWork(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The PostgreSQL NOTIFY channel the outbox trigger notifies on every insert statement. */
export const OUTBOX_CHANNEL = 'outbox_events';

/**
 * Wake-ups from the outbox trigger's NOTIFY (a PostgreSQL server: writers in any process), over a
 * dedicated LISTEN connection to `connectionString`, for a consumer that calls it with its wake.
 */
export function outboxNotifications(connectionString: string, log?: (message: string) => void, label?: string) {
  return (wake: () => void): Listening =>
    listenForNotifications({ connectionString, channel: OUTBOX_CHANNEL, onNotify: wake, ...(log ? { log } : {}), ...(label ? { label } : {}) });
}
