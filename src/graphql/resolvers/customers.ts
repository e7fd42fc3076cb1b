// Customers (a sorted, filtered connection), one customer, its recent orders (batched) and the
// contact-field mutation.
import type { GraphQLObjectType, GraphQLResolveInfo } from 'graphql';
import type { Resolvers } from '../__generated__/resolvers.ts';
import { ok } from '../user-errors.ts';
import { isRecentOrdersCount, type CustomerSortField } from '../../domain/customers/index.ts';
import { AppError } from '../../errors.ts';
import { connection, parseId, sortedCursors } from '../connection.ts';
import { argumentsAhead } from '../lookahead.ts';

const cursors = sortedCursors('customer');

/**
 * The `first` of the page's recentOrders when every selection of it asks for the same valid
 * count (the page then reads them in its own statement); undefined otherwise.
 */
function recentOrdersAhead(info: GraphQLResolveInfo): number | undefined {
  const customer = info.schema.getType('Customer') as GraphQLObjectType;
  const counts = new Set(
    [...argumentsAhead(info, ['nodes', 'recentOrders'], customer), ...argumentsAhead(info, ['edges', 'node', 'recentOrders'], customer)].map((a) => a.first),
  );
  const [first] = counts;
  return counts.size === 1 && isRecentOrdersCount(first) ? first : undefined;
}

const FIELD: Record<'ID' | 'REVENUE' | 'LAST_PURCHASE', CustomerSortField> = { ID: 'id', REVENUE: 'revenue', LAST_PURCHASE: 'last_purchase' };
export const customerResolvers: Resolvers = {
  Query: {
    async customers(_parent, args, { principal, services, loaders }, info) {
      const order = { field: FIELD[args.orderBy?.field ?? 'ID'], direction: args.orderBy?.direction === 'ASC' ? ('asc' as const) : ('desc' as const) };
      const orderName = `${order.field}:${order.direction}`;
      // The cursor's sort key is checked by the service (customers' isCursorKey).
      const decode = (cursor: string | null | undefined, param: string) => cursors.decode(cursor, param, orderName);
      const ahead = recentOrdersAhead(info);
      const page = await services.customers.customersPage(principal.accountId, {
        first: args.first,
        last: args.last,
        after: decode(args.after, 'after'),
        before: decode(args.before, 'before'),
        source: args.source ?? undefined,
        segment: args.segment ?? undefined,
        order,
        recentOrders: ahead,
      });
      // The recent orders read with the page are answered as they are, without a DataLoader promise
      // per customer (Order.customer gives back the same object: the page's customers are remembered).
      for (const c of page.items) loaders.rememberCustomer(c, ahead && c.recentOrders ? { first: ahead, orders: c.recentOrders } : undefined);
      const filter = { source: args.source ?? undefined, segment: args.segment ?? undefined };
      return connection(
        page,
        (c) => cursors.encode(orderName, order.field === 'id' ? null : c.sortKey, c.id),
        () => services.customers.countCustomers(principal.accountId, filter),
      );
    },
    customer: (_parent, { id }, { loaders }) => loaders.customerById(parseId(id, 'Customer')),
  },
  CustomerConnection: { totalCount: (c) => c.totalCount() },
  Customer: {
    phone: (c) => c.phone ?? null,
    recentOrders(c, { first }, { loaders }) {
      if (!isRecentOrdersCount(first)) throw new AppError('invalid_parameter', 'first: 1 to 20', { param: 'first' });
      // Another count, or another object of the customer, goes through the recent orders loader.
      const read = loaders.ordersReadWith(c);
      return read?.first === first ? read.orders : loaders.recentOrders(first).load(c.id);
    },
  },
  Order: {
    customer: (o, _args, { loaders }) => (o.customerId === null ? null : loaders.customerById(o.customerId)),
  },
  Mutation: {
    async updateCustomerContact(_parent, { input }, { principal, services }) {
      const { id, ...fields } = input;
      const change = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== undefined && (value !== null || key === 'phone')));
      return ok({ customer: await services.customers.updateContact(principal.accountId, parseId(id, 'Customer'), change) });
    },
  },
};
