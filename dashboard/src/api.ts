// The dashboard's only way out: fetches to our own origin (GraphQL at /graphql, sign-in under
// /auth), with the session cookie and the CSRF header the API requires of cookie-borne requests.
import type { TypedDocumentString } from './__generated__/graphql.ts';

export interface GraphQLProblem {
  message: string;
  path?: Array<string | number>;
  extensions?: { code?: string };
}

export interface Answer<T> {
  /** null when the request failed as a whole (network, HTTP error, no data). */
  data: T | null;
  errors: GraphQLProblem[];
  /** Seconds to wait before asking again, when the answer was throttled (429 with Retry-After). */
  retryAfter?: number;
}

export interface SessionUser {
  id: string;
  email: string;
  role: 'owner' | 'member' | string;
  mustChangePassword: boolean;
}

export interface Session {
  user: SessionUser;
  account: { id: string; name: string };
  expiresAt: string;
}

const HEADERS = { 'content-type': 'application/json', 'apollo-require-preflight': 'true', accept: 'application/json' };

/** Called when an answer says the session is gone or not usable yet: the app checks the session again (sign-in or password change). */
let onSignedOut: () => void = () => undefined;
export function whenSignedOut(listener: () => void): void {
  onSignedOut = listener;
}

// The codes of a request without a valid session (the error table's 401s for a cookie, and a
// session whose user must first change the password): the shell asks /auth/session again.
const UNAUTHENTICATED = new Set(['not_signed_in', 'missing_authorization', 'password_change_required']);

export async function gql<T, V>(document: TypedDocumentString<T, V>, variables?: V): Promise<Answer<T>> {
  let res: Response;
  try {
    res = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: HEADERS,
      body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
    });
  } catch {
    return { data: null, errors: [{ message: 'The service cannot be reached. Check your connection and try again.' }] };
  }
  const body = (await res.json().catch(() => null)) as { data?: T | null; errors?: GraphQLProblem[] } | null;
  const errors = body?.errors ?? (res.ok ? [] : [{ message: `The service answered ${res.status}.` }]);
  if (res.status === 401 || errors.some((e) => UNAUTHENTICATED.has(e.extensions?.code ?? ''))) onSignedOut();
  const retryAfter = res.status === 429 ? Number(res.headers.get('retry-after') ?? '1') || 1 : undefined;
  return { data: body?.data ?? null, errors, ...(retryAfter ? { retryAfter } : {}) };
}

export interface AuthAnswer {
  status: number;
  body: Record<string, unknown> | null;
  retryAfter: string | null;
}

/** A call to the sign-in endpoints (/auth/login, /auth/logout, /auth/password, /auth/session). */
export async function auth(path: string, method: 'GET' | 'POST', payload?: unknown): Promise<AuthAnswer> {
  try {
    const res = await fetch(`/auth/${path}`, {
      method,
      credentials: 'same-origin',
      headers: method === 'POST' ? HEADERS : { accept: 'application/json' },
      ...(payload === undefined ? (method === 'POST' ? { body: '{}' } : {}) : { body: JSON.stringify(payload) }),
    });
    const body = res.status === 204 ? null : ((await res.json().catch(() => null)) as Record<string, unknown> | null);
    return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
  } catch {
    return { status: 0, body: null, retryAfter: null };
  }
}

/** The errors of an answer under a top-level field (alias), for showing them where that field's data would be. */
export function errorsAt(errors: GraphQLProblem[], field: string): GraphQLProblem[] {
  return errors.filter((e) => e.path?.[0] === field);
}
