// The per-request context: the caller, the services, and DataLoaders that batch the graph's
// edges (customer -> recent orders, order -> customer, item -> suggestions, suggestion -> item,
// insight -> anomaly, integration -> sync status) into one query per edge kind and level, whatever
// the list sizes.
import DataLoader from 'dataloader';
import type { Principal } from '../domain/auth/index.ts';
import type { Services } from '../services.ts';
import type { RateLimitResult } from '../http/rate-limit/index.ts';
import type { ReorderStatus } from '../domain/shared/index.ts';
import type { EffectLedger } from '../domain/idempotency/index.ts';
import type { PointsResult } from '../http/rate-limit/points.ts';
import type { CustomerModel, OrderModel, ReorderSuggestionModel } from './mappers.ts';
import { RECENT_ERRORS, type SyncStatus } from '../domain/integrations/index.ts';
import type { InboxError } from '../domain/connections/index.ts';

/**
 * The services the resolvers and loaders use, and nothing else: the door is handed exactly this
 * (a resolver that needs another service adds it here, where the door's reach is visible).
 * `auth` authenticates the request and sizes the field budgets before resolvers run.
 */
export type GraphQLServices = Pick<
  Services,
  | 'accounts'
  | 'accountSummaries'
  | 'aiAccess'
  | 'aiInsights'
  | 'anomalies'
  | 'auth'
  | 'config'
  | 'connections'
  | 'credits'
  | 'customers'
  | 'imports'
  | 'ingestion'
  | 'orders'
  | 'reports'
  | 'insights'
  | 'integrations'
  | 'inventory'
  | 'keys'
  | 'live'
  | 'profit'
  | 'reorder'
  | 'shopify'
  | 'status'
  | 'track'
  | 'usage'
  | 'users'
  | 'webhooks'
>;

/** The operation's cost (cost.ts): computed before execution, with the points bucket after it. */
export interface CostState {
  requested: number;
  /** The bucket after this operation took (or, on a dry run, would take) its points. */
  throttle?: PointsResult;
  dryRun?: boolean;
}

export interface GraphQLContext {
  principal: Principal;
  services: GraphQLServices;
  /** The budget after this request (REST and GraphQL share it). */
  rateLimit: RateLimitResult;
  /** The client address (for trackEvent's geo). */
  clientAddress: string;
  /** The request's Idempotency-Key claim (null without a key): trackEvent records its event on it. */
  idempotency: EffectLedger | null;
  /** The operation's calculated cost and the points bucket after it (cost.ts), set before execution. */
  cost: CostState;
  loaders: ReturnType<typeof createLoaders>;
}

/** Loaders keyed by an argument too (recentOrders(first), reorderSuggestions(status)) get one loader per value. */
function keyedBy<A, K, V>(make: (arg: A) => DataLoader<K, V>) {
  const loaders = new Map<A, DataLoader<K, V>>();
  return (arg: A) => {
    let loader = loaders.get(arg);
    if (!loader) loaders.set(arg, (loader = make(arg)));
    return loader;
  };
}

export function createLoaders(
  services: Pick<GraphQLServices, 'accounts' | 'connections' | 'customers' | 'anomalies' | 'inventory' | 'reorder' | 'shopify'>,
  accountId: string,
) {
  let currency: Promise<string> | undefined;
  const customer = new DataLoader<number, CustomerModel | null>((ids) => services.customers.customersByIds(accountId, ids));
  /** Customers this request read in a page: looked up again (Order.customer, node) without a statement or a promise. */
  const customersRead = new Map<number, CustomerModel>();
  /**
   * The recent orders a page read with its customers, by the page's customer object and the count
   * they were read for. Per request (it was a module-level WeakMap: an entry per customer of every
   * page in one long-lived table, which each young-generation collection had to walk).
   */
  const ordersRead = new Map<CustomerModel, { first: number; orders: OrderModel[] }>();
  return {
    /** The account's currency (of its Money amounts), read once per request. */
    currency: () => (currency ??= services.accounts.getAccount(accountId).then((a) => a.currency)),
    customer,
    /** The account's customer with this id: the one a page of this request read, else batched. */
    customerById: (id: number): CustomerModel | null | Promise<CustomerModel | null> => customersRead.get(id) ?? customer.load(id),
    /** Remembers a customer a page read, with the recent orders read with it (`first` of them), if any. */
    rememberCustomer: (c: CustomerModel, orders?: { first: number; orders: OrderModel[] }) => {
      customersRead.set(c.id, c);
      if (orders) ordersRead.set(c, orders);
    },
    /** The recent orders a page read with this customer object, and for which count. */
    ordersReadWith: (c: CustomerModel) => ordersRead.get(c),
    recentOrders: keyedBy((first: number) => new DataLoader<number, OrderModel[]>((ids) => services.customers.recentOrders(accountId, ids, first))),
    anomaly: new DataLoader((ids: readonly number[]) => services.anomalies.anomaliesByIds(accountId, ids)),
    inventoryItem: new DataLoader((ids: readonly number[]) => services.inventory.itemsByIds(accountId, ids)),
    /** A Shopify integration's backfill progress (the connector's backfill streams). */
    shopifySyncStatus: new DataLoader<number, SyncStatus>((ids) =>
      services.shopify ? services.shopify.syncStatuses(accountId, ids) : Promise.reject(new Error('no Shopify connector on this service')),
    ),
    /** The failed and retrying webhook deliveries of the account's integrations (the newest 10 of each). */
    integrationInboxErrors: new DataLoader<number, InboxError[]>((ids) => services.connections.inboxErrors(accountId, ids, RECENT_ERRORS)),
    reorderSuggestions: keyedBy(
      (status: ReorderStatus | undefined) =>
        new DataLoader<number, ReorderSuggestionModel[]>((ids) => services.reorder.suggestionsByItems(accountId, ids, status ? { status } : {})),
    ),
  };
}
