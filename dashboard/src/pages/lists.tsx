// Customers (segment and source filters, paging, CSV export of every matching customer) and Orders.
import { useState } from 'preact/hooks';
import {
  CustomersDocument,
  OrdersDocument,
  type CommerceSource,
  type CustomersQuery,
  type CustomerSegment,
  type OrderStatus,
} from '../__generated__/graphql.ts';
import { gql, type Answer } from '../api.ts';
import { toCsv, download } from '../csv.ts';
import { count, dateTime, money } from '../format.ts';
import type { PageProps } from '../page.ts';
import { Badge } from '../ui.tsx';
import { useQuery } from '../use-query.ts';
import { EnumFilter, PAGE, PagedTable, usePager } from './paging.tsx';

const SEGMENTS: CustomerSegment[] = ['vip', 'loyal', 'regular', 'new', 'at_risk', 'churned'];
const SOURCES: CommerceSource[] = ['shopify', 'woo_commerce', 'mercado_libre'];
const ORDER_STATUSES: OrderStatus[] = ['paid', 'refunded', 'partially_refunded'];
const words = (value: string) => value.replace(/_/g, ' ');

type Filter = { segment: CustomerSegment | null; source: CommerceSource | null };

/**
 * Every customer matching the filters, a page of 100 at a time, as a CSV download. A long export
 * spends the account's GraphQL cost points faster than they come back: a throttled page is asked
 * again after the Retry-After the API gives.
 */
async function exportCustomers(filter: Filter, progress: (text: string) => void): Promise<void> {
  const rows: string[][] = [['name', 'email', 'source', 'country', 'segment', 'orders', 'revenue', 'last_purchase_at']];
  let after: string | null = null;
  for (let waits = 0; ;) {
    progress(`Exporting… ${count(rows.length - 1)} customers`);
    const answer: Answer<CustomersQuery> = await gql(CustomersDocument, { first: 100, after, ...filter });
    if (answer.retryAfter && waits++ < 60) {
      progress(`Exporting… ${count(rows.length - 1)} customers (waiting ${answer.retryAfter} s for the API budget)`);
      await new Promise((resolve) => setTimeout(resolve, answer.retryAfter! * 1000));
      continue;
    }
    const list = answer.data?.customers;
    if (!list) return progress(`Export failed: ${answer.errors.map((e) => e.message).join('; ')}`);
    for (const c of list.nodes)
      rows.push([c.name, c.email, c.source, c.country, c.segment, String(c.ordersCount), c.revenueTotalMoney.amount, c.lastPurchaseAt ?? '']);
    if (!list.pageInfo.hasNextPage) break;
    after = list.pageInfo.endCursor ?? null;
  }
  download(`customers-${new Date().toISOString().slice(0, 10)}.csv`, toCsv(rows));
  progress(`Exported ${count(rows.length - 1)} customers.`);
}

export function Customers({ locale }: PageProps) {
  const [filter, setFilter] = useState<Filter>({ segment: null, source: null });
  const pager = usePager();
  const { data, errors, loading } = useQuery(CustomersDocument, { first: PAGE, after: pager.after, ...filter });
  const [exporting, setExporting] = useState<string | null>(null);
  const change = (patch: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    pager.reset();
  };
  return (
    <section aria-labelledby="customers-title">
      <h1 id="customers-title">Customers</h1>
      <div class="toolbar">
        <EnumFilter label="Segment" value={filter.segment} options={SEGMENTS} onChange={(segment) => change({ segment })} />
        <EnumFilter label="Source" value={filter.source} options={SOURCES} onChange={(source) => change({ source })} />
        <button type="button" class="secondary" onClick={() => void exportCustomers(filter, setExporting)} disabled={!data?.customers?.totalCount}>
          Export CSV
        </button>
        {exporting ? <span role="status">{exporting}</span> : null}
      </div>
      <PagedTable
        noun="Customers"
        loading={loading}
        errors={errors}
        list={data?.customers}
        pager={pager}
        columns={[
          {
            title: 'Name',
            cell: (c) => (
              <>
                {c.name} <span class="muted">{c.email}</span>
              </>
            ),
          },
          { title: 'Source', cell: (c) => words(c.source) },
          { title: 'Country', cell: (c) => c.country },
          { title: 'Segment', cell: (c) => <Badge tone="neutral">{words(c.segment)}</Badge> },
          { title: 'Orders', cell: (c) => count(c.ordersCount) },
          { title: 'Revenue', cell: (c) => money(locale, c.revenueTotalMoney.amount) },
          { title: 'Last purchase', cell: (c) => dateTime(locale, c.lastPurchaseAt) },
        ]}
      />
    </section>
  );
}

export function Orders({ locale }: PageProps) {
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const pager = usePager();
  const { data, errors, loading } = useQuery(OrdersDocument, { first: PAGE, after: pager.after, status });
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      <div class="toolbar">
        <EnumFilter
          label="Status"
          value={status}
          options={ORDER_STATUSES}
          onChange={(next) => {
            setStatus(next);
            pager.reset();
          }}
        />
      </div>
      <PagedTable
        noun="Orders"
        loading={loading}
        errors={errors}
        list={data?.orders}
        pager={pager}
        columns={[
          {
            title: 'Order',
            cell: (o) => (
              <>
                {o.externalId} <span class="muted">{words(o.source)}</span>
              </>
            ),
          },
          { title: 'Placed', cell: (o) => dateTime(locale, o.placedAt) },
          { title: 'Customer', cell: (o) => o.customer?.name ?? <span class="muted">guest</span> },
          { title: 'Status', cell: (o) => <Badge tone={o.status === 'paid' ? 'good' : 'warn'}>{words(o.status)}</Badge> },
          { title: 'Total', cell: (o) => money(locale, o.totalAmountMoney.amount) },
          { title: 'Refunded', cell: (o) => (Number(o.refundedAmountMoney.amount) ? money(locale, o.refundedAmountMoney.amount) : '—') },
        ]}
      />
    </section>
  );
}
