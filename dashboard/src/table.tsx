// The one table of the dashboard: columns as data (a header and a cell per row), in a focusable
// region that scrolls sideways on a narrow screen. Action columns get a header for screen readers only.
import type { ComponentChildren, JSX } from 'preact';
import { TableWrap } from './ui.tsx';

export interface Column<R> {
  title: string;
  /** The header is read by screen readers but not shown (an actions column). */
  hiddenTitle?: boolean;
  cell(row: R): ComponentChildren;
}

export function DataTable<R>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
}: {
  label: string;
  columns: Array<Column<R>>;
  rows: readonly R[];
  rowKey(row: R): string;
  /** Extra attributes of a row (data-* hooks for tests). */
  rowProps?(row: R): JSX.HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
}) {
  return (
    <TableWrap label={label}>
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.title} scope="col">
                {column.hiddenTitle ? <span class="sr-only">{column.title}</span> : column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) => (
                <td key={column.title}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** A product as tables show it: its name, then its sku in grey. */
export function Product({ name, sku }: { name: string; sku: string }) {
  return (
    <>
      {name} <span class="muted">{sku}</span>
    </>
  );
}

/** The buttons that move one item to another status (resolve or dismiss an insight, mark a suggestion ordered). */
export function StatusButtons<S extends string>({
  choices,
  subject,
  pending,
  onChoose,
}: {
  choices: Array<{ status: S; label: string }>;
  subject: string;
  pending: boolean;
  onChoose(status: S): void;
}) {
  return (
    <div class="actions">
      {choices.map((choice, index) => (
        <button
          key={choice.status}
          type="button"
          class={index === 0 ? undefined : 'secondary'}
          aria-label={`${choice.label}: ${subject}`}
          disabled={pending}
          onClick={() => onChoose(choice.status)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
