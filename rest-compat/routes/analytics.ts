// GET /api/v1/insights, /anomalies, /profit (?format=csv), /inventory and /reorder.
import type { FastifyInstance } from 'fastify';
import type { AccessGuard } from '../../src/http/guard.ts';
import { INSIGHT_CATEGORIES, INSIGHT_STATUSES, SEVERITIES, type InsightQuery, type InsightsService } from '../../src/domain/insights/index.ts';
import type { AnomaliesService, AnomalyQuery } from '../../src/domain/anomalies/index.ts';
import type { ProfitService } from '../../src/domain/profit/index.ts';
import { INVENTORY_STATUSES, type InventoryService } from '../../src/domain/inventory/index.ts';
import { REORDER_STATUSES, type ReorderService } from '../../src/domain/reorder/index.ts';
import { V1_PAGE } from '../../src/domain/shared/index.ts';
import * as s from '../serializers/analytics.ts';
import { API_VERSION, timestamp } from '../serializers/common.ts';
import type { RouteDoc } from '../openapi/document.ts';
import { CSV_CONTENT_TYPE, toCsv } from '../csv.ts';

export type AnalyticsServices = {
  insights: InsightsService;
  anomalies: AnomaliesService;
  profit: ProfitService;
  inventory: InventoryService;
  reorder: ReorderService;
};

const int = (description: string) => ({ type: 'integer', minimum: 1, description }) as const;
const oneOf = (values: readonly string[], description: string) => ({ type: 'string', enum: values, description }) as const;
const severity = oneOf(SEVERITIES, 'Only this severity.');
/** Route options: read scope, the querystring schema, and the OpenAPI description. */
const options = (guard: AccessGuard, properties: Record<string, object>, summary: string, description: string, schema: unknown, csv = false) => ({
  onRequest: guard.requires('read'),
  schema: { querystring: { type: 'object', properties } },
  config: { doc: { summary, description, auth: 'read', responses: { 200: { description: summary, schema, csv } } } satisfies RouteDoc },
});

export function analyticsRoutes(app: FastifyInstance, services: AnalyticsServices, guard: AccessGuard): void {
  const insights = options(
    guard,
    {
      status: oneOf(INSIGHT_STATUSES, 'Only this status.'),
      severity,
      category: oneOf(INSIGHT_CATEGORIES, 'Only this category.'),
      limit: int('Items, default 25; above 100 is clamped to 100.'),
    },
    'Insights, newest first',
    'Findings of the ai-insights-generate job, id descending.',
    s.InsightsSchema,
  );
  app.get<{ Querystring: InsightQuery }>('/insights', insights, async (request) => {
    const { limit, ...filter } = request.query;
    const { items } = await services.insights.insightsPage(request.principal!.accountId, { first: limit, ...filter }, V1_PAGE);
    return { data: items.map(s.serializeInsight), api_version: API_VERSION };
  });

  const anomalies = options(
    guard,
    { severity, days: int('Window in days back from now, default 7; above 90 is clamped to 90.') },
    'Anomalies detected in the last days, newest first',
    'Univariate and correlated anomalies whose detected_at is within the last `days` × 24 hours.',
    s.AnomaliesSchema,
  );
  app.get<{ Querystring: AnomalyQuery }>('/anomalies', anomalies, async (request) => {
    const { items, windowDays } = await services.anomalies.listAnomalies(request.principal!.accountId, request.query);
    return { data: items.map(s.serializeAnomaly), window_days: windowDays, api_version: API_VERSION };
  });

  const profit = options(
    guard,
    {
      days: int("Local days in the account's time zone, today included; default 30, above 365 clamped to 365."),
      format: oneOf(['json', 'csv'], 'csv for the daily rows as CSV.'),
    },
    'Daily profit snapshots, oldest first, with totals',
    "One row per local day of the account's time zone; format=csv exports the rows.",
    s.ProfitSchema,
    true,
  );
  app.get<{ Querystring: { days?: number; format?: 'json' | 'csv' } }>('/profit', profit, async (request, reply) => {
    const { format, ...rest } = request.query;
    const { items, totals, windowDays } = await services.profit.listProfit(request.principal!.accountId, rest);
    const data = items.map(s.serializeProfitSnapshot);
    if (format === 'csv') return reply.type(CSV_CONTENT_TYPE).send(toCsv(s.PROFIT_COLUMNS, data));
    return { data, totals: s.serializeProfitTotals(totals), window_days: windowDays, api_version: API_VERSION };
  });

  const inventory = options(
    guard,
    { status: oneOf(INVENTORY_STATUSES, 'Only this status.'), limit: int('Items, default 100; above 500 is clamped to 500.') },
    'Inventory items, most urgent first, with a summary',
    'Items computed by the inventory_velocity job; the summary counts all of them, whatever the filter.',
    s.InventorySchema,
  );
  app.get<{ Querystring: { status?: (typeof INVENTORY_STATUSES)[number]; limit?: number } }>('/inventory', inventory, async (request) => {
    const { items, summary, generatedAt } = await services.inventory.listInventory(request.principal!.accountId, request.query);
    return { items: items.map(s.serializeInventoryItem), summary, generated_at: timestamp(generatedAt), api_version: API_VERSION };
  });

  const reorder = options(
    guard,
    { status: oneOf(REORDER_STATUSES, 'Only this status.'), limit: int('Items, default 50; above 200 is clamped to 200.') },
    'Reorder suggestions, newest first',
    'Suggestions of the smart-reorder job, id descending.',
    s.ReorderSchema,
  );
  app.get<{ Querystring: { status?: (typeof REORDER_STATUSES)[number]; limit?: number } }>('/reorder', reorder, async (request) => {
    const { limit, status } = request.query;
    const { items, generatedAt } = await services.reorder.suggestionsPage(request.principal!.accountId, { first: limit, status }, V1_PAGE);
    return { items: items.map(s.serializeReorderSuggestion), generated_at: timestamp(generatedAt), api_version: API_VERSION };
  });
}
