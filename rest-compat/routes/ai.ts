// POST /api/v1/insights/generate: the account's AI insight generation, run now and paid in
// credits (5 per new insight). The REST twin of GraphQL generateInsights: 402 payment_required
// while AI access is paused or when the balance covers no insight (nothing debited); a generation
// that fails after its debit is refunded, and the answer says so (refunded, balance).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import type { RouteDoc } from '../openapi/document.ts';
import { exact } from '../openapi/schemas.ts';
import { InsightSchema, serializeInsight } from '../serializers/analytics.ts';
import { API_VERSION } from '../serializers/common.ts';

const GenerateSchema = exact({
  data: { type: 'array', items: InsightSchema, description: 'Insights created by this call, newest first.' },
  skipped_open: { type: 'integer', minimum: 0, description: 'Findings that already had an open insight (nothing charged).' },
  failed: {
    type: 'array',
    items: exact({
      transaction_id: { type: 'integer' },
      refunded: { type: 'boolean', const: true },
      error: { type: 'string' },
      balance: { type: 'integer', minimum: 0, description: 'The credit balance right after this refund.' },
    }),
    description: 'Generations that failed after their debit; each was refunded.',
  },
  refunded: { type: 'boolean', description: 'True when any debit of this call was refunded.' },
  balance: { type: 'integer', minimum: 0, description: 'The credit balance after the call.' },
  api_version: { type: 'string', const: 'v1' },
});

export function aiRoutes(app: FastifyInstance, services: Pick<Services, 'aiInsights' | 'insights'>, guard: AccessGuard): void {
  const doc: RouteDoc = {
    summary: 'Generate AI insights now (5 credits per new insight)',
    description:
      'Runs the insight generation for the account: at most 10 new insights, one per finding without an open insight, 5 credits each. 402 payment_required while AI access is paused or when the balance covers no insight; nothing is debited then. A generation that fails after its debit is refunded at once (failed[].refunded, refunded, balance). No request body.',
    auth: 'write',
    responses: { 200: { description: 'What was generated.', schema: GenerateSchema } },
    errors: { 402: 'AI access is paused, or the balance covers no insight (`payment_required`); nothing was debited.' },
  };
  app.post('/insights/generate', { onRequest: guard.requires('write'), config: { doc } }, async (request) => {
    const accountId = request.principal!.accountId;
    const outcome = await services.aiInsights.generateOnRequest(accountId);
    const insights = await services.insights.insightsByIds(accountId, outcome.insightIds);
    return {
      data: insights.map(serializeInsight),
      skipped_open: outcome.skippedOpen,
      failed: outcome.failed.map((f) => ({ transaction_id: f.transactionId, refunded: f.refunded, error: f.error, balance: f.balance })),
      refunded: outcome.refunded,
      balance: outcome.balance,
      api_version: API_VERSION,
    };
  });
}
