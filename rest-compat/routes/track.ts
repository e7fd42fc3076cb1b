// POST /api/v1/track: a custom event into the account's stream. Schema failures (unknown fields)
// are invalid_field; the domain checks each field's type and bounds with its own code.
import type { FastifyInstance } from 'fastify';
import type { AccessGuard } from '../../src/http/guard.ts';
import { idempotencyEffects } from '../../src/http/idempotency.ts';
import type { TrackInput, TrackService } from '../../src/domain/track/index.ts';
import type { RestRouteConfig } from '../errors.ts';
import type { RouteDoc } from '../openapi/document.ts';
import { exact } from '../openapi/schemas.ts';
import { API_VERSION } from '../serializers/common.ts';
import { requireJsonObjectBody } from '../json-body.ts';

const trackBody = {
  type: 'object',
  properties: {
    event: { description: 'Required: 1 to 64 characters of a-z A-Z 0-9 . _ -' },
    props: { description: 'JSON object, at most 8192 bytes serialized; default {}.' },
    visitor_id: { description: 'At most 128 characters.' },
    session_id: { description: 'At most 128 characters.' },
    url: { description: 'http(s) URL of at most 2048 characters.' },
  },
  additionalProperties: false,
} as const;

const TrackedSchema = exact({ ok: { type: 'boolean', const: true }, event_id: { type: 'integer' }, api_version: { type: 'string', const: API_VERSION } });

const doc: RouteDoc = {
  summary: 'Insert a custom tracking event',
  description:
    'Country, region and city are inferred from the client address (IP geolocation by DB-IP, CC BY 4.0). ' +
    'Errors: invalid_event_name, props_too_large (over 8192 bytes of UTF-8 JSON), invalid_field (with param).',
  auth: 'write',
  responses: { 200: { description: 'Stored.', schema: TrackedSchema } },
};

const config: RestRouteConfig & { doc: RouteDoc } = { validationCode: 'invalid_field', doc };

export function trackRoutes(app: FastifyInstance, services: { track: TrackService }, guard: AccessGuard): void {
  app.post<{ Body: TrackInput }>(
    '/track',
    { onRequest: guard.requires('write'), preValidation: requireJsonObjectBody, schema: { body: trackBody }, config },
    async (request) => {
      const principal = request.principal!;
      const { eventId } = await services.track.trackEvent(
        { accountId: principal.accountId, keyId: principal.keyId, idempotency: idempotencyEffects(request) },
        request.body,
        request.ip,
      );
      return { ok: true, event_id: eventId, api_version: API_VERSION };
    },
  );
}
