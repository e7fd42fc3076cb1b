// Inventory (stock, sales velocity, stock-out dates) and the pending reorder suggestions (mark
// ordered or dismiss).
import { useState } from 'preact/hooks';
import { InventoryDocument, SetReorderStatusDocument } from '../__generated__/graphql.ts';
import { errorsAt } from '../api.ts';
import { count, day } from '../format.ts';
import type { PageProps } from '../page.ts';
import { Badge, Empty, FormErrors, Loading, Problems, type UserProblem } from '../ui.tsx';
import { DataTable, Product, StatusButtons } from '../table.tsx';
import { useMutation, useQuery } from '../use-query.ts';

export function Inventory(_props: PageProps) {
  const { data, errors, loading, reload } = useQuery(InventoryDocument, {});
  const setStatus = useMutation(SetReorderStatusDocument);
  const [userErrors, setUserErrors] = useState<UserProblem[]>([]);
  const inventory = data?.inventory;
  const suggestions = data?.reorderSuggestions;
  return (
    <section aria-labelledby="inventory-title">
      <h1 id="inventory-title">Inventory</h1>
      {loading && !data ? <Loading /> : null}
      {!data ? <Problems errors={errors} what="Inventory" /> : null}
      <h2>Reorder suggestions</h2>
      <FormErrors userErrors={userErrors} errors={setStatus.errors} />
      {data && !suggestions ? <Problems errors={errorsAt(errors, 'reorderSuggestions')} what="Reorder suggestions" /> : null}
      {suggestions && !suggestions.nodes.length ? <Empty>No pending suggestion.</Empty> : null}
      {suggestions?.nodes.length ? (
        <DataTable
          label="Reorder suggestions"
          rows={suggestions.nodes}
          rowKey={(s) => s.id}
          rowProps={(s) => ({ 'data-suggestion': s.inventoryItem.sku })}
          columns={[
            { title: 'Product', cell: (s) => <Product name={s.inventoryItem.productName} sku={s.inventoryItem.sku} /> },
            { title: 'Quantity', cell: (s) => count(s.qtySuggested) },
            {
              title: 'Why',
              cell: (s) => (
                <>
                  {s.reason} <span class="muted">(covers {count(s.forecastDays)} days)</span>
                </>
              ),
            },
            {
              title: 'Actions',
              hiddenTitle: true,
              cell: (s) => (
                <StatusButtons
                  choices={[
                    { status: 'ordered', label: 'Mark ordered' },
                    { status: 'dismissed', label: 'Dismiss' },
                  ]}
                  subject={s.inventoryItem.productName}
                  pending={setStatus.pending}
                  onChoose={async (status) => {
                    const result = await setStatus.run({ id: s.id, status });
                    setUserErrors(result?.setReorderStatus?.userErrors ?? []);
                    reload();
                  }}
                />
              ),
            },
          ]}
        />
      ) : null}
      <h2>Stock</h2>
      {data && !inventory ? <Problems errors={errorsAt(errors, 'inventory')} what="Stock" /> : null}
      {inventory ? (
        <p class="muted">
          {count(inventory.summary.total)} items: {count(inventory.summary.critical)} critical, {count(inventory.summary.low)} low,{' '}
          {count(inventory.summary.ok)} ok, {count(inventory.summary.overstocked)} overstocked
        </p>
      ) : null}
      {inventory && !inventory.nodes.length ? <Empty>No stocked item.</Empty> : null}
      {inventory?.nodes.length ? (
        <DataTable
          label="Stock"
          rows={inventory.nodes}
          rowKey={(item) => item.id}
          columns={[
            { title: 'Product', cell: (item) => <Product name={item.productName} sku={item.sku} /> },
            { title: 'In stock', cell: (item) => count(item.currentStock) },
            { title: 'Sold (30 days)', cell: (item) => count(item.unitsSold30d) },
            { title: 'Days of stock', cell: (item) => (item.daysOfStock === null || item.daysOfStock === undefined ? '—' : count(item.daysOfStock, 1)) },
            { title: 'Runs out', cell: (item) => day(item.estimatedStockoutAt) },
            { title: 'Status', cell: (item) => (item.status ? <Badge tone={item.status}>{item.status}</Badge> : '—') },
          ]}
        />
      ) : null}
    </section>
  );
}
