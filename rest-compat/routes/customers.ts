// GET /api/v1/customers (cursor pagination, source filter, ?format=csv) and GET /api/v1/integrations.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import { SOURCES, type SourceId } from '../../src/domain/customers/service.ts';
import { serializeCustomer, serializeIntegration } from '../serializers/customers.ts';
import { API_VERSION } from '../serializers/common.ts';
import { CSV_CONTENT_TYPE, toCsv } from '../csv.ts';
import type { RouteDoc } from '../openapi/document.ts';
import { CustomersPage, Integrations } from '../openapi/schemas.ts';

const customersQuery = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, description: 'Page size, default 25; above 100 is clamped to 100.' },
    cursor: { type: 'integer', minimum: 1, description: 'pagination.next_cursor of the previous page.' },
    source: { type: 'string', enum: Object.keys(SOURCES), description: 'Originating platform.' },
    format: { type: 'string', enum: ['json', 'csv'], description: 'csv for a CSV export of the page.' },
  },
} as const;

const CUSTOMER_COLUMNS = ['id', 'email', 'name', 'source', 'external_id', 'city', 'country', 'orders_count', 'revenue_total', 'ltv_estimate', 'aov', 'segment', 'churn_score', 'last_purchase_at', 'first_purchase_at', 'created_at'];

export function customerRoutes(app: FastifyInstance, services: Services, guard: AccessGuard): void {
  app.get<{ Querystring: { limit?: number; cursor?: number; source?: SourceId; format?: 'json' | 'csv' } }>(
    '/customers',
    {
      onRequest: guard.requires('read'),
      schema: { querystring: customersQuery },
      config: {
        doc: {
          summary: 'Customers, newest first, with cursor pagination',
          description: 'format=csv exports the page as CSV (the next cursor in X-Next-Cursor).',
          auth: 'read',
          responses: { 200: { description: 'A page of customers.', schema: CustomersPage, csv: true } },
        } satisfies RouteDoc,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const page = await services.customers.listCustomers(request.principal!.accountId, query);
      const data = page.items.map(serializeCustomer);
      if (format === 'csv') {
        if (page.nextCursor !== null) reply.header('x-next-cursor', String(page.nextCursor));
        return reply.type(CSV_CONTENT_TYPE).send(toCsv(CUSTOMER_COLUMNS, data));
      }
      return { data, pagination: { limit: page.limit, next_cursor: page.nextCursor, has_more: page.hasMore }, api_version: API_VERSION };
    },
  );

  const integrationsDoc: RouteDoc = {
    summary: 'Connected integrations with their status and totals',
    auth: 'read',
    responses: { 200: { description: 'Integrations.', schema: Integrations } },
  };
  app.get('/integrations', { onRequest: guard.requires('read'), config: { doc: integrationsDoc } }, async (request) => {
    const { items, totals } = await services.integrations.listIntegrations(request.principal!.accountId);
    return { data: items.map(serializeIntegration), totals, api_version: API_VERSION };
  });
}
