// Customers: contact fields are editable; metrics are computed from orders.
import type { PrismaClient } from '../../db/client.ts';
import { customersRepo, type ContactChange, type CustomerKey, type CustomerSort, type OrderRow } from './repo.ts';
import type { CommerceSource, CustomerSegment } from '../../db/__generated__/prisma/enums.ts';
import { boundedCount } from '../bounds.ts';
import { AppError } from '../../errors.ts';
import { pageOf, pageRequest, type PageArgs } from '../paging.ts';

/** The contract's source identifiers and their names in the data model. */
export const SOURCES = { shopify: 'shopify', 'woo-commerce': 'woo_commerce', 'mercado-libre': 'mercado_libre' } as const;
export type SourceId = keyof typeof SOURCES;
export const sourceId = (source: CommerceSource): SourceId => source.replace('_', '-') as SourceId;

export const CUSTOMER_PAGE = { default: 25, max: 100 };
export const RECENT_ORDERS = { default: 5, max: 20 };
export const CUSTOMER_SEGMENTS = ['vip', 'loyal', 'regular', 'new', 'at_risk', 'churned'] as const satisfies readonly CustomerSegment[];

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
const COUNTRY = /^[A-Z]{2}$/;

/** Contact fields as given, checked: e-mail, name (1-200), phone (up to 40, null clears), city (up to 200), country (two letters). */
export function parseContact(input: ContactChange): ContactChange {
  const invalid = (param: string, message: string) => new AppError('invalid_parameter', message, { param });
  const text = (value: unknown): value is string => typeof value === 'string' && !value.includes('\u0000');
  const change: ContactChange = {};
  if (input.email !== undefined) {
    if (!text(input.email) || input.email.length > 320 || !EMAIL.test(input.email)) throw invalid('email', 'email: an e-mail address');
    change.email = input.email;
  }
  if (input.name !== undefined) {
    if (!text(input.name) || !input.name.trim() || input.name.length > 200) throw invalid('name', 'name: 1 to 200 characters');
    change.name = input.name.trim();
  }
  if (input.phone !== undefined) {
    if (input.phone !== null && (!text(input.phone) || input.phone.length > 40)) throw invalid('phone', 'phone: up to 40 characters, or null');
    change.phone = input.phone;
  }
  if (input.city !== undefined) {
    if (!text(input.city) || input.city.length > 200) throw invalid('city', 'city: up to 200 characters');
    change.city = input.city;
  }
  if (input.country !== undefined) {
    if (!text(input.country) || !COUNTRY.test(input.country.toUpperCase())) throw invalid('country', 'country: a two-letter country code');
    change.country = input.country.toUpperCase();
  }
  if (!Object.keys(change).length) throw invalid('input', 'give at least one contact field');
  return change;
}

/** A count of recent orders per customer: 1 to RECENT_ORDERS.max, invalid_parameter `first` otherwise. */
const recentOrdersCount = (perCustomer: number): number => boundedCount(perCustomer, RECENT_ORDERS, 'first', { above: 'refuse' });

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
    /**
     * A page of customers in the requested order (default id descending), filtered by source and
     * segment; with `recentOrders` (1 to 20), each customer's newest that many orders too, read in
     * the same statement (what recentOrders below would answer).
     */
    async customersPage(accountId: string, args: PageArgs<CustomerKey> & { source?: CommerceSource; segment?: CustomerSegment; order?: CustomerSort; recentOrders?: number }) {
      const request = pageRequest(args, CUSTOMER_PAGE);
      const perCustomer = args.recentOrders === undefined ? undefined : recentOrdersCount(args.recentOrders);
      const order = args.order ?? { field: 'id', direction: 'desc' };
      for (const cursor of [request.after, request.before]) {
        if (cursor && order.field !== 'id' && cursor.value === null) throw new AppError('invalid_parameter', 'cursor: not a cursor of this order', { param: 'cursor' });
      }
      const rows = await repo.sortedPage(accountId, { source: args.source, segment: args.segment }, order, request, perCustomer);
      return pageOf(rows, request);
    },
    /** The account's customers with these ids, in the order asked (null where the account has none). */
    async customersByIds(accountId: string, ids: readonly number[]) {
      const rows = await repo.byIds(accountId, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    },
    /** The newest `perCustomer` orders (1 to 20) of each customer, in the order asked. */
    async recentOrders(accountId: string, customerIds: readonly number[], perCustomer: number) {
      const rows = await repo.recentOrders(accountId, customerIds, recentOrdersCount(perCustomer));
      const byCustomer = new Map<number, OrderRow[]>();
      for (const row of rows) byCustomer.set(row.customerId!, [...(byCustomer.get(row.customerId!) ?? []), row]);
      return customerIds.map((id) => byCustomer.get(id) ?? []);
    },
    /** Changes the contact fields given (the only editable ones); not_found for a customer of another account. */
    async updateContact(accountId: string, id: number, input: ContactChange) {
      const change = parseContact(input);
      if (!(await repo.updateContact(accountId, id, change))) throw new AppError('not_found', 'No such customer.');
      return (await repo.byIds(accountId, [id]))[0]!;
    },
  };
}
