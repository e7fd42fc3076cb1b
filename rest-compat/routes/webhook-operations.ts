// What a receiver operates itself (docs/webhooks.md): the delivery log (GET /webhooks/deliveries,
// GET /webhooks/deliveries/{id}), resend, recover, the test event, secret rotation and re-enabling.
// Each handler: parse, one service call, serialize. The guard settles the scope at onRequest.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessGuard } from '../../src/http/guard.ts';
import { shownOnce } from '../../src/http/idempotency.ts';
import { DELIVERY_STATUSES, MAX_GRACE_HOURS, RECOVER_MAX_DAYS, SECRET_WARNING, type WebhooksService } from '../../src/domain/webhooks/index.ts';
import type { RouteDoc } from '../openapi/document.ts';
import { API_VERSION } from '../serializers/common.ts';
import { requireJsonObjectBody } from '../json-body.ts';
import * as s from '../serializers/webhook-deliveries.ts';

const subscriptionParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, description: 'The subscription id.' } },
} as const;
const deliveryParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'The delivery id (dlv_…, the X-Service-Delivery value).' } },
} as const;
const logQuery = {
  type: 'object',
  properties: {
    subscription_id: { type: 'integer', minimum: 1, description: "Only this subscription's deliveries (another account's: 404)." },
    event: { type: 'string', description: "Only this event name (the catalog's, or webhook.test)." },
    status: { type: 'string', enum: [...DELIVERY_STATUSES], description: 'Only deliveries in this status.' },
    since: { type: 'string', description: 'Only deliveries created at or after this RFC 3339 time.' },
    limit: { type: 'integer', minimum: 1, description: 'Page size, default 25; above 100 is clamped to 100.' },
    cursor: { type: 'integer', minimum: 1, description: 'pagination.next_cursor of the previous page.' },
  },
} as const;
const recoverBody = {
  type: 'object',
  required: ['since'],
  properties: {
    since: { description: `RFC 3339 time, at most ${RECOVER_MAX_DAYS} days back: failed and cancelled deliveries created since then are queued again.` },
  },
  additionalProperties: false,
} as const;
const rotateBody = {
  type: 'object',
  properties: { grace_period_hours: { description: `Hours the previous secret keeps signing beside the new one: 0 to ${MAX_GRACE_HOURS}, default 24.` } },
  additionalProperties: false,
} as const;

const notFound = (what: string) => ({ 404: `Unknown, revoked or another account's ${what} (\`not_found\`).` });
const subscriptionConflict = { 409: 'The subscription is deactivated (`conflict`): enable it first.' };

const docs = {
  list: {
    summary: 'Webhook deliveries, newest first, with cursor pagination',
    auth: 'read',
    errors: notFound('subscription_id'),
    responses: { 200: { description: 'A page of deliveries.', schema: s.DeliveryPageSchema } },
  },
  get: {
    summary: 'One webhook delivery with every attempt',
    auth: 'read',
    errors: notFound('delivery'),
    responses: {
      200: { description: 'The delivery and its attempts (time, status code, duration, error, first 1 KB of the answer).', schema: s.DeliveryDetailSchema },
    },
  },
  resend: {
    summary: 'Send a delivery again',
    description: 'A new attempt of the same delivery (same id, event and body, signed afresh) by the dispatcher. Not for a pending delivery (`conflict`).',
    auth: 'write',
    errors: { ...notFound('delivery'), 409: 'The delivery is pending, or its subscription is deactivated or revoked (`conflict`).' },
    responses: { 200: { description: 'The delivery, pending again.', schema: s.DeliveryDetailSchema } },
  },
  recover: {
    summary: 'Queue again every failed delivery of a subscription since a time',
    description: `Failed and cancelled deliveries created since \`since\` (at most ${RECOVER_MAX_DAYS} days back) are queued again, in bounded batches.`,
    auth: 'write',
    errors: { ...notFound('subscription'), ...subscriptionConflict },
    responses: { 200: { description: 'How many deliveries were queued.', schema: s.RecoverSchema } },
  },
  test: {
    summary: 'Send a webhook.test event now and answer with the attempt',
    description:
      'The test event goes only to this subscription, is never retried, and is logged like any delivery. The answer comes after the attempt (up to 10 s).',
    auth: 'write',
    errors: notFound('subscription'),
    responses: { 200: { description: "The attempt's outcome.", schema: s.TestOutcomeSchema } },
  },
  rotate: {
    summary: 'Rotate the signing secret',
    description:
      'Returns the new secret once. During the grace period deliveries carry X-Service-Signature (new secret) and X-Service-Signature-Previous (old secret).',
    auth: 'write',
    errors: notFound('subscription'),
    responses: { 200: { description: 'The new secret and the end of the grace period.', schema: s.RotationSchema } },
  },
  enable: {
    summary: 'Re-enable a deactivated subscription',
    description: 'Resets fail_count; counts toward the 25 active subscriptions (`too_many_webhooks`). An active one is answered as it is.',
    auth: 'write',
    errors: notFound('subscription'),
    responses: { 200: { description: 'The subscription.', schema: s.EnabledSchema } },
  },
} satisfies Record<string, RouteDoc>;

/** A body is optional (none counts as {}); when one is sent it must be a JSON object. */
async function optionalJsonObjectBody(request: FastifyRequest): Promise<void> {
  if (request.headers['content-type'] === undefined && (request.body === undefined || request.body === null)) {
    request.body = {};
    return;
  }
  await requireJsonObjectBody(request);
}

type SubscriptionRequest = { Params: { id: number } };

export function webhookOperationRoutes(app: FastifyInstance, services: { webhooks: WebhooksService }, guard: AccessGuard): void {
  const webhooks = services.webhooks;
  const account = (request: FastifyRequest) => request.principal!.accountId;

  app.get<{ Querystring: { subscription_id?: number; event?: string; status?: string; since?: string; limit?: number; cursor?: number } }>(
    '/webhooks/deliveries',
    { onRequest: guard.requires('read'), schema: { querystring: logQuery }, config: { doc: docs.list } },
    async (request) => {
      const { subscription_id: subscriptionId, ...query } = request.query;
      const page = await webhooks.listDeliveries(account(request), { ...query, subscriptionId });
      return {
        data: page.items.map(s.serializeDelivery),
        pagination: { limit: page.limit, next_cursor: page.nextCursor, has_more: page.hasMore },
        api_version: API_VERSION,
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/webhooks/deliveries/:id',
    { onRequest: guard.requires('read'), schema: { params: deliveryParams }, config: { doc: docs.get } },
    async (request) => s.serializeDeliveryDetail(await webhooks.getDelivery(account(request), request.params.id)),
  );

  app.post<{ Params: { id: string } }>(
    '/webhooks/deliveries/:id/resend',
    { onRequest: guard.requires('write'), schema: { params: deliveryParams }, config: { doc: docs.resend } },
    async (request) => s.serializeDeliveryDetail(await webhooks.resendDelivery(account(request), request.params.id)),
  );

  app.post<SubscriptionRequest & { Body: { since?: unknown } }>(
    '/webhooks/:id/recover',
    {
      onRequest: guard.requires('write'),
      preValidation: requireJsonObjectBody,
      schema: { params: subscriptionParams, body: recoverBody },
      config: { doc: docs.recover },
    },
    async (request) => {
      const result = await webhooks.recoverDeliveries(account(request), request.params.id, request.body.since);
      return { subscription_id: result.subscriptionId, since: result.since.toISOString(), queued: result.queued, api_version: API_VERSION };
    },
  );

  app.post<SubscriptionRequest>(
    '/webhooks/:id/test',
    { onRequest: guard.requires('write'), schema: { params: subscriptionParams }, config: { doc: docs.test } },
    async (request) => s.serializeTestOutcome(await webhooks.sendTestEvent(account(request), request.params.id)),
  );

  app.post<SubscriptionRequest & { Body: { grace_period_hours?: unknown } }>(
    '/webhooks/:id/rotate-secret',
    {
      onRequest: guard.requires('write'),
      preValidation: optionalJsonObjectBody,
      schema: { params: subscriptionParams, body: rotateBody },
      config: { doc: docs.rotate },
    },
    async (request) => {
      const rotated = await webhooks.rotateSecret(account(request), request.params.id, request.body.grace_period_hours);
      shownOnce(request, rotated.secret);
      return s.serializeRotation(rotated, SECRET_WARNING);
    },
  );

  app.post<SubscriptionRequest>(
    '/webhooks/:id/enable',
    { onRequest: guard.requires('write'), schema: { params: subscriptionParams }, config: { doc: docs.enable } },
    async (request) => s.serializeEnabled(await webhooks.enableWebhook(account(request), request.params.id)),
  );
}
