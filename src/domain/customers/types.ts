// The customers module's declared types: what its service returns to the doors.
import type { CommerceSource, CustomerSegment, OrderStatus } from '../shared/enums.ts';
import type { Page } from '../shared/bounds.ts';

/** Where a customer or order came from, in the data model's spelling (rules.ts converts). */
export type CustomerSource = CommerceSource;
export type { CustomerSegment, OrderStatus };

export interface Customer {
  id: number;
  email: string;
  name: string;
  phone?: string | null;
  source: CustomerSource;
  externalId: string;
  city: string;
  country: string;
  ordersCount: number;
  revenueTotal: string;
  ltvEstimate: string;
  aov: string;
  segment: CustomerSegment;
  churnScore: string;
  lastPurchaseAt: Date | null;
  firstPurchaseAt: Date | null;
  createdAt: Date;
}

export interface Order {
  id: number;
  customerId: number | null;
  source: CustomerSource;
  externalId: string;
  status: OrderStatus;
  currency: string;
  subtotal: string;
  totalAmount: string;
  refundedAmount: string;
  placedAt: Date;
}

export type CustomerSortField = 'id' | 'revenue' | 'last_purchase';
export interface CustomerSort {
  field: CustomerSortField;
  direction: 'asc' | 'desc';
}
/** A position in a sorted list: the sort key as text (absent for id order) and the id. */
export interface CustomerKey {
  value: string | null;
  id: number;
}
export interface ContactChange {
  email?: string;
  name?: string;
  phone?: string | null;
  city?: string;
  country?: string;
}

/** A customer of a sorted page: its sort key (for the cursor) and, when asked, its newest orders. */
export type CustomerInPage = Customer & { sortKey: string; recentOrders?: Order[] };
/** A page of customers and the page size it was read with (the v1 `limit` after clamping). */
export type CustomersPage = Page<CustomerInPage> & { pageSize: number };
