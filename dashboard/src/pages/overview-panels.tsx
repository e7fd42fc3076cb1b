// The overview's panels below the chart: top customers, open anomalies and insights (with live
// additions from the subscriptions), stock running out, integration health, credits and AI usage.
import { useState } from 'preact/hooks';
import { LiveFeedDocument, LiveInsightsDocument, type OverviewQuery } from '../__generated__/graphql.ts';
import { errorsAt, type GraphQLProblem } from '../api.ts';
import { count, dateTime, day, money, percent, type Locale } from '../format.ts';
import { useSubscription } from '../live.ts';
import { DataTable, Product } from '../table.tsx';
import { Badge, Empty, Link, Problems } from '../ui.tsx';

interface LiveItem {
  id: string;
  severity: string;
  title: string;
  at: string;
}

/** A panel of the overview: its data, or the errors of the fields it shows (the rest of the page stays). */
function Panel({ title, fields, errors, children }: { title: string; fields: string[]; errors: GraphQLProblem[]; children: preact.ComponentChildren }) {
  const problems = fields.flatMap((field) => errorsAt(errors, field));
  return (
    <section class="panel" aria-label={title} data-panel={fields[0]}>
      <h2>{title}</h2>
      {problems.length ? <Problems errors={problems} what={title} /> : children}
    </section>
  );
}

export function OverviewPanels({ data, errors, locale }: { data: OverviewQuery; errors: GraphQLProblem[]; locale: Locale }) {
  const [live, setLive] = useState<LiveItem[]>([]);
  useSubscription(LiveInsightsDocument, (event) =>
    setLive((items) => [
      {
        id: event.insightCreated.insightId,
        severity: event.insightCreated.severity,
        title: `Insight: ${event.insightCreated.title}`,
        at: event.insightCreated.occurredAt,
      },
      ...items,
    ]),
  );
  useSubscription(LiveFeedDocument, (event) =>
    setLive((items) => [
      {
        id: event.anomalyDetected.eventId,
        severity: event.anomalyDetected.severity,
        title: `${event.anomalyDetected.metricName} ${event.anomalyDetected.direction === 'up' ? 'rose' : 'fell'}: an anomaly`,
        at: event.anomalyDetected.occurredAt,
      },
      ...items,
    ]),
  );
  const urgent = (data.stock?.nodes ?? []).filter((item) => item.status === 'critical' || item.status === 'low');
  return (
    <div class="panels">
      <Panel title="Top customers" fields={['topCustomers']} errors={errors}>
        {data.topCustomers?.length ? (
          <DataTable
            label="Top customers"
            rows={data.topCustomers}
            rowKey={(row) => row.customer.id}
            columns={[
              {
                title: 'Customer',
                cell: (row) => (
                  <>
                    {row.customer.name} <Badge tone="neutral">{row.customer.segment}</Badge>
                  </>
                ),
              },
              { title: 'Orders', cell: (row) => count(row.orders) },
              { title: 'Revenue', cell: (row) => money(locale, row.grossRevenue.amount) },
              { title: 'Share', cell: (row) => percent(row.share) },
            ]}
          />
        ) : (
          <Empty>No customer bought in this period.</Empty>
        )}
      </Panel>
      <Panel title="Open anomalies and insights" fields={['insights', 'anomalies']} errors={errors}>
        <ul class="feed" aria-live="polite" data-live-feed>
          {live.map((item) => (
            <li key={item.id} data-live>
              <Badge tone={item.severity}>{item.severity}</Badge> {item.title} <span class="muted">{dateTime(locale, item.at)} · new</span>
            </li>
          ))}
          {(data.anomalies?.nodes ?? []).slice(0, 5).map((a) => (
            <li key={a.id}>
              <Badge tone={a.severity}>{a.severity}</Badge> {a.metricName} {a.direction === 'up' ? 'rose' : 'fell'} on {day(a.observedOn)}: {a.inferredCause}
            </li>
          ))}
          {(data.insights?.nodes ?? []).map((i) => (
            <li key={i.id}>
              <Badge tone={i.severity}>{i.severity}</Badge> {i.title} <span class="muted">{dateTime(locale, i.computedAt)}</span>
            </li>
          ))}
        </ul>
        {!live.length && !data.anomalies?.nodes.length && !data.insights?.nodes.length ? <Empty>Nothing needs your attention.</Empty> : null}
        <p>
          <Link to="/insights">All insights ({count(data.insights?.totalCount ?? 0)} open)</Link>
        </p>
      </Panel>
      <Panel title="Stock running out" fields={['stock']} errors={errors}>
        {data.stock ? (
          <p class="muted">
            {count(data.stock.summary.critical)} critical, {count(data.stock.summary.low)} low <Link to="/inventory">Inventory and reorder suggestions</Link>
          </p>
        ) : null}
        {urgent.length ? (
          <DataTable
            label="Stock running out"
            rows={urgent}
            rowKey={(item) => item.id}
            columns={[
              { title: 'Product', cell: (item) => <Product name={item.productName} sku={item.sku} /> },
              { title: 'In stock', cell: (item) => count(item.currentStock) },
              { title: 'Runs out', cell: (item) => day(item.estimatedStockoutAt) },
              { title: 'Status', cell: (item) => <Badge tone={item.status ?? 'ok'}>{item.status}</Badge> },
            ]}
          />
        ) : (
          <Empty>No item is critical or low.</Empty>
        )}
      </Panel>
      <Panel title="Integrations" fields={['integrations']} errors={errors}>
        {data.integrations?.nodes.length ? (
          <ul class="plain">
            {data.integrations.nodes.map((i) => (
              <li key={i.id}>
                <Badge tone={i.status === 'connected' ? 'good' : 'bad'}>{i.status.replace('_', ' ')}</Badge> {i.provider} · {i.shop}
                {i.lastSyncMinutesAgo !== null && i.lastSyncMinutesAgo !== undefined ? (
                  <span class="muted"> synced {count(i.lastSyncMinutesAgo)} min ago</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <Empty>No store or ad platform is connected.</Empty>
        )}
      </Panel>
      <Panel title="Credits and AI" fields={['viewer', 'usage', 'aiAccess']} errors={errors}>
        <dl class="facts">
          <dt>Credit balance</dt>
          <dd data-credits>{count(data.viewer?.credits.balance)}</dd>
          <dt>Auto top-up</dt>
          <dd>
            {data.viewer?.credits.autoTopup.enabled
              ? `${count(data.viewer.credits.autoTopup.topUpAmount)} below ${count(data.viewer.credits.autoTopup.threshold)}`
              : 'off'}
          </dd>
          <dt>AI access</dt>
          <dd>{data.aiAccess ? <Badge tone={data.aiAccess.state === 'enabled' ? 'good' : 'bad'}>{data.aiAccess.state}</Badge> : '—'}</dd>
          <dt>AI this month</dt>
          <dd>
            {data.usage
              ? `${count(data.usage.thisMonth.totals.requests)} requests, ${count(data.usage.thisMonth.totals.credits)} credits (US$${count(data.usage.thisMonth.totals.costUsd, 2)})`
              : '—'}
          </dd>
        </dl>
      </Panel>
    </div>
  );
}
