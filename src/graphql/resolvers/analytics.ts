// Insights, anomalies, profit, inventory and reorder suggestions, with their graph edges
// (insight -> anomaly, item -> suggestions, suggestion -> item) batched by the request's loaders.
import type { Resolvers } from '../__generated__/resolvers.ts';
import { ok } from '../user-errors.ts';
import { AppError } from '../../errors.ts';
import { connection, idCursors, parseId, wholeList } from '../connection.ts';
import { metricWords } from '../../domain/anomalies/index.ts';

const insightCursor = idCursors('insight');
const reorderCursor = idCursors('reorder_suggestion');

export const analyticsResolvers: Resolvers = {
  Query: {
    async insights(_parent, args, { principal, services }) {
      const page = await services.insights.insightsPage(principal.accountId, {
        first: args.first,
        last: args.last,
        after: insightCursor.decode(args.after, 'after'),
        before: insightCursor.decode(args.before, 'before'),
        ...(args.status ? { status: args.status } : {}),
        ...(args.severity ? { severity: args.severity } : {}),
        ...(args.category ? { category: args.category } : {}),
      });
      const filter = {
        ...(args.status ? { status: args.status } : {}),
        ...(args.severity ? { severity: args.severity } : {}),
        ...(args.category ? { category: args.category } : {}),
      };
      return connection(
        page,
        (i) => insightCursor.encode(i.id),
        () => services.insights.countInsights(principal.accountId, filter),
      );
    },
    anomalies: (_parent, { days, severity }, { principal, services }) =>
      services.anomalies.listAnomalies(principal.accountId, { days, ...(severity ? { severity } : {}) }),
    profit: (_parent, { days }, { principal, services }) => services.profit.listProfit(principal.accountId, { days }),
    // first over 500 is refused before execution by the cost check (limits.ts PAGE_LIMITS).
    inventory: async (_parent, { first, status }, { principal, services }) => ({
      ...(await services.inventory.listInventory(principal.accountId, { limit: first ?? undefined, ...(status ? { status } : {}) })),
      ...(status ? { statusFilter: status } : {}),
    }),
    async reorderSuggestions(_parent, args, { principal, services }) {
      const page = await services.reorder.suggestionsPage(principal.accountId, {
        first: args.first,
        last: args.last,
        after: reorderCursor.decode(args.after, 'after'),
        before: reorderCursor.decode(args.before, 'before'),
        ...(args.status ? { status: args.status } : {}),
      });
      const status = args.status ?? undefined;
      return connection(
        page,
        (r) => reorderCursor.encode(r.id),
        () => services.reorder.countSuggestions(principal.accountId, { status }),
      );
    },
  },
  InsightConnection: { totalCount: (c) => c.totalCount() },
  ReorderSuggestionConnection: { totalCount: (c) => c.totalCount() },
  Insight: {
    relatedAnomaly: (i, _args, { loaders }) => (i.relatedAnomalyId === null ? null : loaders.anomaly.load(i.relatedAnomalyId)),
  },
  Anomaly: {
    observedOn: (a) => a.metricDate.toISOString().slice(0, 10),
    metricName: (a) => metricWords(a.metric),
  },
  AnomalyWindow: {
    nodes: (w) => w.items,
    ...wholeList(
      'anomaly',
      (w) => w.items,
      (w) => w.items.length,
    ),
  },
  Profit: { days: (p) => p.items },
  Inventory: {
    nodes: (i) => i.items,
    ...wholeList(
      'inventory_item',
      (i) => i.items,
      (i) => i.summary[i.statusFilter ?? 'total'],
    ),
  },
  InventoryItem: {
    reorderSuggestions: (i, { status }, { loaders }) => loaders.reorderSuggestions(status ?? undefined).load(i.id),
  },
  ReorderSuggestion: {
    async inventoryItem(r, _args, { loaders }) {
      const item = await loaders.inventoryItem.load(r.inventoryItemId);
      // A suggestion always belongs to an item of its own account (foreign key, same account).
      if (!item) throw new AppError('internal_error', 'reorder suggestion without its item');
      return item;
    },
  },
  Mutation: {
    async setInsightStatus(_parent, { input }, { principal, services }) {
      return ok({ insight: await services.insights.setInsightStatus(principal.accountId, parseId(input.id, 'Insight'), input.status) });
    },
    async setReorderStatus(_parent, { input }, { principal, services }) {
      return ok({ reorderSuggestion: await services.reorder.setReorderStatus(principal.accountId, parseId(input.id, 'ReorderSuggestion'), input.status) });
    },
  },
};
