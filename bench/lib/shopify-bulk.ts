// Bulk operations run by hand against the Shopify simulator (bench/shopify-backfill and its
// simulator process): one Admin query, and a bulk query run to its result URL.
/** One Admin query to this simulator, as the connector sends it. */
export async function adminQuery<T>(url: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`simulator: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Runs a bulk query and waits for it: its result URL. */
export async function bulkResultUrl(graphqlUrl: string, token: string, query: string): Promise<string> {
  const run = await adminQuery<{ bulkOperationRunQuery: { bulkOperation: { id: string } | null; userErrors: unknown[] } }>(
    graphqlUrl,
    token,
    'mutation($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id } userErrors { code message } } }',
    { q: query },
  );
  const id = run.bulkOperationRunQuery.bulkOperation?.id;
  if (!id) throw new Error(`bulk query refused: ${JSON.stringify(run.bulkOperationRunQuery.userErrors)}`);
  for (;;) {
    const { node } = await adminQuery<{ node: { status: string; url: string | null } }>(
      graphqlUrl,
      token,
      'query($id: ID!) { node(id: $id) { ... on BulkOperation { status url } } }',
      { id },
    );
    if (node.status === 'COMPLETED') return node.url ?? '';
    if (node.status !== 'RUNNING' && node.status !== 'CREATED') throw new Error(`bulk operation ${node.status}`);
  }
}
