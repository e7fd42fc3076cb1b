// One claimed delivery, start to end: cancelled when its subscription is no longer active, else
// the attempt (address check, signed POST), then its record with the retry schedule. `sent` is
// called as soon as the receiver is done with it, before the record is written, so the
// destination's slot (and socket) is free for the next send while the database catches up.
import type https from 'node:https';
import type { Resolver } from '../url-safety.ts';
import type { ClaimedDelivery, DeliveryRepo, RecordInput } from './repo.ts';
import { attemptDelivery, type AttemptOptions } from './attempt.ts';
import type { CheckedTarget } from './resolve-cache.ts';
import type { SecretBox } from '../secret-box.ts';
import { MAX_RESPONSE_BYTES, retryDelayMs } from './policy.ts';

/** How an attempt went for the destination's circuit: an answer (any status), none, or nothing sent. */
export type SendResult = 'answered' | 'unanswered' | 'not-sent';

export interface DeliverContext {
  repo: DeliveryRepo;
  record: (input: RecordInput) => Promise<boolean>;
  agent: https.Agent;
  timeoutMs: number;
  resolver: Resolver;
  allowHosts?: readonly string[];
  /** The dispatch-time check with its verdicts remembered (resolve-cache.ts). */
  check: (url: string) => Promise<CheckedTarget>;
  secrets?: SecretBox;
  signal: AbortSignal;
  now: () => Date;
  random: () => number;
  log: (message: string) => void;
  stats: { attempted: number; succeeded: number; failed: number };
}

/** The attempt's options, made once per dispatcher (not per delivery). */
const optionsOf = new WeakMap<DeliverContext, AttemptOptions>();
function attemptOptions(ctx: DeliverContext): AttemptOptions {
  let options = optionsOf.get(ctx);
  if (!options) {
    const { agent, timeoutMs, resolver, allowHosts, check, signal, secrets } = ctx;
    optionsOf.set(ctx, (options = { agent, timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES, resolver, allowHosts, check, signal, secrets }));
  }
  return options;
}

export async function deliverClaimed(ctx: DeliverContext, delivery: ClaimedDelivery, token: string, sent: (result: SendResult) => void): Promise<void> {
  if (!delivery.deliverable) {
    sent('not-sent');
    await ctx.repo.cancel(delivery.id, token, 'subscription is no longer active', ctx.now());
    return;
  }
  const startedAt = ctx.now();
  const clock = performance.now();
  const outcome = await attemptDelivery(delivery, startedAt, attemptOptions(ctx));
  const durationMs = Math.round(performance.now() - clock);
  if (ctx.signal.aborted && !outcome.success) return sent('not-sent'); // stopped mid-send: the lease brings it back
  sent(outcome.status !== null ? 'answered' : outcome.error?.startsWith('address refused') ? 'not-sent' : 'unanswered');
  const delay = outcome.success ? null : retryDelayMs(delivery.attempts + 1, ctx.random);
  const nextAttemptAt = delay === null ? null : new Date(startedAt.getTime() + durationMs + delay);
  const { status: responseStatus, success, error } = outcome;
  const attempt = { startedAt, durationMs, responseStatus, success, error, nextAttemptAt, responseBody: outcome.responseBody ?? null };
  const recorded = await ctx.record({ id: delivery.id, token, attempt });
  if (!recorded) {
    ctx.log(`webhook delivery ${delivery.deliveryId}: claim expired before the attempt was recorded; another worker owns it`);
    return;
  }
  ctx.stats.attempted++;
  if (outcome.success) ctx.stats.succeeded++;
  else ctx.stats.failed++;
}
