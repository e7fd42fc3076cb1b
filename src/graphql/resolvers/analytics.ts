// Insights, anomalies, profit, inventory and reorder suggestions, with their graph edges
// (insight -> anomaly, item -> suggestions, suggestion -> item) batched by the request's loaders.
import type { Resolvers } from '../__generated__/resolvers.ts';
import { AppError } from '../../errors.ts';
import { connection, idCursors, parseId } from '../connection.ts';

const insightCursor = idCursors('insight');
const reorderCursor = idCursors('reorder_suggestion');

function correlated(value: unknown): Array<{ metric: string; modz: number; direction: 'up' | 'down' }> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { metric, modz, direction } = item as Record<string, unknown>;
    return direction === 'up' || direction === 'down' ? [{ metric: String(metric), modz: Number(modz), direction }] : [];
  });
}

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
      return connection(page, (i) => insightCursor.encode(i.id));
    },
    anomalies: (_parent, { days, severity }, { principal, services }) => services.anomalies.listAnomalies(principal.accountId, { days, ...(severity ? { severity } : {}) }),
    profit: (_parent, { days }, { principal, services }) => services.profit.listProfit(principal.accountId, { days }),
    // first over 500 is refused before execution by the cost check (limits.ts PAGE_LIMITS).
    inventory: (_parent, { first, status }, { principal, services }) => services.inventory.listInventory(principal.accountId, { limit: first ?? undefined, ...(status ? { status } : {}) }),
    async reorderSuggestions(_parent, args, { principal, services }) {
      const page = await services.reorder.suggestionsPage(principal.accountId, {
        first: args.first,
        last: args.last,
        after: reorderCursor.decode(args.after, 'after'),
        before: reorderCursor.decode(args.before, 'before'),
        ...(args.status ? { status: args.status } : {}),
      });
      return connection(page, (r) => reorderCursor.encode(r.id));
    },
  },
  Insight: {
    id: (i) => String(i.id),
    relatedAnomaly: (i, _args, { loaders }) => (i.relatedAnomalyId === null ? null : loaders.anomaly.load(i.relatedAnomalyId)),
  },
  Anomaly: {
    id: (a) => String(a.id),
    correlatedMetrics: (a) => correlated(a.correlatedMetrics),
  },
  AnomalyWindow: { nodes: (w) => w.items },
  Profit: { days: (p) => p.items },
  Inventory: { nodes: (i) => i.items },
  InventoryItem: {
    id: (i) => String(i.id),
    reorderSuggestions: (i, { status }, { loaders }) => loaders.reorderSuggestions(status ?? undefined).load(i.id),
  },
  ReorderSuggestion: {
    id: (r) => String(r.id),
    inventoryItemId: (r) => String(r.inventoryItemId),
    async inventoryItem(r, _args, { loaders }) {
      const item = await loaders.inventoryItem.load(r.inventoryItemId);
      // A suggestion always belongs to an item of its own account (foreign key, same account).
      if (!item) throw new AppError('internal_error', 'reorder suggestion without its item');
      return item;
    },
  },
  Mutation: {
    async setInsightStatus(_parent, { input }, { principal, services }) {
      return { insight: await services.insights.setInsightStatus(principal.accountId, parseId(input.id), input.status) };
    },
    async setReorderStatus(_parent, { input }, { principal, services }) {
      return { reorderSuggestion: await services.reorder.setReorderStatus(principal.accountId, parseId(input.id), input.status) };
    },
  },
};
