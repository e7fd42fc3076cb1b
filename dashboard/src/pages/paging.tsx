// What the paged lists (customers, orders) share: cursor paging, an enum filter, and the list
// itself with its loading, failure, empty and count states.
import { useState } from 'preact/hooks';
import type { GraphQLProblem } from '../api.ts';
import { count } from '../format.ts';
import { DataTable, type Column } from '../table.tsx';
import { Empty, Loading, Problems } from '../ui.tsx';

export const PAGE = 25;

/** Cursor paging: the cursors of the pages before the current one. */
export function usePager() {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  return {
    after: cursors[cursors.length - 1] ?? null,
    page: cursors.length,
    next: (cursor: string | null | undefined) => cursor && setCursors((c) => [...c, cursor]),
    previous: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
    reset: () => setCursors([null]),
  };
}
export type Pager = ReturnType<typeof usePager>;

/** A select over an enum's values, with "all" for none. */
export function EnumFilter<E extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: E | null;
  options: readonly E[];
  onChange(value: E | null): void;
}) {
  return (
    <label>
      {label}{' '}
      <select value={value ?? ''} onChange={(e) => onChange((e.currentTarget.value || null) as E | null)}>
        <option value="">all</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
    </label>
  );
}

interface Page<R> {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  nodes: R[];
}

/** A page of a connection as a table, with the states around it and the previous/next buttons. */
export function PagedTable<R extends { id: string }>({
  noun,
  loading,
  errors,
  list,
  pager,
  columns,
}: {
  noun: string;
  loading: boolean;
  errors: GraphQLProblem[];
  list: Page<R> | null | undefined;
  pager: Pager;
  columns: Array<Column<R>>;
}) {
  return (
    <>
      {loading && !list ? <Loading /> : null}
      <Problems errors={errors} what={list ? undefined : noun} />
      {list && !list.nodes.length ? <Empty>Nothing matches.</Empty> : null}
      {list?.nodes.length ? (
        <>
          <p class="muted">
            {count(list.totalCount)} {noun.toLowerCase()}
          </p>
          <DataTable label={noun} rows={list.nodes} rowKey={(row) => row.id} columns={columns} />
          <nav class="actions" aria-label={`Pages of ${noun.toLowerCase()}`}>
            <button type="button" class="secondary" disabled={pager.page === 1} onClick={pager.previous}>
              Previous
            </button>
            <span>
              Page {pager.page} of {Math.max(1, Math.ceil(list.totalCount / PAGE))}
            </span>
            <button type="button" class="secondary" disabled={!list.pageInfo.hasNextPage} onClick={() => pager.next(list.pageInfo.endCursor)}>
              Next
            </button>
          </nav>
        </>
      ) : null}
    </>
  );
}
