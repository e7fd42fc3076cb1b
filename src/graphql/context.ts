// The per-request context: the caller, the services, and DataLoaders that batch the graph's
// edges (customer -> recent orders, order -> customer, item -> suggestions, suggestion -> item,
// insight -> anomaly) into one query per edge kind and level, whatever the list sizes.
import DataLoader from 'dataloader';
import type { Principal } from '../domain/auth/service.ts';
import type { Services } from '../services.ts';
import type { RateLimitResult } from '../http/rate-limit/index.ts';
import type { ReorderStatus } from '../db/__generated__/prisma/enums.ts';
import type { CustomerModel, OrderModel, ReorderSuggestionModel } from './mappers.ts';

export interface GraphQLContext {
  principal: Principal;
  services: Services;
  /** The budget after this request (REST and GraphQL share it). */
  rateLimit: RateLimitResult;
  /** The client address (for trackEvent's geo). */
  clientAddress: string;
  /** The operation's calculated cost, set before execution. */
  cost: { requested: number };
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

export function createLoaders(services: Services, accountId: string) {
  return {
    customer: new DataLoader<number, CustomerModel | null>((ids) => services.customers.customersByIds(accountId, ids)),
    recentOrders: keyedBy((first: number) => new DataLoader<number, OrderModel[]>((ids) => services.customers.recentOrders(accountId, ids, first))),
    anomaly: new DataLoader((ids: readonly number[]) => services.anomalies.anomaliesByIds(accountId, ids)),
    inventoryItem: new DataLoader((ids: readonly number[]) => services.inventory.itemsByIds(accountId, ids)),
    reorderSuggestions: keyedBy(
      (status: ReorderStatus | undefined) =>
        new DataLoader<number, ReorderSuggestionModel[]>((ids) => services.reorder.suggestionsByItems(accountId, ids, status ? { status } : {})),
    ),
  };
}
