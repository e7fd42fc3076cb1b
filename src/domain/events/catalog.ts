// The domain events (rest-api-v1.md "Event catalog" and decisions.md "Webhooks"): their names,
// the exact `data` each one carries, and what a webhook subscription may list. The v1 catalog,
// the four announced names the service decided to emit, and "*" for every event.
// integration.broken and creative.winner.detected were announced too but are not emitted, so they
// are refused in subscriptions.
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
/** Written to the outbox for live updates (GraphQL subscriptions) only: never delivered to webhooks. */
export const LIVE_ONLY_EVENTS = ['insight.created', 'analytics.updated'] as const;
export type EventName = WebhookEventName | (typeof LIVE_ONLY_EVENTS)[number];
const WEBHOOK_EVENT_SET = new Set<string>(WEBHOOK_EVENTS);

/** Every value accepted in a subscription's `events` list. */
export const SUBSCRIBABLE = new Set<string>([WILDCARD, ...WEBHOOK_EVENTS]);

/** Whether a subscription listing `events` receives the event `name`. */
export const subscribesTo = (events: readonly string[], name: string): boolean =>
  WEBHOOK_EVENT_SET.has(name) && (events.includes(WILDCARD) || events.includes(name));

/** ISO-8601 UTC with milliseconds, as every timestamp of the API. */
type Timestamp = string;

/**
 * The `data` of each event, field for field. The catalog's fields are the contract's; the four
 * extras are decided here and documented in docs/webhooks.md.
 */
export interface EventDataMap {
  'purchase.created': { invoice_id: string; amount: number; currency: string; customer_email: string };
  'credits.low': { balance: number; threshold: number; last_feature: string };
  'credits.depleted': { balance: number; last_feature: string; last_amount: number };
  'credits.recharged': { credits_added: number; new_balance: number; stripe_session: string; source: string };
  'alert.fired': {
    rule_id: number;
    rule_name: string;
    severity: 'low' | 'medium' | 'high' | 'critical';
    metric: string;
    observed: number;
    threshold: number;
    comparator: string;
    window_hours: number;
  };
  'anomaly.detected': {
    metric: string;
    observed: number;
    expected: number;
    z_score: number;
    direction: 'up' | 'down';
    severity: string;
    source: string;
  };
  'usage.threshold_crossed': {
    month: string;
    severity: 'warning' | 'critical';
    cost_usd: number;
    tokens: number;
    requests: number;
    threshold_usd: number;
    ts: Timestamp;
  };
  'ai.paused':
    | { action: 'pause'; reason: string; by: string; by_kind: 'admin'; ts: Timestamp }
    | { action: 'pause'; reason: string; by: string; by_kind: 'system'; cost_usd: number; threshold_usd: number; ts: Timestamp };
  'ai.resumed': { action: 'resume'; reason: string | null; by: string; by_kind: 'admin'; ts: Timestamp };
  'integration.connected': { provider: string; shop: string };
  'integration.revoked': { provider: string; store_id: number; reason: string };
  /** Every debit: the ledger row, the feature, the credits taken and the balance after. */
  'credit.consumed': { transaction_id: number; feature: string; amount: number; balance: number };
  /** Every refund: the refund's ledger row, the debit it returns, the credits and the balance after. */
  'credit.refunded': { transaction_id: number; refund_of: number; feature: string; amount: number; balance: number };
  /** An item enters low or critical (not on every run while it stays there). */
  'inventory.low_stock': {
    sku: string;
    product_name: string;
    status: 'low' | 'critical';
    current_stock: number;
    days_of_stock: number | null;
    lead_time_days: number;
    estimated_stockout_date: string | null;
  };
  /** A connected integration went 24 hours without a completed sync. */
  'integration.disconnected': { provider: string; store_id: number; shop: string; last_sync_at: Timestamp | null; reason: 'stale' };
  /** A new insight was stored (live only). */
  'insight.created': { insight_id: number; severity: string; category: string; title: string };
  /** The analytics caught up with writes (live only): the local days recomputed, and how many customers and SKUs. */
  'analytics.updated': { days: string[]; customers: number; skus: number };
}

export type EventData<N extends EventName> = EventDataMap[N];

/** One event as it is handed to the outbox. */
export interface DomainEvent<N extends EventName = EventName> {
  name: N;
  data: EventDataMap[N];
}

/** Builds a typed event (the name picks the data shape). */
export const domainEvent = <N extends EventName>(name: N, data: EventDataMap[N]): DomainEvent<N> => ({ name, data });
