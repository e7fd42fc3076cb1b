// The live event feed: the outbox (events written in the same transactions as their changes)
// read as it grows and routed to the subscribers of each account. One reader per process reads
// the rows after its cursor (the primary key: one indexed range read per look, only while someone
// listens), so every instance sees every event whichever instance or job wrote it, on PostgreSQL
// and on the embedded database alike. A subscriber receives its own account's events only.
// It looks when woken, from the same sources as the webhook dispatcher: a writer in this process
// (onOutboxWork) and, on a PostgreSQL server, the outbox trigger's NOTIFY from any process (a
// LISTEN connection held while someone listens). The local signal comes before the writer
// commits, so a look after a wake-up is followed by a few more with growing waits; a slow poll
// (LIVE_POLL_MS) stays the safety net.
import { onOutboxWork, type EventName, type StoredEvent } from '../events/index.ts';
import type { Severity } from '../shared/index.ts';

/** Severities from the least to the most serious (minSeverity compares by this order). */
const SEVERITIES: readonly Severity[] = ['low', 'medium', 'high', 'critical'];

/** Anomaly detected (anomaly.detected of medium severity and above). */
export interface AnomalyDetectedEvent {
  eventId: string;
  occurredAt: Date;
  metric: string;
  observed: number;
  expected: number;
  zScore: number;
  direction: 'up' | 'down';
  severity: Severity;
  kind: 'univariate' | 'correlated';
}
export interface InsightCreatedEvent {
  eventId: string;
  occurredAt: Date;
  insightId: string;
  severity: Severity;
  category: string;
  title: string;
}
/** A change of the credit balance: a debit (negative delta), a refund or a recharge. */
export interface CreditsChangedEvent {
  eventId: string;
  occurredAt: Date;
  reason: 'consumed' | 'refunded' | 'recharged';
  delta: number;
  balance: number;
  feature: string | null;
}

/** The analytics caught up with writes (analytics.updated, live only). */
export interface AnalyticsUpdatedEvent {
  eventId: string;
  occurredAt: Date;
  /** The local days whose profit snapshots were recomputed, oldest first. */
  days: string[];
  customers: number;
  skus: number;
}

export interface OutboxReader {
  lastId(): Promise<bigint>;
  after(afterId: bigint, names: readonly EventName[], take: number): Promise<StoredEvent[]>;
}

const BATCH = 500;
/** Events waiting for a slow subscriber before it is ended (it can resubscribe). */
const MAX_QUEUED = 1_000;

type Data = Record<string, unknown>;
const num = (v: unknown) => Number(v);
const str = (v: unknown) => String(v);
const severity = (v: unknown): Severity => (SEVERITIES.includes(v as Severity) ? (v as Severity) : 'medium');

/** An outbox row as the event of a live kind (null when it is not one of that kind's). */
const MAPPERS = {
  anomalyDetected: (e: StoredEvent, d: Data): AnomalyDetectedEvent => ({
    eventId: e.eventId,
    occurredAt: e.createdAt,
    metric: str(d.metric),
    observed: num(d.observed),
    expected: num(d.expected),
    zScore: num(d.z_score),
    direction: d.direction === 'up' ? 'up' : 'down',
    severity: severity(d.severity),
    kind: d.source === 'correlated' ? 'correlated' : 'univariate',
  }),
  insightCreated: (e: StoredEvent, d: Data): InsightCreatedEvent => ({
    eventId: e.eventId,
    occurredAt: e.createdAt,
    insightId: str(d.insight_id),
    severity: severity(d.severity),
    category: str(d.category),
    title: str(d.title),
  }),
  creditsChanged: (e: StoredEvent, d: Data): CreditsChangedEvent => {
    if (e.name === 'credits.recharged')
      return { eventId: e.eventId, occurredAt: e.createdAt, reason: 'recharged', delta: num(d.credits_added), balance: num(d.new_balance), feature: null };
    const consumed = e.name === 'credit.consumed';
    return {
      eventId: e.eventId,
      occurredAt: e.createdAt,
      reason: consumed ? 'consumed' : 'refunded',
      delta: consumed ? -num(d.amount) : num(d.amount),
      balance: num(d.balance),
      feature: str(d.feature),
    };
  },
  analyticsUpdated: (e: StoredEvent, d: Data): AnalyticsUpdatedEvent => ({
    eventId: e.eventId,
    occurredAt: e.createdAt,
    days: Array.isArray(d.days) ? d.days.map(str) : [],
    customers: num(d.customers),
    skus: num(d.skus),
  }),
};
export type LiveKind = keyof typeof MAPPERS;
type EventOf<K extends LiveKind> = ReturnType<(typeof MAPPERS)[K]>;

const NAMES: Record<LiveKind, readonly EventName[]> = {
  anomalyDetected: ['anomaly.detected'],
  insightCreated: ['insight.created'],
  creditsChanged: ['credit.consumed', 'credit.refunded', 'credits.recharged'],
  analyticsUpdated: ['analytics.updated'],
};
const ALL_NAMES = Object.values(NAMES).flat();

interface Listener {
  accountId: string;
  deliver(event: StoredEvent): void;
  end(): void;
}

/** Looks again after a wake-up at these waits (about 34 s in all; the writer may not have committed yet). */
export const FOLLOW_UPS_MS: readonly number[] = [5, 20, 60, 150, 400, 1_000, 2_500, 5_000, 10_000, 15_000];

export interface LiveFeedOptions {
  /** The safety poll's period, in milliseconds. */
  pollMs: number;
  onError?: (e: unknown) => void;
  /** Wake-ups from writers in other processes (PostgreSQL LISTEN), opened while someone listens. */
  wakeups?: (wake: () => void) => { close(): Promise<void> };
  followUpsMs?: readonly number[];
}

export function liveFeed(outbox: OutboxReader, options: LiveFeedOptions) {
  const listeners = new Set<Listener>();
  let cursor: bigint | null = null;
  let pollTimer: NodeJS.Timeout | null = null;
  let followTimer: NodeJS.Timeout | null = null;
  let followUps: number[] = [];
  let stopLocal: (() => void) | null = null;
  let external: { close(): Promise<void> } | null = null;
  let closing: Promise<void> = Promise.resolve();
  let looking = false;
  let again = false;
  /** Counts stops: a look begun before a stop routes nothing after it. */
  let generation = 0;

  /** Reads the rows after the cursor and routes them; a wake-up during a look makes one more. */
  async function look(): Promise<void> {
    if (cursor === null) return;
    if (looking) {
      again = true;
      return;
    }
    looking = true;
    try {
      do {
        again = false;
        const session = generation;
        for (let more = true; more && listeners.size > 0 && cursor !== null;) {
          const rows = await outbox.after(cursor, ALL_NAMES, BATCH);
          if (session !== generation) {
            again = true; // stopped meanwhile: start over from the new session's cursor, if any
            break;
          }
          for (const row of rows) {
            cursor = row.id;
            for (const listener of listeners) if (listener.accountId === row.accountId) listener.deliver(row);
          }
          more = rows.length === BATCH;
        }
      } while (again && listeners.size > 0);
    } catch (error) {
      options.onError?.(error);
    } finally {
      looking = false;
    }
    followUp();
  }

  /** The next follow-up look, while the wake-up's schedule lasts (found or not: it may not be ours). */
  function followUp(): void {
    if (followTimer || listeners.size === 0) return;
    const wait = followUps.shift();
    if (wait === undefined) return;
    followTimer = setTimeout(() => {
      followTimer = null;
      void look();
    }, wait).unref();
  }

  function wake(): void {
    if (listeners.size === 0) return;
    followUps = [...(options.followUpsMs ?? FOLLOW_UPS_MS)];
    if (followTimer) clearTimeout(followTimer);
    followTimer = null;
    void look();
  }

  function start(): void {
    pollTimer = setInterval(() => void look(), options.pollMs).unref();
    stopLocal = onOutboxWork(wake);
    external = options.wakeups?.(wake) ?? null;
  }

  function stop(): void {
    if (pollTimer) clearInterval(pollTimer);
    if (followTimer) clearTimeout(followTimer);
    pollTimer = followTimer = null;
    followUps = [];
    stopLocal?.();
    stopLocal = null;
    const current = external;
    external = null;
    cursor = null;
    generation++;
    if (current) closing = closing.then(() => current.close()).catch((error: unknown) => options.onError?.(error));
  }

  function remove(listener: Listener): void {
    if (!listeners.delete(listener)) return;
    if (listeners.size === 0) stop();
  }

  /**
   * The account's events of one kind from now on, as an async iterator (ended by return()). It
   * resolves once the feed's cursor is set, so every event written after it is delivered.
   */
  async function subscribe<K extends LiveKind>(
    accountId: string,
    kind: K,
    accept: (event: EventOf<K>) => boolean = () => true,
  ): Promise<AsyncIterableIterator<EventOf<K>>> {
    if (cursor === null) {
      const last = await outbox.lastId();
      cursor ??= last;
    }
    if (!pollTimer) start();
    const names = new Set<string>(NAMES[kind]);
    const queue: Array<EventOf<K>> = [];
    let waiting: ((result: IteratorResult<EventOf<K>>) => void) | null = null;
    let done = false;
    const finish = (): Promise<IteratorResult<EventOf<K>>> => {
      done = true;
      remove(listener);
      waiting?.({ value: undefined, done: true });
      waiting = null;
      return Promise.resolve({ value: undefined, done: true });
    };
    const listener: Listener = {
      accountId,
      end: () => void finish(),
      deliver(row) {
        if (!names.has(row.name)) return;
        const event = MAPPERS[kind](row, (row.data ?? {}) as Data) as EventOf<K>;
        if (!accept(event)) return;
        if (waiting) {
          waiting({ value: event, done: false });
          waiting = null;
        } else if (queue.push(event) > MAX_QUEUED) void finish();
      },
    };
    listeners.add(listener);
    const iterator: AsyncIterableIterator<EventOf<K>> = {
      next: () => {
        if (queue.length) return Promise.resolve({ value: queue.shift()!, done: false });
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (waiting = resolve));
      },
      return: finish,
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }

  return {
    subscribe,
    /** Anomalies of `minSeverity` and above. */
    anomalies: (accountId: string, minSeverity: Severity = 'medium') =>
      subscribe(accountId, 'anomalyDetected', (e) => SEVERITIES.indexOf(e.severity) >= SEVERITIES.indexOf(minSeverity)),
    insights: (accountId: string) => subscribe(accountId, 'insightCreated'),
    credits: (accountId: string) => subscribe(accountId, 'creditsChanged'),
    analytics: (accountId: string) => subscribe(accountId, 'analyticsUpdated'),
    /** How many subscriptions are open in this process (tests wait for theirs). */
    size: () => listeners.size,
    /** Ends every subscription and waits for the wake-up connection to close. */
    async close(): Promise<void> {
      for (const listener of [...listeners]) listener.end();
      await closing;
    },
  };
}

export type LiveFeed = ReturnType<typeof liveFeed>;
