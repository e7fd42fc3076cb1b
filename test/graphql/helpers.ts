// GraphQL over real HTTP for the GraphQL suites.
import type { TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';

export interface GqlAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export async function gql(
  app: TestApp,
  key: string | null,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<GqlAnswer> {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
  });
  return { status: res.status, headers: res.headers, body: await readJson(res) };
}

export const JWT_SECRET = 'graphql-test-secret-0123456789abcdef';

/** A dashboard session JWT for `accountId`, signed with JWT_SECRET and the default issuer/audience. */
export async function sessionToken(accountId: string): Promise<string> {
  const { SignJWT } = await import('jose');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(accountId)
    .setIssuer('svc-dashboard')
    .setAudience('svc-api')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(JWT_SECRET));
}

/** The codes of an answer's errors. */
export const codes = (answer: GqlAnswer): string[] => (answer.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);

/** The codes of the userErrors of every mutation field of an answer (select `userErrors { code }`). */
export const userErrorCodes = (answer: GqlAnswer): string[] =>
  Object.values((answer.body.data ?? {}) as Record<string, { userErrors?: Array<{ code: string }> } | null>).flatMap(
    (payload) => payload?.userErrors?.map((e) => e.code) ?? [],
  );
