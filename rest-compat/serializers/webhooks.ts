// Webhook subscriptions, field by field in the contract's order. The secret appears only in the
// creation answer.
import { API_VERSION, nullableTimestamp, timestamp } from './common.ts';
import { exact } from '../openapi/schemas.ts';
import { WEBHOOK_EVENTS, WILDCARD } from '../../src/domain/events/index.ts';
import type { Webhook } from '../../src/domain/webhooks/index.ts';

export function serializeWebhook(w: Webhook) {
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    active: w.active,
    last_fired_at: nullableTimestamp(w.lastFiredAt),
    last_status: w.lastStatus,
    fail_count: w.failCount,
    total_fired: w.totalFired,
    total_failed: w.totalFailed,
    created_at: timestamp(w.createdAt),
  };
}

export function serializeCreatedWebhook(w: Webhook & { secret: string; warning: string }) {
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    active: w.active,
    created_at: timestamp(w.createdAt),
    secret: w.secret,
    warning: w.warning,
    api_version: API_VERSION,
  };
}

// The response schemas (JSON Schema 2020-12) for the OpenAPI document, next to the shapes they describe.
const timestampSchema = { type: 'string', format: 'date-time' } as const;
const eventsSchema = { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: [WILDCARD, ...WEBHOOK_EVENTS] } } as const;

export const WebhookSchema = exact({
  id: { type: 'integer' },
  url: { type: 'string' },
  events: eventsSchema,
  active: { type: 'boolean' },
  last_fired_at: { type: ['string', 'null'], format: 'date-time' },
  last_status: { type: ['integer', 'null'] },
  fail_count: { type: 'integer' },
  total_fired: { type: 'integer' },
  total_failed: { type: 'integer' },
  created_at: timestampSchema,
});

export const WebhookListSchema = exact({ data: { type: 'array', items: WebhookSchema }, api_version: { type: 'string', const: API_VERSION } });

export const CreatedWebhookSchema = exact({
  id: { type: 'integer' },
  url: { type: 'string' },
  events: eventsSchema,
  active: { type: 'boolean' },
  created_at: timestampSchema,
  secret: { type: 'string', pattern: '^whsec_[0-9A-Za-z]{32}$', description: 'The signing secret; shown only here.' },
  warning: { type: 'string' },
  api_version: { type: 'string', const: API_VERSION },
});

export const RevokedWebhookSchema = exact({ ok: { type: 'boolean', const: true } });
