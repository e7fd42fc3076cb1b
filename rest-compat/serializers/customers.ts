// Customers and integrations, field by field in the contract's order.
import { sourceToId, type Customer, type CustomersPage } from '../../src/domain/customers/index.ts';
import { money, nullableTimestamp, timestamp } from './common.ts';

/** The v1 cursor of a page: the last customer's id when more follow (ids descend). */
export function serializeCustomersPagination(page: CustomersPage) {
  const last = page.items[page.items.length - 1];
  const nextCursor = page.hasNextPage && last ? last.id : null;
  return { limit: page.pageSize, next_cursor: nextCursor, has_more: page.hasNextPage };
}

export function serializeCustomer(c: Customer) {
  return {
    id: c.id,
    email: c.email,
    name: c.name,
    source: sourceToId(c.source),
    external_id: c.externalId,
    city: c.city,
    country: c.country,
    orders_count: c.ordersCount,
    revenue_total: money(c.revenueTotal),
    ltv_estimate: money(c.ltvEstimate),
    aov: money(c.aov),
    segment: c.segment,
    churn_score: Number(c.churnScore),
    last_purchase_at: nullableTimestamp(c.lastPurchaseAt),
    first_purchase_at: nullableTimestamp(c.firstPurchaseAt),
    created_at: timestamp(c.createdAt),
  };
}

export function serializeIntegration(i: {
  provider: string;
  shop: string;
  scopes: string[];
  status: string;
  connectedAt: Date;
  revokedAt: Date | null;
  lastSyncAt: Date | null;
  lastSyncMinutesAgo: number | null;
}) {
  return {
    provider: i.provider,
    shop: i.shop,
    scopes: i.scopes,
    status: i.status,
    connected_at: timestamp(i.connectedAt),
    revoked_at: nullableTimestamp(i.revokedAt),
    last_sync_at: nullableTimestamp(i.lastSyncAt),
    last_sync_minutes_ago: i.lastSyncMinutesAgo,
  };
}
