// The delivery log, replay, test events, rotation and re-enabling as v1 JSON, with the response
// schemas of the OpenAPI document beside the shapes they describe.
import { API_VERSION, nullableTimestamp, timestamp } from './common.ts';
import { exact } from '../openapi/schemas.ts';
import { WebhookSchema, serializeWebhook } from './webhooks.ts';
import { DELIVERY_STATUSES, type TestEventOutcome, type WebhookAttemptView, type WebhookDeliveryView } from '../../src/domain/webhooks/index.ts';

export function serializeDelivery(d: WebhookDeliveryView) {
  return {
    id: d.id,
    subscription_id: d.subscriptionId,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    created_at: timestamp(d.createdAt),
    next_attempt_at: nullableTimestamp(d.nextAttemptAt),
    last_error: d.lastError,
  };
}

export function serializeAttempt(a: WebhookAttemptView) {
  return {
    attempt: a.number,
    started_at: timestamp(a.startedAt),
    status_code: a.statusCode,
    duration_ms: a.durationMs,
    success: a.success,
    error: a.error,
    response_body: a.responseBody,
  };
}

export const serializeDeliveryDetail = (d: WebhookDeliveryView & { attemptLog: WebhookAttemptView[] }) => ({
  ...serializeDelivery(d),
  attempt_log: d.attemptLog.map(serializeAttempt),
  api_version: API_VERSION,
});

export const serializeTestOutcome = (o: TestEventOutcome) => ({
  delivery_id: o.deliveryId,
  success: o.success,
  status_code: o.statusCode,
  duration_ms: o.durationMs,
  error: o.error,
  response_body: o.responseBody,
  api_version: API_VERSION,
});

export const serializeRotation = (r: { id: number; secret: string; previousSecretExpiresAt: Date | null }, warning: string) => ({
  id: r.id,
  secret: r.secret,
  previous_secret_expires_at: nullableTimestamp(r.previousSecretExpiresAt),
  warning,
  api_version: API_VERSION,
});

export const serializeEnabled = (w: Parameters<typeof serializeWebhook>[0]) => ({ ...serializeWebhook(w), api_version: API_VERSION });

const int = { type: 'integer' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;
const version = { type: 'string', const: API_VERSION } as const;

const deliveryFields = {
  id: { type: 'string', pattern: '^dlv_[0-9a-z]{24}$', description: 'The X-Service-Delivery value.' },
  subscription_id: int,
  event: { type: 'string' },
  status: { type: 'string', enum: [...DELIVERY_STATUSES] },
  attempts: int,
  created_at: time,
  next_attempt_at: { type: ['string', 'null'], format: 'date-time', description: 'When the next attempt is due (pending only).' },
  last_error: nullableString,
};

export const DeliverySchema = exact(deliveryFields);
export const DeliveryPageSchema = exact({
  data: { type: 'array', items: DeliverySchema },
  pagination: exact({ limit: int, next_cursor: nullableInt, has_more: { type: 'boolean' } }),
  api_version: version,
});
export const AttemptSchema = exact({
  attempt: int,
  started_at: time,
  status_code: nullableInt,
  duration_ms: int,
  success: { type: 'boolean' },
  error: nullableString,
  response_body: { type: ['string', 'null'], description: 'The first 1 KB of the answer.' },
});
export const DeliveryDetailSchema = exact({ ...deliveryFields, attempt_log: { type: 'array', items: AttemptSchema }, api_version: version });
export const RecoverSchema = exact({ subscription_id: int, since: time, queued: int, api_version: version });
export const TestOutcomeSchema = exact({
  delivery_id: deliveryFields.id,
  success: { type: 'boolean' },
  status_code: nullableInt,
  duration_ms: int,
  error: nullableString,
  response_body: nullableString,
  api_version: version,
});
export const RotationSchema = exact({
  id: int,
  secret: { type: 'string', pattern: '^whsec_[0-9A-Za-z]{32}$', description: 'The new signing secret; shown only here.' },
  previous_secret_expires_at: { type: ['string', 'null'], format: 'date-time', description: 'Until when the previous secret also signs (null: not at all).' },
  warning: { type: 'string' },
  api_version: version,
});
export const EnabledSchema = exact({ ...WebhookSchema.properties, api_version: version });
