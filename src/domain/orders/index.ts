// The account's orders as a sorted, filtered, keyset-paged list: the module's only public surface.
import type { OrdersService } from './service.ts';

export { ordersService, type OrdersService, type OrdersQuery } from './service.ts';
export type { OrderKey, OrderListFilter, OrderListRow } from './repo.ts';
export { ORDERS_PAGE, cursorValue, type OrderSortKey } from './rules.ts';

/** One page of orders with its lazy total count. */
export type OrdersPage = Awaited<ReturnType<OrdersService['ordersPage']>>;
