// Small shared pieces: the loading, empty and error states every page shows, user errors next to
// the form they belong to, and a link that routes without reloading.
import type { ComponentChildren, JSX } from 'preact';
import type { GraphQLProblem } from './api.ts';
import { BASE, navigate } from './router.ts';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p class="state loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="state empty">{children}</p>;
}

/** Errors of a whole request or of one field: shown where that field's data would be. */
export function Problems({ errors, what }: { errors: GraphQLProblem[]; what?: string }) {
  if (!errors.length) return null;
  return (
    <div class="problem" role="alert">
      {what ? <strong>{what} could not be loaded. </strong> : null}
      {errors.map((e, i) => (
        <span key={i} data-code={e.extensions?.code}>
          {e.message}
          {e.extensions?.code ? ` (${e.extensions.code})` : ''}{' '}
        </span>
      ))}
    </div>
  );
}

export interface UserProblem {
  field?: string[] | null;
  code: string;
  message: string;
}

/** A mutation's userErrors (and top-level errors), beside its form. */
export function FormErrors({ userErrors = [], errors = [] }: { userErrors?: UserProblem[] | null; errors?: GraphQLProblem[] }) {
  const all = [
    ...(userErrors ?? []).map((e) => ({ message: e.message, code: e.code })),
    ...errors.map((e) => ({ message: e.message, code: e.extensions?.code })),
  ];
  if (!all.length) return null;
  return (
    <ul class="problem" role="alert">
      {all.map((e, i) => (
        <li key={i} data-code={e.code}>
          {e.message}
          {e.code ? ` (${e.code})` : ''}
        </li>
      ))}
    </ul>
  );
}

export function Link({ to, children, ...rest }: { to: string; children: ComponentChildren } & JSX.HTMLAttributes<HTMLAnchorElement>) {
  return (
    <a
      {...rest}
      href={`${BASE}${to}`}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/** A value shown once (a new key or secret) with a copy button. */
export function ShownOnce({ label, value }: { label: string; value: string }) {
  return (
    <div class="shown-once" role="status">
      <p>
        <strong>{label}</strong> It is shown only now: store it somewhere safe.
      </p>
      <code data-secret>{value}</code>{' '}
      <button type="button" onClick={() => void navigator.clipboard?.writeText(value)}>
        Copy
      </button>
    </div>
  );
}

export function Badge({ tone, children }: { tone: string; children: ComponentChildren }) {
  return <span class={`badge badge-${tone}`}>{children}</span>;
}

/** A table that may scroll sideways on a narrow screen: a named, focusable region, so that keyboard users can scroll it. */
export function TableWrap({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
