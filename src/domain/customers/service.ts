// Customers: contact fields are editable; metrics are computed from orders.
import type { PrismaClient } from '../../db/client.ts';
import { customersRepo } from './repo.ts';
import { AppError } from '../../errors.ts';
import { boundedCount, pageOf, pageRequest, type PageArgs, type PagePolicy } from '../shared/index.ts';
import { CUSTOMER_PAGE, isCursorKey, parseContact, RECENT_ORDERS } from './rules.ts';
import type { ContactChange, Customer, CustomerKey, CustomerSegment, CustomerSort, CustomerSource, CustomersPage, Order } from './types.ts';

/** A count of recent orders per customer: 1 to RECENT_ORDERS.max, invalid_parameter `first` otherwise. */
const recentOrdersCount = (perCustomer: number): number => boundedCount(perCustomer, RECENT_ORDERS, 'first', { above: 'refuse' });

export interface CustomersQuery extends PageArgs<CustomerKey> {
  source?: CustomerSource;
  segment?: CustomerSegment;
  order?: CustomerSort;
  recentOrders?: number;
}

export function customersService(prisma: PrismaClient) {
  const repo = customersRepo(prisma);
  return {
    /**
     * Orders count, revenue, AOV, LTV, churn score and segment: the counts of the customers whose
     * orders changed since the last run (of every customer when `full`), the rest derived again for
     * every customer as of `now`. Returns the rows changed.
     */
    recomputeMetrics: (accountId: string, now = new Date(), options: { full?: boolean } = {}) => repo.recomputeMetrics(accountId, now, options.full ?? false),
    /** The analytics catch-up: these customers' counts and metrics as of `now` (the others are left as they are). */
    recountCustomers: (accountId: string, now: Date, ids: readonly number[]) => repo.recountCustomers(accountId, now, ids),
    /**
     * A page of customers in the requested order (default id descending), filtered by source and
     * segment; with `recentOrders` (1 to 20), each customer's newest that many orders too, read in
     * the same statement (what recentOrders below would answer). The page size above the maximum
     * is refused, or clamped under the v1 policy.
     */
    async customersPage(accountId: string, args: CustomersQuery, policy?: PagePolicy): Promise<CustomersPage> {
      const request = pageRequest(args, CUSTOMER_PAGE, policy);
      const perCustomer = args.recentOrders === undefined ? undefined : recentOrdersCount(args.recentOrders);
      const order = args.order ?? { field: 'id', direction: 'desc' };
      // A cursor's sort key goes back into SQL as a typed value: refused unless it is one (rules.ts).
      for (const [param, cursor] of [
        ['after', request.after],
        ['before', request.before],
      ] as const) {
        if (cursor && !isCursorKey(order.field, cursor.value))
          throw new AppError('invalid_parameter', `${param}: not a cursor of this connection and order`, { param });
      }
      const rows = await repo.sortedPage(accountId, { source: args.source, segment: args.segment }, order, request, perCustomer);
      return { ...pageOf(rows, request), pageSize: request.take };
    },
    /** How many customers of the account match the filter (the customers connection's totalCount). */
    countCustomers: (accountId: string, filter: { source?: CustomerSource; segment?: CustomerSegment }) => repo.count(accountId, filter),
    /** The account's customers with these ids, in the order asked (null where the account has none). */
    async customersByIds(accountId: string, ids: readonly number[]): Promise<Array<Customer | null>> {
      const rows = await repo.byIds(accountId, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    },
    /** The newest `perCustomer` orders (1 to 20) of each customer, in the order asked. */
    async recentOrders(accountId: string, customerIds: readonly number[], perCustomer: number): Promise<Order[][]> {
      const rows = await repo.recentOrders(accountId, customerIds, recentOrdersCount(perCustomer));
      const byCustomer = new Map<number, Order[]>();
      for (const row of rows) byCustomer.set(row.customerId!, [...(byCustomer.get(row.customerId!) ?? []), row]);
      return customerIds.map((id) => byCustomer.get(id) ?? []);
    },
    /** Changes the contact fields given (the only editable ones); not_found for a customer of another account. */
    async updateContact(accountId: string, id: number, input: ContactChange): Promise<Customer> {
      const change = parseContact(input);
      if (!(await repo.updateContact(accountId, id, change))) throw new AppError('not_found', 'No such customer.');
      return (await repo.byIds(accountId, [id]))[0]!;
    },
  };
}

export type CustomersService = ReturnType<typeof customersService>;
