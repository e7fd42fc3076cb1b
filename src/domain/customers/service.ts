// Customers: contact fields are editable; metrics are computed from orders.
import type { PrismaClient } from '../../db/client.ts';
import { customersRepo } from './repo.ts';
import type { CommerceSource } from '../../db/__generated__/prisma/enums.ts';
import { boundedCount } from '../bounds.ts';

/** The contract's source identifiers and their names in the data model. */
export const SOURCES = { shopify: 'shopify', 'woo-commerce': 'woo_commerce', 'mercado-libre': 'mercado_libre' } as const;
export type SourceId = keyof typeof SOURCES;
export const sourceId = (source: CommerceSource): SourceId => source.replace('_', '-') as SourceId;

export const CUSTOMER_PAGE = { default: 25, max: 100 };

export function customersService(prisma: PrismaClient) {
  const repo = customersRepo(prisma);
  return {
    /** Customers, newest id first, `limit` a page (clamped to the maximum), after `cursor`. */
    async listCustomers(accountId: string, query: { limit?: number; cursor?: number; source?: SourceId }) {
      const limit = boundedCount(query.limit, CUSTOMER_PAGE, 'limit');
      const rows = await repo.page(accountId, { source: query.source ? SOURCES[query.source] : undefined, beforeId: query.cursor }, limit + 1);
      const items = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      return { items, limit, hasMore, nextCursor: hasMore ? items[items.length - 1]!.id : null };
    },
    /**
     * Orders count, revenue, AOV, LTV, churn score and segment: the counts of the customers whose
     * orders changed since the last run (of every customer when `full`), the rest derived again for
     * every customer as of `now`. Returns the rows changed.
     */
    recomputeMetrics: (accountId: string, now = new Date(), options: { full?: boolean } = {}) => repo.recomputeMetrics(accountId, now, options.full ?? false),
  };
}
