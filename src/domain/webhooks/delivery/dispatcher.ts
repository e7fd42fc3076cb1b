// The webhook dispatcher: fans outbox events out into deliveries, claims due deliveries in batches
// under a short lease, checks each target address again, sends the signed body to the checked
// address over keep-alive sockets, and records attempts, retry schedules and counters in groups
// (decisions.md, "Webhooks"; docs/webhooks.md, "Delivery engine"). It wakes on a signal from a writer
// in this process or (PostgreSQL) a NOTIFY from another, and polls as a safety net. Each destination
// (origin) has a limit on sends in flight and a circuit (destinations.ts), so one slow or dead receiver
// cannot hold the others back. Several dispatchers can run at once: claims use FOR UPDATE SKIP LOCKED
// and only the holder of a claim may record its attempt. Claimed deliveries not started yet are given
// back on stop; after a crash they are due when the lease ends.
import { onOutboxWork } from '../../events/index.ts';
import { deliveryRepo, type ClaimedDelivery } from './repo.ts';
import { deliverClaimed, type DeliverContext, type SendResult } from './deliver.ts';
import { attemptRecorder } from './recorder.ts';
import { waitingQueue, type Waiting } from './waiting.ts';
import { cachingResolver, rememberedChecks } from './resolve-cache.ts';
import { checkTarget } from './attempt.ts';
import { keepAliveAgent } from './send.ts';
import { rememberingOpen } from '../secret-box.ts';
import { DEFAULT_DESTINATION_LIMITS, destinationOf, destinations } from './destinations.ts';
import { statsSince, type DispatcherOptions, type DispatchStats } from './options.ts';
import { wakeSwitch } from './wake.ts';
import { DEACTIVATE_AT_FAIL_COUNT, DEFAULT_TIMEOUT_MS, FOLLOW_UPS_MS } from './policy.ts';
import { batchSizes } from './batching.ts';
import { claimRoom } from './room.ts';
import { inactiveSubscriptions } from './inactive.ts';

export * from './policy.ts';
export type { DispatcherOptions, DispatchStats } from './options.ts';

export function webhookDispatcher(options: DispatcherOptions) {
  const repo = deliveryRepo(options.prisma, { prepared: options.preparedStatements });
  const log = options.log ?? (() => {});
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const leaseMs = Math.max(options.leaseMs ?? timeoutMs + 30_000, timeoutMs + 1_000);
  // A waiting delivery starts only while its lease still covers the attempt and its record.
  const maxWaitMs = Math.max(0, leaseMs - timeoutMs - 15_000);
  const { concurrency, claimBatch, queueCap, fanOutBatch } = batchSizes(options);
  const perDestination = Math.max(1, options.perDestination ?? DEFAULT_DESTINATION_LIMITS.perDestination);
  const pollMs = options.pollMs ?? 2_000;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const ownAgent = !options.agent;
  const agent = options.agent ?? keepAliveAgent(perDestination, options.extraCa ?? null);
  const dest = destinations({ ...DEFAULT_DESTINATION_LIMITS, ...options.circuit, perDestination });
  const abort = new AbortController(); // one listener however many sends are in flight (send.ts)
  const resolver = cachingResolver(options.resolver);
  let sending = 0; // sends started and not yet answered
  const inactive = inactiveSubscriptions(leaseMs); // deactivated while their deliveries waited: those are cancelled, not sent
  const record = attemptRecorder(repo, { deactivateAt: DEACTIVATE_AT_FAIL_COUNT, now, log, pending: () => sending + waiting.count, onInactive: inactive.seen });
  const inFlight = new Set<Promise<void>>(); // each started delivery until its attempt is recorded
  const waiting = waitingQueue();
  const destinationOfSubscription = new Map<number, string>();
  const knownDestinations = new Set<string>(); // the values of destinationOfSubscription
  const stats: DispatchStats = { fannedOut: 0, attempted: 0, succeeded: 0, failed: 0 };
  let loop: Promise<void> | null = null;
  let stopping = false;
  const wake = wakeSwitch(); // and below, what the next round should look at
  const kick = () => wake.kick();
  let [fanOutDue, claimDue] = [true, true];
  // The destinations that may have due deliveries not claimed yet, null when any may (after a
  // signal, the poll or a release). A short claim leaves only those it skipped (full or held back);
  // a claim is not sent while all of them are still skipped: it would find nothing.
  let lookFor: Set<string> | null = null;
  let fanOutFound = false;
  let followUps: number[] = [];
  let [releaseDue, lastReleaseCheck] = [false, 0];
  const room = claimRoom({
    concurrency,
    claimBatch,
    queueCap,
    leaseMs,
    waiting,
    dest,
    inFlight,
    destinationOfSubscription,
    knownDestinations,
    now,
    stopping: () => stopping,
  });
  const { freeRoom, worthClaiming, claimRequest, roomForNew, skippedOf } = room;

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
    check: rememberedChecks((url) => checkTarget(url, { resolver, allowHosts: options.allowHosts })),
    secrets: options.secrets ? rememberingOpen(options.secrets) : undefined,
    signal: abort.signal,
    now,
    random,
    log,
    stats,
  };

  function start(key: string, item: Waiting): void {
    if (inactive.claimedBefore(item.delivery.subscriptionId, item.claimedAt)) item.delivery.deliverable = false;
    sending++;
    dest.started(key);
    waiting.started(key);
    let freed = false;
    const free = (result: SendResult) => {
      if (freed) return;
      freed = true;
      sending--;
      if (dest.finished(key, result, now().getTime()) === 'opened') {
        releaseDue = true;
        log(`webhook destination ${key}: ${dest.limits.failuresToOpen}+ attempts without an answer; sends held back for a while (circuit open)`);
      }
      // Claim again once this destination's queue runs low (not after every send: most rounds would find nothing new).
      if ((lookFor === null || lookFor.has(key)) && waiting.length(key) < queueCap) claimDue = true;
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
      knownDestinations.add(key);
      waiting.push(key, { delivery, token, claimedAt });
    }
    startWaiting();
  }

  /**
   * One round: fan out (when asked to; the new deliveries that fit the free room are claimed by
   * the same statement), start and release waiting deliveries, claim due ones for the free room.
   */
  async function tick(): Promise<number> {
    let found = 0;
    startWaiting();
    // Looking through every waiting delivery for one to give back is not done on every round (a round
    // follows every send): a circuit that opened asks for it, and so does a round with nothing in
    // flight; otherwise every 250 ms.
    if (waiting.count && (releaseDue || inFlight.size === 0 || performance.now() - lastReleaseCheck >= 250)) {
      releaseDue = false;
      lastReleaseCheck = performance.now();
      await releaseWaiting(false);
    }
    if (fanOutDue || (fanOutFound && roomForNew())) {
      fanOutDue = false;
      const at = now();
      const claim = claimRequest(at);
      // As many new deliveries as this claim can take (a claim's worth when none): the first sends
      // start after a small statement, and the next fan-out claims its deliveries as it inserts them.
      const { events, deliveries, claimed } = await repo.fanOut(fanOutBatch, at, claim, Math.max(claim.limit, claimBatch));
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
    if (stopping || !claimDue || !worthClaiming()) return found;
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
    if (destinationOfSubscription.size > 10_000) [destinationOfSubscription, knownDestinations].forEach((known) => known.clear());
    dest.prune();
    return found + claimed.length;
  }

  async function run(): Promise<void> {
    const unsubscribe = onOutboxWork(signal);
    const external = options.wakeups?.(signal) ?? null;
    let lastPoll = performance.now();
    try {
      while (!stopping) {
        await wake.settle();
        wake.reset();
        let found = 0;
        try {
          found = await tick();
        } catch (error) {
          log(`webhook dispatcher: ${error instanceof Error ? error.message : String(error)}`);
        }
        if (stopping) break;
        if (wake.kicked || (found > 0 && claimDue && freeRoom() > 0)) continue;
        const untilPoll = Math.max(0, pollMs - (performance.now() - lastPoll));
        // Work found is not necessarily the signalled work: the follow-ups run on until used up.
        const followUp = found === 0 ? followUps.shift() : undefined;
        const timedOut = await wake.pause(followUp === undefined ? untilPoll : Math.min(followUp, untilPoll));
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
        wake.reset();
        const busy = await tick();
        // Next round when a send ends (its slot is free) or a delivery is done: both kick. (Not a race
        // over every delivery in flight: that added a reaction to each of them on every round.)
        if (inFlight.size) {
          if (!wake.kicked) await wake.nextKick();
          await wake.settle();
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
