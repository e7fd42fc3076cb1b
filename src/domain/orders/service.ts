// The account's orders as a keyset-paged list: filtered by a range of local days, source, status
// and customer; sorted by placement time, total or id; the count of the whole filter on demand.
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { pageOf, pageRequest, type PageArgs } from '../shared/index.ts';
import { checkRange, type DateRange } from '../reports/rules.ts';
import { ordersRepo, type OrderKey, type OrderListFilter } from './repo.ts';
import { ORDERS_PAGE, validCursorValue, type OrderSortKey } from './rules.ts';

export interface OrdersQuery extends PageArgs<OrderKey> {
  filter: Omit<OrderListFilter, 'range'> & { range?: DateRange };
  sortKey: OrderSortKey;
  /** Largest (newest) first. */
  reverse: boolean;
}

export function ordersService(prisma: PrismaClient) {
  const repo = ordersRepo(prisma);
  return {
    /** One page of orders, and `totalCount` to count the filter's orders (a second statement, run only when called). */
    async ordersPage(accountId: string, query: OrdersQuery) {
      const request = pageRequest(query, ORDERS_PAGE);
      for (const [param, cursor] of [
        ['after', request.after],
        ['before', request.before],
      ] as const) {
        if (cursor && !validCursorValue(query.sortKey, cursor.value))
          throw new AppError('invalid_parameter', `${param}: not a cursor of this connection and order`, { param });
      }
      const { range: asked, ...rest } = query.filter;
      let filter: OrderListFilter = rest;
      if (asked) {
        const range = checkRange(asked, 'filter.range');
        const timeZone = await repo.timeZone(accountId);
        if (timeZone === null) throw new AppError('not_found', `no account ${accountId}`);
        filter = { ...rest, range: { ...range, timeZone } };
      }
      const rows = await repo.page(accountId, filter, { key: query.sortKey, descending: query.reverse }, request);
      return { ...pageOf(rows, request), totalCount: () => repo.count(accountId, filter) };
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
