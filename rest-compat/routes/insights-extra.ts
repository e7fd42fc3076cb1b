// GET /api/v1/risks, /customers/segments, /ads, /creatives, /conversations and /health: summaries
// of the calling account's own data (read scope). /risks is an account's data, so it needs a key
// although the contract lists it as public (docs/api-reference.md).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import * as v1 from '../serializers/account-summaries.ts';
import type { RouteDoc } from '../openapi/document.ts';
import * as schemas from '../openapi/insights-schemas.ts';

const count = (description: string) => ({ type: 'integer', minimum: 1, description }) as const;
const options = (guard: AccessGuard, summary: string, schema: unknown, description?: string, properties?: Record<string, object>) => ({
  onRequest: guard.requires('read'),
  ...(properties ? { schema: { querystring: { type: 'object', properties } } } : {}),
  config: { doc: { summary, ...(description ? { description } : {}), auth: 'read', responses: { 200: { description: summary, schema } } } satisfies RouteDoc },
});

export function insightsExtraRoutes(app: FastifyInstance, services: Pick<Services, 'accountSummaries'>, guard: AccessGuard): void {
  const insights = services.accountSummaries;

  app.get(
    '/risks',
    options(
      guard,
      'Business risks in the account’s data, most severe first',
      schemas.Risks,
      'Dropped integrations (revoked or stale), stock-outs (critical and low inventory) and a falling margin (last 7 days against the 7 before). Needs a key: risks are the account’s own data.',
    ),
    async (request) => {
      return v1.serializeRisks(await insights.risks(request.principal!.accountId), new Date());
    },
  );

  app.get(
    '/customers/segments',
    options(guard, 'Customers, revenue and share per segment', schemas.Segments, 'Every segment is listed, with zeros when empty; shares are percentages.'),
    async (request) => {
      return v1.serializeSegments(await insights.segments(request.principal!.accountId));
    },
  );

  app.get<{ Querystring: { days?: number } }>(
    '/ads',
    options(
      guard,
      'Ad spend and ROAS by platform and campaign',
      schemas.Ads,
      'Over the last `days` UTC days, today included. ROAS is attributed revenue over spend, null without spend.',
      { days: count('Window in days, default 30; above 365 is clamped to 365.') },
    ),
    async (request) => {
      return v1.serializeAds(await insights.ads(request.principal!.accountId, request.query));
    },
  );

  app.get(
    '/creatives',
    options(
      guard,
      'Ad creatives with their performance',
      schemas.Creatives,
      'No connected data source provides ad creatives yet, so the list is empty and `sources` names none.',
    ),
    async () => v1.serializeCreatives(),
  );

  app.get<{ Querystring: { days?: number; limit?: number } }>(
    '/conversations',
    options(
      guard,
      'Conversations tracked with conversation.* events, latest first',
      schemas.Conversations,
      'Track events named conversation.* grouped by props.conversation_id (else session_id, else visitor_id); closed once a conversation.closed, .resolved or .ended event arrives.',
      { days: count('Window in days, default 30; above 90 is clamped to 90.'), limit: count('Conversations, default 25; above 100 is clamped to 100.') },
    ),
    async (request) => {
      return v1.serializeConversations(await insights.conversations(request.principal!.accountId, request.query));
    },
  );

  app.get(
    '/health',
    options(
      guard,
      'Integration and job health of the account',
      schemas.Health,
      '`attention` when an integration is stale or revoked, or a job’s last run failed or it is more than two periods late.',
    ),
    async (request) => {
      return v1.serializeHealth(await insights.health(request.principal!.accountId));
    },
  );
}
