// One attempt of a delivery, as the dispatcher and the on-request test event make it: the address
// check at send time, the body signed with the secrets the subscription had when the delivery was
// claimed (the current one and, during a rotation's grace period, the previous one), the POST.
import type https from 'node:https';
import { resolveSafeTarget, type Resolver } from '../url-safety.ts';
import { signingSecrets, type SubscriptionSecrets } from '../rules.ts';
import { deliveryBody, deliveryHeaders } from './sign.ts';
import { postToCheckedAddress, type SendOutcome } from './send.ts';
import type { CheckedTarget } from './resolve-cache.ts';
import type { SecretBox } from '../secret-box.ts';

export interface AttemptTarget extends SubscriptionSecrets {
  url: string;
  deliveryId: string;
  eventName: string;
  eventData: unknown;
  /** The body, when already built from the event (a claim builds it once per event). */
  body?: string;
}

export interface AttemptOptions {
  agent: https.Agent;
  timeoutMs: number;
  maxResponseBytes: number;
  resolver?: Resolver;
  allowHosts?: readonly string[];
  signal?: AbortSignal;
  /** Opens the stored secrets (encrypted at rest) for signing; none: stored as they sign. */
  secrets?: SecretBox;
  /** The dispatch-time check as the dispatcher runs it (verdicts remembered: resolve-cache.ts); default: checkTarget. */
  check?: (url: string) => Promise<CheckedTarget>;
}

/** The dispatch-time address check: the URL parsed, its host resolved, every address checked. */
export async function checkTarget(rawUrl: string, options: Pick<AttemptOptions, 'resolver' | 'allowHosts'>): Promise<CheckedTarget> {
  const url = new URL(rawUrl);
  return { url, addresses: await resolveSafeTarget(url, { resolver: options.resolver, allowHosts: options.allowHosts }) };
}

/** Address check, then the signed POST. A refused address is a failed attempt; nothing is opened. */
export async function attemptDelivery(target: AttemptTarget, startedAt: Date, options: AttemptOptions): Promise<SendOutcome> {
  let url: URL;
  let addresses: string[];
  try {
    ({ url, addresses } = await (options.check ? options.check(target.url) : checkTarget(target.url, options)));
  } catch (error) {
    // AppError unsafe_url / invalid_url from the check; its message says which rule refused.
    const reason = error instanceof Error ? error.message : String(error);
    return { status: null, success: false, error: `address refused: ${reason}` };
  }
  const body = target.body ?? deliveryBody(target.eventName, target.eventData);
  const secrets = signingSecrets(target, startedAt);
  const open = (stored: string) => (options.secrets ? options.secrets.open(stored) : stored);
  const headers = deliveryHeaders({
    secret: open(secrets.current),
    previousSecret: secrets.previous === null ? null : open(secrets.previous),
    event: target.eventName,
    deliveryId: target.deliveryId,
    body,
    now: startedAt,
  });
  return postToCheckedAddress(url, addresses, headers, body, {
    agent: options.agent,
    timeoutMs: options.timeoutMs,
    maxResponseBytes: options.maxResponseBytes,
    signal: options.signal,
  });
}
