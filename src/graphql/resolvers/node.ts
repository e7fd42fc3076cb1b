// node(id) and nodes(ids): a global id refetched through the same services and loaders as the
// lists, always within the caller's account. Another account's id, an unknown type, or anything
// that is not a global id answers null: never an error that would tell the object exists.
import type { NodeResolvers, Resolvers, ResolversInterfaceTypes, ResolversTypes } from '../__generated__/resolvers.ts';
import type { GraphQLContext } from '../context.ts';
import { AppError } from '../../errors.ts';
import { fromGlobalId, integerKey, toGlobalId } from '../global-id.ts';

/** Most ids nodes(ids) takes in one call. */
export const MAX_NODE_IDS = 100;

type NodeModel = NonNullable<ResolversInterfaceTypes<ResolversTypes>['Node']>;
type NodeTypeName = NonNullable<Awaited<ReturnType<NodeResolvers['__resolveType']>>>;

/** The type each value node(id) found was fetched as (the value is the same object the lists use). */
const fetchedAs = new WeakMap<object, string>();
type Fetch = (key: number, context: GraphQLContext) => Promise<unknown>;

/** The item of a one-row page ending at `id` (id-descending lists) when it is that id. */
async function viaPage<T extends { id: number }>(id: number, page: (after: number) => Promise<{ items: T[] }>): Promise<T | null> {
  if (id >= 2_147_483_647) return null;
  const { items } = await page(id + 1);
  return items[0]?.id === id ? items[0] : null;
}

const BY_INTEGER: Record<string, Fetch> = {
  Customer: async (id, { loaders }) => loaders.customerById(id),
  Anomaly: (id, { loaders }) => loaders.anomaly.load(id),
  InventoryItem: (id, { loaders }) => loaders.inventoryItem.load(id),
  Insight: (id, { principal, services }) => viaPage(id, (after) => services.insights.insightsPage(principal.accountId, { first: 1, after })),
  ReorderSuggestion: (id, { principal, services }) => viaPage(id, (after) => services.reorder.suggestionsPage(principal.accountId, { first: 1, after })),
  CreditTransaction: (id, { principal, services }) => viaPage(id, (after) => services.credits.transactionsPage(principal.accountId, { first: 1, after })),
  Order: (id, { principal, services }) =>
    viaPage(id, (after) =>
      services.orders.ordersPage(principal.accountId, { first: 1, after: { value: null, id: after }, filter: {}, sortKey: 'ID', reverse: true }),
    ),
  WebhookSubscription: (id, { principal, services }) => services.webhooks.getWebhook(principal.accountId, id),
  ImportJob: (id, { principal, services }) =>
    services.imports.getImport(principal.accountId, id).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') return null;
      throw error;
    }),
  Integration: async (id, { principal, services }) => (await services.integrations.listIntegrations(principal.accountId)).items.find((i) => i.id === id),
  // API keys are shown to dashboard sessions only (viewer.apiKeys).
  ApiKey: async (id, { principal, services }) =>
    principal.kind === 'session' ? (await services.keys.listKeys(principal.accountId)).find((k) => k.id === id) : null,
};

async function fetchNode(id: string, context: GraphQLContext): Promise<NodeModel | null> {
  const global = fromGlobalId(id);
  if (!global) return null;
  const { principal, services } = context;
  let value: unknown = null;
  if (global.type === 'Account') {
    value = global.key === principal.accountId ? await services.accounts.getAccount(principal.accountId) : null;
  } else if (global.type === 'DashboardUser') {
    // As dashboardUsers: an owner's session sees the account's users; a member only themselves.
    const visible = principal.kind === 'session' && (principal.role === 'owner' || global.key === principal.userId);
    value = visible ? await services.users.getUser(global.key).then((user) => (user?.accountId === principal.accountId ? user : null)) : null;
  } else if (global.type === 'WebhookDelivery') {
    value = await services.webhooks.getDelivery(principal.accountId, global.key).catch((error: unknown) => {
      if (error instanceof AppError && (error.code === 'not_found' || error.code === 'invalid_parameter')) return null;
      throw error;
    });
  } else {
    const fetch = BY_INTEGER[global.type];
    const key = integerKey(global.key);
    if (fetch && key !== null) value = await fetch(key, context);
  }
  if (!value) return null;
  fetchedAs.set(value as object, global.type);
  return value as NodeModel;
}

export const nodeResolvers: Resolvers = {
  Query: {
    node: async (_parent, { id }, context) => fetchNode(id, context),
    nodes(_parent, { ids }, context) {
      if (ids.length > MAX_NODE_IDS) throw new AppError('invalid_parameter', `ids: at most ${MAX_NODE_IDS} ids`, { param: 'ids' });
      return Promise.all(ids.map(async (id) => fetchNode(id, context)));
    },
  },
  // node and nodes tag what they found with its type (only they return the interface).
  Node: { __resolveType: (value) => fetchedAs.get(value) as NodeTypeName },
};

const integerNode = (type: string) => ({ id: (v: { id: number }) => toGlobalId(type, v.id), legacyId: (v: { id: number }) => v.id });

/** Every Node's id (its global id) and legacyId (its v1 id), in one place. */
export const globalIdResolvers: Resolvers = {
  Customer: integerNode('Customer'),
  Order: integerNode('Order'),
  Insight: integerNode('Insight'),
  Anomaly: integerNode('Anomaly'),
  InventoryItem: integerNode('InventoryItem'),
  ReorderSuggestion: { ...integerNode('ReorderSuggestion'), inventoryItemId: (r) => toGlobalId('InventoryItem', r.inventoryItemId) },
  WebhookSubscription: integerNode('WebhookSubscription'),
  ImportJob: integerNode('ImportJob'),
  ApiKey: integerNode('ApiKey'),
  CreditTransaction: integerNode('CreditTransaction'),
  Integration: integerNode('Integration'),
  Account: { id: (a) => toGlobalId('Account', a.id), userId: (a) => a.id },
  WebhookDelivery: {
    id: (d) => toGlobalId('WebhookDelivery', d.id),
    deliveryId: (d) => d.id,
    subscriptionId: (d) => toGlobalId('WebhookSubscription', d.subscriptionId),
  },
};
