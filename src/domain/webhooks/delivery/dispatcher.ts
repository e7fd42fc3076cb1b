// The webhook dispatcher: fans outbox events out into deliveries, claims due deliveries under a
// lease, checks each target address again, sends the signed body to the checked address, and
// records the attempt, the retry schedule and the subscription's counters (decisions.md,
// "Webhooks"). Several dispatchers (processes or instances) can run at once: claims use
// FOR UPDATE SKIP LOCKED and only the holder of a claim may record its attempt. A dispatcher that
// dies loses nothing: its claims are due again when their lease ends.
import https from 'node:https';
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { createSecureContext, rootCertificates } from 'node:tls';
import type { PrismaClient } from '../../../db/client.ts';
import { resolveSafeTarget, type Resolver } from '../url-safety.ts';
import { deliveryRepo, type ClaimedDelivery, type RecordInput } from './repo.ts';
import { deliveryBody, deliveryHeaders } from './sign.ts';
import { postToCheckedAddress, type SendOutcome } from './send.ts';

/** Waits after failed attempts 1..6 (decided): 1 min, 5 min, 30 min, 2 h, 6 h, 12 h; 7 attempts in all. */
export const BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000] as const;
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/** Jitter: each wait is lengthened by up to this fraction (never shortened), spreading retries. */
export const JITTER = 0.1;
/** fail_count (consecutive failed attempts) at which a subscription is deactivated. */
export const DEACTIVATE_AT_FAIL_COUNT = 20;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** Attempts recorded by one statement at most. */
const MAX_RECORD_BATCH = 200;

export interface DispatcherOptions {
  prisma: PrismaClient;
  log?: (message: string) => void;
  /** Host names exempt from the address checks (WEBHOOK_ALLOW_PRIVATE_HOSTS; tests only). */
  allowHosts?: readonly string[];
  /** An extra trusted CA in PEM (WEBHOOK_EXTRA_CA_FILE; tests only), added to the public roots. */
  extraCa?: string | null;
  /** Name resolution for the dispatch-time check (tests inject one). */
  resolver?: Resolver;
  /** Per-attempt deadline; 10 s as decided. Shorter only in tests. */
  timeoutMs?: number;
  /** How long a claim holds; must exceed an attempt. Default: timeout + 60 s. */
  leaseMs?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** Events fanned out per transaction. */
  fanOutBatch?: number;
  /** Idle wait between polls. */
  pollMs?: number;
  /** The clock (tests move it to make retries due). */
  now?: () => Date;
  /** Uniform [0, 1) for the jitter. */
  random?: () => number;
  /** The HTTPS agent (tests pass one that counts connections). */
  agent?: https.Agent;
}

export interface DispatchStats {
  fannedOut: number;
  attempted: number;
  succeeded: number;
  failed: number;
}

/** The wait before the attempt after failed attempt `attemptNo` (1-based), or null when it was the last. */
export function retryDelayMs(attemptNo: number, random: () => number = Math.random): number | null {
  const base = BACKOFF_MS[attemptNo - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 + JITTER * random()));
}

/** Warnings to log at boot when the test-only webhook settings are set. */
export function webhookSettingWarnings(settings: { allowPrivateHosts: readonly string[]; extraCaFile: string | null }): string[] {
  const warnings: string[] = [];
  if (settings.allowPrivateHosts.length) {
    warnings.push(`WARNING: WEBHOOK_ALLOW_PRIVATE_HOSTS is set (${settings.allowPrivateHosts.join(', ')}): webhooks to these hosts skip the address-safety check and may reach loopback or private networks. For tests only.`);
  }
  if (settings.extraCaFile) {
    warnings.push(`WARNING: WEBHOOK_EXTRA_CA_FILE is set (${settings.extraCaFile}): webhook deliveries also trust this CA. For tests only.`);
  }
  return warnings;
}

export function webhookDispatcher(options: DispatcherOptions) {
  const repo = deliveryRepo(options.prisma);
  const log = options.log ?? (() => {});
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const leaseMs = Math.max(options.leaseMs ?? timeoutMs + 60_000, timeoutMs + 1_000);
  const concurrency = options.concurrency ?? 16;
  const fanOutBatch = options.fanOutBatch ?? 200;
  const pollMs = options.pollMs ?? 250;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const ownAgent = !options.agent;
  const agent =
    options.agent ??
    new https.Agent({
      keepAlive: true,
      maxSockets: 8,
      // One TLS context built once: a `ca` option would be rebuilt per connection and concatenated
      // into the agent's pool key on every request (measured: a tenth of the dispatcher's CPU).
      ...(options.extraCa ? { secureContext: createSecureContext({ ca: [...rootCertificates, options.extraCa] }) } : {}),
    });
  const abort = new AbortController();
  setMaxListeners(concurrency + 10, abort.signal); // one listener per send in flight
  const inFlight = new Set<Promise<void>>();
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  let stopping = false;
  const stats: DispatchStats = { fannedOut: 0, attempted: 0, succeeded: 0, failed: 0 };

  /** Address check, then the signed POST. A refused address is a failed attempt; nothing is opened. */
  async function attempt(delivery: ClaimedDelivery, startedAt: Date): Promise<SendOutcome> {
    let url: URL;
    let addresses: string[];
    try {
      url = new URL(delivery.url);
      addresses = await resolveSafeTarget(url, { resolver: options.resolver, allowHosts: options.allowHosts });
    } catch (error) {
      // AppError unsafe_url / invalid_url from the check; its message says which rule refused.
      const reason = error instanceof Error ? error.message : String(error);
      return { status: null, success: false, error: `address refused: ${reason}` };
    }
    const body = deliveryBody(delivery.eventName, delivery.eventData);
    const headers = deliveryHeaders({ secret: delivery.secret, event: delivery.eventName, deliveryId: delivery.deliveryId, body, now: startedAt });
    return postToCheckedAddress(url, addresses, headers, body, { agent, timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES, signal: abort.signal });
  }

  async function deliver(delivery: ClaimedDelivery, token: string): Promise<void> {
    if (!delivery.deliverable) {
      await repo.cancel(delivery.id, token, 'subscription is no longer active', now());
      return;
    }
    const startedAt = now();
    const clock = performance.now();
    const outcome = await attempt(delivery, startedAt);
    if (abort.signal.aborted && !outcome.success) return; // stopped mid-send: the lease brings it back
    const durationMs = Math.round(performance.now() - clock);
    const attemptNo = delivery.attempts + 1;
    const delay = outcome.success ? null : retryDelayMs(attemptNo, random);
    const nextAttemptAt = delay === null ? null : new Date(startedAt.getTime() + durationMs + delay);
    const recorded = await record({ id: delivery.id, token, attempt: { startedAt, durationMs, responseStatus: outcome.status, success: outcome.success, error: outcome.error, nextAttemptAt } });
    if (!recorded) {
      log(`webhook delivery ${delivery.deliveryId}: claim expired before the attempt was recorded; another worker owns it`);
      return;
    }
    stats.attempted++;
    if (outcome.success) stats.succeeded++;
    else stats.failed++;
  }

  // Group commit: attempts that finish while a write is running are recorded together by the next
  // one (one statement for many), so the database round trips do not grow with the send rate.
  let queue: Array<{ input: RecordInput; done: (recorded: boolean) => void; fail: (error: unknown) => void }> = [];
  let writing: Promise<void> | null = null;

  function record(input: RecordInput): Promise<boolean> {
    return new Promise<boolean>((done, fail) => {
      queue.push({ input, done, fail });
      writing ??= flush();
    });
  }

  async function flush(): Promise<void> {
    while (queue.length) {
      const batch = queue.slice(0, MAX_RECORD_BATCH);
      queue = queue.slice(batch.length);
      try {
        const result = await repo.recordAttempts(batch.map((b) => b.input), DEACTIVATE_AT_FAIL_COUNT, now());
        for (const [id, counters] of result.subscriptions) {
          if (!counters.active && counters.failCount >= DEACTIVATE_AT_FAIL_COUNT) log(`webhook subscription ${id}: ${counters.failCount} consecutive failed attempts; deactivated`);
        }
        for (const b of batch) b.done(result.recorded.has(b.input.id));
      } catch (error) {
        for (const b of batch) b.fail(error);
      }
    }
    writing = null;
  }

  function track(promise: Promise<void>): void {
    const tracked = promise
      .catch((error: unknown) => log(`webhook dispatch error: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        inFlight.delete(tracked);
        wake?.();
      });
    inFlight.add(tracked);
  }

  let lastFanOut = -Infinity;
  let fanOutFound = false;

  /**
   * One round: fan out pending events (when the last fan-out found some, or once per poll
   * interval), then claim due deliveries for the free slots (in groups, not one by one).
   */
  async function tick(force = false): Promise<number> {
    let found = 0;
    if (force || fanOutFound || performance.now() - lastFanOut >= pollMs) {
      lastFanOut = performance.now();
      const { events, deliveries } = await repo.fanOut(fanOutBatch, now());
      stats.fannedOut += events;
      fanOutFound = events > 0;
      found += events + deliveries;
    }
    const room = concurrency - inFlight.size;
    if (stopping || room <= 0 || (inFlight.size > 0 && room < Math.ceil(concurrency / 4))) return found + (room <= 0 ? 1 : 0);
    const token = randomUUID();
    const at = now();
    const claimed = await repo.claimDue(room, at, new Date(at.getTime() + leaseMs), token);
    for (const delivery of claimed) track(deliver(delivery, token));
    return found + claimed.length;
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  async function run(): Promise<void> {
    while (!stopping) {
      let busy = 0;
      try {
        busy = await tick();
      } catch (error) {
        log(`webhook dispatcher: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (stopping) break;
      // Full: wait for a slot. Idle: poll later. Otherwise go again at once.
      if (inFlight.size >= concurrency || busy === 0) await pause(pollMs);
    }
  }

  return {
    stats,
    /** Starts the loop (idempotent). */
    start(): void {
      if (loop || stopping) return;
      loop = run();
    },
    /**
     * Runs rounds until nothing is due and nothing is in flight (tests, CLI); returns what was done.
     */
    async drain(): Promise<DispatchStats> {
      const before = { ...stats };
      for (;;) {
        const busy = await tick(inFlight.size === 0);
        if (inFlight.size) await Promise.race(inFlight);
        else if (busy === 0) break;
      }
      return { fannedOut: stats.fannedOut - before.fannedOut, attempted: stats.attempted - before.attempted, succeeded: stats.succeeded - before.succeeded, failed: stats.failed - before.failed };
    },
    /**
     * Stops claiming, waits up to `graceMs` for the sends in flight, then aborts what is left (those
     * deliveries stay claimed until their lease ends, then any dispatcher retries them).
     */
    async stop(graceMs = 5_000): Promise<void> {
      stopping = true;
      wake?.();
      await loop;
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.all([...inFlight]), grace]);
      clearTimeout(timer);
      if (inFlight.size) {
        abort.abort();
        await Promise.all([...inFlight]);
      }
      if (ownAgent) agent.destroy();
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof webhookDispatcher>;
