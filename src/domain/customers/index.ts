// The customers module's public surface: customers and their orders, contact edits, the metrics
// job, and the rules a door needs (source spellings, page bounds, cursor keys).
export { customersService, type CustomersService, type CustomersQuery } from './service.ts';
export type {
  Customer,
  Order,
  CustomerSource,
  CustomerSegment,
  OrderStatus,
  CustomerSort,
  CustomerSortField,
  CustomerKey,
  ContactChange,
  CustomerInPage,
  CustomersPage,
} from './types.ts';
export {
  SOURCE_IDS,
  SOURCE_ID_LIST,
  sourceToId,
  sourceFromId,
  type SourceId,
  CUSTOMER_PAGE,
  RECENT_ORDERS,
  CUSTOMER_SEGMENTS,
  SEGMENT_RULES,
  CHURN_RULES,
  LTV_RULES,
  isRecentOrdersCount,
  parseContact,
} from './rules.ts';
