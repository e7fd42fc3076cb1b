// Pure rules of the webhook operations a receiver runs itself: the delivery log's filters and
// statuses, the recovery window, the rotation grace period and which secrets sign an attempt.
// No I/O here; both doors and the dispatcher use these, and test/unit covers them.
import { AppError } from '../../errors.ts';
import { boundedCount, type CountBounds } from '../shared/index.ts';
import { WEBHOOK_EVENTS } from '../events/catalog.ts';

/** The test event: sent only on request (POST /webhooks/{id}/test), never fanned out, not in `*`. */
export const TEST_EVENT = 'webhook.test';
/** Event names the delivery log can be filtered by. */
export const LOGGED_EVENTS: ReadonlySet<string> = new Set<string>([...WEBHOOK_EVENTS, TEST_EVENT]);

/** Delivery statuses as the API names them, and the stored ones behind them. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export type DeliveryStatusName = (typeof DELIVERY_STATUSES)[number];
export type StoredDeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';
const TO_STORED: Record<DeliveryStatusName, StoredDeliveryStatus> = { pending: 'pending', delivered: 'succeeded', failed: 'failed', cancelled: 'cancelled' };
export const storedStatus = (name: DeliveryStatusName): StoredDeliveryStatus => TO_STORED[name];
export const statusName = (stored: StoredDeliveryStatus): DeliveryStatusName => (stored === 'succeeded' ? 'delivered' : stored);
/** Stored statuses a resend or a recovery may queue again (ended without success). */
export const REQUEUEABLE: readonly StoredDeliveryStatus[] = ['failed', 'cancelled'];

export const DELIVERY_PAGE: CountBounds = { default: 25, max: 100 };
/** Recovery reaches at most this far back. */
export const RECOVER_MAX_DAYS = 7;
const DAY_MS = 86_400_000;
/** Deliveries queued again per statement by a recovery. */
export const RECOVER_BATCH = 500;
/** Rotation grace period: default and maximum, in hours. */
export const DEFAULT_GRACE_HOURS = 24;
export const MAX_GRACE_HOURS = 7 * 24;
/** Stored bytes of a receiver's answer per attempt. */
export const RESPONSE_BODY_BYTES = 1024;

const DELIVERY_ID = /^dlv_[0-9a-z]{24}$/;
// RFC 3339 date-time: date, T, time with optional fraction, and Z or an offset.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;

const invalid = (param: string, message: string) => new AppError('invalid_parameter', message, { param });

/** A delivery id (dlv_ and 24 lowercase base36 characters); invalid_parameter otherwise. */
export function parseDeliveryId(value: unknown, param = 'id'): string {
  if (typeof value !== 'string' || !DELIVERY_ID.test(value)) throw invalid(param, `${param}: not a delivery id (dlv_…)`);
  return value;
}

/** An RFC 3339 timestamp with a time zone; invalid_parameter otherwise. */
export function parseTimestamp(value: unknown, param: string): Date {
  const at = typeof value === 'string' && DATE_TIME.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) throw invalid(param, `${param}: an RFC 3339 timestamp such as 2026-01-31T12:00:00Z`);
  return at;
}

export interface DeliveryFilterInput {
  subscriptionId?: number;
  event?: string;
  status?: string;
  since?: string | Date;
}

export interface DeliveryFilter {
  subscriptionId?: number;
  event?: string;
  status?: StoredDeliveryStatus;
  since?: Date;
}

/** The delivery log's filters, each checked: a known event name, a listed status, a timestamp. */
export function parseDeliveryFilter(input: DeliveryFilterInput): DeliveryFilter {
  const filter: DeliveryFilter = {};
  if (input.subscriptionId !== undefined) {
    if (!Number.isSafeInteger(input.subscriptionId) || input.subscriptionId < 1) throw invalid('subscription_id', 'subscription_id: an integer of at least 1');
    filter.subscriptionId = input.subscriptionId;
  }
  if (input.event !== undefined) {
    if (!LOGGED_EVENTS.has(input.event)) throw invalid('event', `event: not an event name (${String(input.event).slice(0, 100)})`);
    filter.event = input.event;
  }
  if (input.status !== undefined) {
    if (!(DELIVERY_STATUSES as readonly string[]).includes(input.status)) throw invalid('status', `status: one of ${DELIVERY_STATUSES.join(', ')}`);
    filter.status = storedStatus(input.status as DeliveryStatusName);
  }
  if (input.since !== undefined) filter.since = input.since instanceof Date ? input.since : parseTimestamp(input.since, 'since');
  return filter;
}

/** The page size of the REST log: default 25, clamped to 100, below 1 refused (as v1 `limit`). */
export const deliveryPageSize = (limit: number | undefined): number => boundedCount(limit, DELIVERY_PAGE, 'limit');

/** The start of a recovery: a timestamp, not in the future, at most 7 days before `now`. */
export function recoverSince(value: unknown, now: Date): Date {
  if (value === undefined || value === null) throw invalid('since', 'since is required');
  const since = value instanceof Date ? value : parseTimestamp(value, 'since');
  if (since.getTime() > now.getTime()) throw invalid('since', 'since: not in the future');
  if (now.getTime() - since.getTime() > RECOVER_MAX_DAYS * DAY_MS) throw invalid('since', `since: at most ${RECOVER_MAX_DAYS} days back`);
  return since;
}

/** The grace period of a rotation in hours: an integer from 0 to 168, 24 when absent. */
export function graceHours(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_GRACE_HOURS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_GRACE_HOURS) {
    throw invalid('grace_period_hours', `grace_period_hours: an integer from 0 to ${MAX_GRACE_HOURS}`);
  }
  return value;
}

/** When the previous secret stops signing after a rotation at `now`; null with no grace period. */
export const previousSecretExpiry = (hours: number, now: Date): Date | null => (hours === 0 ? null : new Date(now.getTime() + hours * 3_600_000));

export interface SubscriptionSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * The secrets that sign an attempt started at `at`: always the current one, and the previous one
 * while its grace period runs. Nothing else ever signs (an expired previous secret never does).
 */
export function signingSecrets(s: SubscriptionSecrets, at: Date): { current: string; previous: string | null } {
  const previous = s.previousSecret && s.previousSecretExpiresAt && s.previousSecretExpiresAt.getTime() > at.getTime() ? s.previousSecret : null;
  return { current: s.secret, previous };
}

/** The first 1 KB of an answer as text (UTF-8; a character cut at the end is dropped). */
export function responseExcerpt(bytes: Buffer): string {
  const head = bytes.subarray(0, RESPONSE_BODY_BYTES);
  let end = head.length;
  // Back off a multi-byte sequence the cut left incomplete.
  if (bytes.length > RESPONSE_BODY_BYTES) {
    let i = end - 1;
    while (i >= 0 && i >= end - 4 && (head[i]! & 0xc0) === 0x80) i--;
    if (i >= 0) {
      const lead = head[i]!;
      const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
      if (end - i < need) end = i;
    }
  }
  return head
    .subarray(0, end)
    .toString('utf8')
    .replace(/\u0000/g, '');
}
