// GET /api/v1/customers (cursor pagination, source filter, ?format=csv) and GET /api/v1/integrations.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import { SOURCE_ID_LIST, sourceFromId, type SourceId } from '../../src/domain/customers/index.ts';
import { V1_PAGE } from '../../src/domain/shared/index.ts';
import { serializeCustomer, serializeCustomersPagination, serializeIntegration } from '../serializers/customers.ts';
import { API_VERSION } from '../serializers/common.ts';
import { CSV_CONTENT_TYPE, toCsv } from '../csv.ts';
import type { RouteDoc } from '../openapi/document.ts';
import { CustomersPage, Integrations } from '../openapi/schemas.ts';

const customersQuery = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, description: 'Page size, default 25; above 100 is clamped to 100.' },
    cursor: { type: 'integer', minimum: 1, description: 'pagination.next_cursor of the previous page.' },
    source: { type: 'string', enum: SOURCE_ID_LIST, description: 'Originating platform.' },
    format: { type: 'string', enum: ['json', 'csv'], description: 'csv for a CSV export of the page.' },
  },
} as const;

const CUSTOMER_COLUMNS = [
  'id',
  'email',
  'name',
  'source',
  'external_id',
  'city',
  'country',
  'orders_count',
  'revenue_total',
  'ltv_estimate',
  'aov',
  'segment',
  'churn_score',
  'last_purchase_at',
  'first_purchase_at',
  'created_at',
];

export function customerRoutes(app: FastifyInstance, services: Pick<Services, 'customers' | 'integrations'>, guard: AccessGuard): void {
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
      const { format, limit, cursor, source } = request.query;
      const page = await services.customers.customersPage(
        request.principal!.accountId,
        { first: limit, after: cursor === undefined ? null : { value: null, id: cursor }, source: source === undefined ? undefined : sourceFromId(source) },
        V1_PAGE,
      );
      const data = page.items.map(serializeCustomer);
      const pagination = serializeCustomersPagination(page);
      if (format === 'csv') {
        if (pagination.next_cursor !== null) reply.header('x-next-cursor', String(pagination.next_cursor));
        return reply.type(CSV_CONTENT_TYPE).send(toCsv(CUSTOMER_COLUMNS, data));
      }
      return { data, pagination, api_version: API_VERSION };
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
