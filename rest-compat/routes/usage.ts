// GET /api/v1/usage: credits, tokens and cost in USD of the account's AI calls.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import type { RouteDoc } from '../openapi/document.ts';
import { serializeUsage, UsageSchema } from '../serializers/usage.ts';

export function usageRoutes(app: FastifyInstance, services: Pick<Services, 'usage'>, guard: AccessGuard): void {
  const doc: RouteDoc = {
    summary: 'AI usage: per-feature breakdown, a 30-day daily series and three periods',
    description:
      'Requests, credits, tokens in and out and cost in USD of the account’s AI calls. Periods (today, this month, last 30 days) and days are calendar days in the account’s time zone; the daily series has the last 30 days, oldest first, days without calls at zero.',
    auth: 'read',
    responses: { 200: { description: 'Usage.', schema: UsageSchema } },
  };
  app.get('/usage', { onRequest: guard.requires('read'), config: { doc } }, async (request) =>
    serializeUsage(await services.usage.getUsage(request.principal!.accountId)),
  );
}
