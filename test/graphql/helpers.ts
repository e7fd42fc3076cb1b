// GraphQL over real HTTP for the GraphQL suites.
import type { TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';

export interface GqlAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export async function gql(app: TestApp, key: string | null, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<GqlAnswer> {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
  });
  return { status: res.status, headers: res.headers, body: await readJson(res) };
}
