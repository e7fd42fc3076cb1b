// The webhook dispatcher: fans outbox events out into deliveries, claims due deliveries in batches
// under a short lease, checks each target address again, sends the signed body to the checked
// address over keep-alive sockets, and records attempts, retry schedules and counters in groups
// (decisions.md, "Webhooks"; docs/webhooks.md, "Delivery engine"). It wakes on a signal from a writer
// in this process or (PostgreSQL) a NOTIFY from another, and polls as a safety net. Each destination
// (origin) has a limit on sends in flight and a circuit (destinations.ts), so one slow or dead receiver
// cannot hold the others back. Several dispatchers can run at once: claims use FOR UPDATE SKIP LOCKED
// and only the holder of a claim may record its attempt. Claimed deliveries not started yet are given
// back on stop; after a crash they are due when the lease ends.
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { onOutboxWork } from '../../events/index.ts';
import { deliveryRepo, type ClaimedDelivery, type ClaimRequest } from './repo.ts';
import { deliverClaimed, type DeliverContext, type SendResult } from './deliver.ts';
import { attemptRecorder } from './recorder.ts';
import { waitingQueue, type Waiting } from './waiting.ts';
import { cachingResolver } from './resolve-cache.ts';
import { keepAliveAgent } from './send.ts';
import { DEFAULT_DESTINATION_LIMITS, destinationOf, destinations } from './destinations.ts';
import { statsSince, type DispatcherOptions, type DispatchStats } from './options.ts';
import { DEACTIVATE_AT_FAIL_COUNT, DEFAULT_TIMEOUT_MS, FOLLOW_UPS_MS } from './policy.ts';

export * from './policy.ts';
export type { DispatcherOptions, DispatchStats } from './options.ts';

export function webhookDispatcher(options: DispatcherOptions) {
  const repo = deliveryRepo(options.prisma);
  const log = options.log ?? (() => {});
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const leaseMs = Math.max(options.leaseMs ?? timeoutMs + 30_000, timeoutMs + 1_000);
  // A waiting delivery starts only while its lease still covers the attempt and its record.
  const maxWaitMs = Math.max(0, leaseMs - timeoutMs - 15_000);
  const concurrency = Math.max(1, options.concurrency ?? 128);
  const claimBatch = Math.max(1, options.claimBatch ?? 32);
  const perDestination = Math.max(1, options.perDestination ?? DEFAULT_DESTINATION_LIMITS.perDestination);
  const fanOutBatch = options.fanOutBatch ?? 200;
  const pollMs = options.pollMs ?? 2_000;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const ownAgent = !options.agent;
  const agent = options.agent ?? keepAliveAgent(perDestination, options.extraCa ?? null);
  const dest = destinations({ ...DEFAULT_DESTINATION_LIMITS, ...options.circuit, perDestination });
  const abort = new AbortController();
  setMaxListeners(2 * concurrency + 10, abort.signal); // one listener per send in flight (see freeRoom)
  const resolver = cachingResolver(options.resolver);
  const record = attemptRecorder(repo, { deactivateAt: DEACTIVATE_AT_FAIL_COUNT, now, log });
  const inFlight = new Set<Promise<void>>(); // each started delivery until its attempt is recorded
  const waiting = waitingQueue();
  const destinationOfSubscription = new Map<number, string>();
  const stats: DispatchStats = { fannedOut: 0, attempted: 0, succeeded: 0, failed: 0 };
  let loop: Promise<void> | null = null;
  let stopping = false;
  // Wake-up state: what the next round should look at.
  let wakeLoop: (() => void) | null = null;
  let kicked = false;
  let fanOutDue = true;
  let claimDue = true;
  // The destinations that may have due deliveries not claimed yet, null when any may (after a
  // signal, the poll or a release). A short claim leaves only those it skipped (full or held back);
  // a claim is not sent while all of them are still skipped: it would find nothing.
  let lookFor: Set<string> | null = null;
  let fanOutFound = false;
  let followUps: number[] = [];

  const kickWaiters: Array<() => void> = [];
  function kick(): void {
    kicked = true;
    for (const wake of kickWaiters.splice(0)) wake();
    wakeLoop?.();
  }
  /** New work may be waiting (a writer's signal, a NOTIFY, the poll). */
  function signal(): void {
    fanOutDue = true;
    claimDue = true;
    lookFor = null;
    followUps = [...FOLLOW_UPS_MS];
    kick();
  }

  const context: DeliverContext = {
    repo,
    record,
    agent,
    timeoutMs,
    resolver,
    allowHosts: options.allowHosts,
    secrets: options.secrets,
    signal: abort.signal,
    now,
    random,
    log,
    stats,
  };

  function start(key: string, item: Waiting): void {
    dest.started(key);
    waiting.started(key);
    let freed = false;
    const free = (result: SendResult) => {
      if (freed) return;
      freed = true;
      if (dest.finished(key, result, now().getTime()) === 'opened')
        log(`webhook destination ${key}: ${dest.limits.failuresToOpen}+ attempts without an answer; sends held back for a while (circuit open)`);
      // Claim again once this destination's queue runs low (not after every send: most rounds would find nothing new).
      if ((lookFor === null || lookFor.has(key)) && waiting.length(key) < claimBatch) claimDue = true;
      startWaiting();
      kick();
    };
    const running = deliverClaimed(context, item.delivery, item.token, free)
      .catch((error: unknown) => log(`webhook dispatch error: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        inFlight.delete(running);
        waiting.recorded(key);
        free('not-sent');
        kick();
      });
    inFlight.add(running);
  }

  /** Starts waiting deliveries whose destination has room (no database round trip). */
  function startWaiting(): void {
    if (stopping) return;
    const at = now().getTime();
    waiting.startWhile((key) => dest.canStart(key, at), start);
  }

  /** Gives back waiting deliveries: all of them (stop), or those held by a circuit or waiting too long. */
  async function releaseWaiting(all: boolean): Promise<void> {
    const at = now();
    const given = waiting.takeOut((key, item) => {
      const held = dest.heldUntil(key, at.getTime());
      if (all || (held === null && performance.now() - item.claimedAt > maxWaitMs)) return at;
      return held === null ? null : new Date(held);
    });
    for (const { ids, token, dueAt } of given) await repo.release(ids, token, dueAt, at);
    if (given.length) lookFor = null;
  }

  /** Queues claimed deliveries by destination and starts those whose destination has room. */
  function queueClaimed(claimed: readonly ClaimedDelivery[], token: string): void {
    const claimedAt = performance.now();
    for (const delivery of claimed) {
      const key = destinationOf(delivery.url);
      destinationOfSubscription.set(delivery.subscriptionId, key);
      waiting.push(key, { delivery, token, claimedAt });
    }
    startWaiting();
  }

  /** `concurrency` less the claimed not yet recorded, those of full or held destinations set aside up to
   * `concurrency` (a slow receiver does not shrink the others' claims; 2 x `concurrency` claimed at most). */
  function freeRoom(): number {
    return concurrency - inFlight.size - waiting.count + waiting.claimedFor((key) => !dest.canStart(key, now().getTime()), concurrency);
  }

  /** What a claim may take now: the free room, not the subscriptions whose destination is full or held back. */
  function claimRequest(at: Date): ClaimRequest {
    const room = stopping ? 0 : Math.min(freeRoom(), claimBatch);
    const full = (key: string) => dest.heldUntil(key, at.getTime()) !== null || waiting.length(key) >= claimBatch;
    const skipSubscriptions = [...destinationOfSubscription].filter(([, key]) => full(key)).map(([id]) => id);
    return { limit: Math.max(0, room), leaseUntil: new Date(at.getTime() + leaseMs), token: randomUUID(), skipSubscriptions };
  }

  const skippedOf = (claim: ClaimRequest) => new Set((claim.skipSubscriptions ?? []).map((id) => destinationOfSubscription.get(id)!));

  /**
   * One round: fan out (when asked to; the new deliveries that fit the free room are claimed by
   * the same statement), start and release waiting deliveries, claim due ones for the free room.
   */
  async function tick(): Promise<number> {
    let found = 0;
    startWaiting();
    if (waiting.count) await releaseWaiting(false);
    if (fanOutDue || fanOutFound) {
      fanOutDue = false;
      const at = now();
      const claim = claimRequest(at);
      const { events, deliveries, claimed } = await repo.fanOut(fanOutBatch, at, claim);
      stats.fannedOut += events;
      fanOutFound = events > 0;
      found += events + deliveries;
      // Left unclaimed: for want of room (claim again), or all of skipped subscriptions.
      if (deliveries > claimed.length) {
        if (claimed.length >= claim.limit) claimDue = true;
        if (lookFor) lookFor = new Set([...lookFor, ...skippedOf(claim), ...claimed.map((d) => destinationOf(d.url))]);
      }
      queueClaimed(claimed, claim.token);
    }
    const room = freeRoom();
    const worthIt = inFlight.size + waiting.count === 0 || room >= Math.ceil(Math.min(claimBatch, concurrency) / 4);
    if (stopping || !claimDue || !worthIt) return found;
    const at = now();
    const claim = claimRequest(at);
    const skipNow = skippedOf(claim);
    if (lookFor !== null && [...lookFor].every((key) => skipNow.has(key))) {
      claimDue = false;
      return found;
    }
    const claimed = await repo.claimDue(claim.limit, at, claim.leaseUntil, claim.token, claim.skipSubscriptions);
    // Short: everything due and not skipped is taken. Full: more may be due for these destinations.
    if (claimed.length < claim.limit) claimDue = false;
    lookFor = claimed.length < claim.limit ? skipNow : new Set([...skipNow, ...claimed.map((d) => destinationOf(d.url))]);
    queueClaimed(claimed, claim.token);
    if (destinationOfSubscription.size > 10_000) destinationOfSubscription.clear();
    dest.prune();
    return found + claimed.length;
  }

  /** Waits for a wake-up or `ms`; true when the time ran out. */
  function pause(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(true), ms);
      function done(timedOut: boolean) {
        clearTimeout(timer);
        wakeLoop = null;
        resolve(timedOut);
      }
      wakeLoop = () => done(false);
    });
  }

  async function run(): Promise<void> {
    const unsubscribe = onOutboxWork(signal);
    const external = options.wakeups?.(signal) ?? null;
    let lastPoll = performance.now();
    try {
      while (!stopping) {
        kicked = false;
        let found = 0;
        try {
          found = await tick();
        } catch (error) {
          log(`webhook dispatcher: ${error instanceof Error ? error.message : String(error)}`);
        }
        if (stopping) break;
        if (kicked || (found > 0 && claimDue && freeRoom() > 0)) continue;
        const untilPoll = Math.max(0, pollMs - (performance.now() - lastPoll));
        // Work found is not necessarily the signalled work: the follow-ups run on until used up.
        const followUp = found === 0 ? followUps.shift() : undefined;
        const timedOut = await pause(followUp === undefined ? untilPoll : Math.min(followUp, untilPoll));
        if (timedOut) {
          fanOutDue = claimDue = true;
          lookFor = null;
          if (performance.now() - lastPoll >= pollMs) lastPoll = performance.now();
        }
      }
    } finally {
      unsubscribe();
      await external?.close();
    }
  }

  return {
    stats,
    /** Starts the loop (idempotent). */
    start(): void {
      if (loop || stopping) return;
      loop = run();
    },
    /** Runs rounds until nothing is due and nothing is in flight (tests, CLI); returns what was done. */
    async drain(): Promise<DispatchStats> {
      const before = { ...stats };
      for (;;) {
        const idle = inFlight.size === 0;
        if (idle) [fanOutDue, claimDue, lookFor] = [true, true, null];
        kicked = false;
        const busy = await tick();
        // Next round when a send ends (its slot is free) or a delivery is done.
        if (inFlight.size) {
          if (!kicked) await Promise.race([...inFlight, new Promise<void>((wake) => kickWaiters.push(wake))]);
        } else if (idle && busy === 0 && waiting.count === 0) break; // a round that was to look at everything found nothing
      }
      return statsSince(before, stats);
    },
    /**
     * Stops claiming, gives back the claimed deliveries not started yet (due at once for any
     * dispatcher), waits up to `graceMs` for the sends in flight, then aborts what is left (those
     * stay claimed until their lease ends, then any dispatcher retries them).
     */
    async stop(graceMs = 5_000): Promise<void> {
      stopping = true;
      kick();
      await loop;
      await releaseWaiting(true).catch((error: unknown) => log(`webhook dispatcher: release on stop failed: ${String(error)}`));
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
