// The webhook event names a subscription may list (decisions.md, "Webhooks"): the v1 catalog, the
// four announced names the service decided to emit, and "*" for every event. integration.broken
// and creative.winner.detected were announced too but are not emitted, so they are refused.
export const WILDCARD = '*';

/** The v1 event catalog (rest-api-v1.md, "Event catalog"), in its order. */
export const CATALOG_EVENTS = [
  'purchase.created',
  'credits.low',
  'credits.depleted',
  'credits.recharged',
  'alert.fired',
  'anomaly.detected',
  'usage.threshold_crossed',
  'ai.paused',
  'ai.resumed',
  'integration.connected',
  'integration.revoked',
] as const;

/** Announced earlier and decided to be emitted. */
export const DECIDED_EXTRA_EVENTS = ['credit.consumed', 'credit.refunded', 'inventory.low_stock', 'integration.disconnected'] as const;

export const WEBHOOK_EVENTS = [...CATALOG_EVENTS, ...DECIDED_EXTRA_EVENTS] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** Every value accepted in a subscription's `events` list. */
export const SUBSCRIBABLE = new Set<string>([WILDCARD, ...WEBHOOK_EVENTS]);

/** Whether a subscription listing `events` receives the event `name`. */
export const subscribesTo = (events: readonly string[], name: WebhookEventName): boolean => events.includes(WILDCARD) || events.includes(name);
