// GET /api/v1/webhooks, POST /api/v1/webhooks and DELETE /api/v1/webhooks?id=N.
// The access guard runs at onRequest: authentication, the rate limit and the scope are settled
// before a body is read or validated, so an anonymous or read-only caller learns nothing from 400s.
import type { FastifyInstance } from 'fastify';
import type { AccessGuard } from '../../src/http/guard.ts';
import { idempotencyEffects, shownOnce } from '../../src/http/idempotency.ts';
import type { CreateWebhookInput, WebhooksService } from '../../src/domain/webhooks/index.ts';
import type { RouteDoc } from '../openapi/document.ts';
import { ErrorBody } from '../openapi/schemas.ts';
import { CreatedWebhookSchema, RevokedWebhookSchema, WebhookListSchema, serializeCreatedWebhook, serializeWebhook } from '../serializers/webhooks.ts';
import { API_VERSION } from '../serializers/common.ts';
import { requireJsonObjectBody } from '../json-body.ts';

// Field types are checked by the domain (not by the schema, whose type coercion would turn 1 into
// "1"), so that each field's own error code applies; the schema only refuses unknown fields.
const createBody = {
  type: 'object',
  properties: {
    url: { description: 'Required. HTTPS URL, no user info, on a public address (invalid_url, unsafe_url).' },
    events: { description: 'Distinct event names or "*"; default ["*"] (invalid_events).' },
  },
  additionalProperties: false,
} as const;

const revokeQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, description: 'The subscription id.' } },
} as const;

const listDoc: RouteDoc = {
  summary: 'Active webhook subscriptions, oldest first',
  auth: 'read',
  responses: { 200: { description: 'Subscriptions (never the secret).', schema: WebhookListSchema } },
};
const createDoc: RouteDoc = {
  summary: 'Create a webhook subscription',
  description: 'At most 25 active subscriptions (too_many_webhooks). The signing secret is returned only in this answer.',
  auth: 'write',
  responses: { 200: { description: 'The subscription with its secret.', schema: CreatedWebhookSchema } },
};
const revokeDoc: RouteDoc = {
  summary: 'Revoke a webhook subscription (irreversible)',
  auth: 'write',
  responses: {
    200: { description: 'Revoked: exactly {"ok":true}.', schema: RevokedWebhookSchema },
    404: { description: "Unknown, already revoked or another account's (`not_found`).", schema: ErrorBody },
  },
};

export function webhookRoutes(app: FastifyInstance, services: { webhooks: WebhooksService }, guard: AccessGuard): void {
  app.get('/webhooks', { onRequest: guard.requires('read'), config: { doc: listDoc } }, async (request) => {
    const rows = await services.webhooks.listWebhooks(request.principal!.accountId);
    return { data: rows.map(serializeWebhook), api_version: API_VERSION };
  });

  app.post<{ Body: CreateWebhookInput }>(
    '/webhooks',
    { onRequest: guard.requires('write'), preValidation: requireJsonObjectBody, schema: { body: createBody }, config: { doc: createDoc } },
    async (request) => {
      const created = await services.webhooks.createWebhook(request.principal!.accountId, request.body, idempotencyEffects(request));
      shownOnce(request, created.secret);
      return serializeCreatedWebhook(created);
    },
  );

  app.delete<{ Querystring: { id: number } }>(
    '/webhooks',
    { onRequest: guard.requires('write'), schema: { querystring: revokeQuery }, config: { doc: revokeDoc } },
    async (request) => {
      await services.webhooks.revokeWebhook(request.principal!.accountId, request.query.id);
      return { ok: true };
    },
  );
}
