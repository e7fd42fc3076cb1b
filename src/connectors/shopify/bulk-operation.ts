// A bulk operation of the Admin API (docs/connectors/shopify-sync.md): started (or adopted when a
// run that started it stopped before recording it), and polled until it ends.
import { ShopifyApiError } from './admin-client.ts';
import type { BackfillContext } from './backfill-streams.ts';

export interface BulkOperation {
  id: string;
  status: string;
  errorCode: string | null;
  objectCount: string;
  fileSize: string | null;
  url: string | null;
}

const OP_FIELDS = 'id status errorCode objectCount fileSize url';

/**
 * Starts a stream's bulk operation; null when another one of the shop's is still running (it is
 * queued behind it). When the running one is this very query (a run that started it stopped
 * before it could record it), it is adopted instead of waited for.
 */
export async function startOperation(ctx: BackfillContext, query: string): Promise<BulkOperation | null> {
  const answer = await ctx.client.query<{
    bulkOperationRunQuery: { bulkOperation: BulkOperation | null; userErrors: { code: string | null; message: string }[] };
  }>(
    `mutation RunBulk($query: String!) { bulkOperationRunQuery(query: $query) { bulkOperation { ${OP_FIELDS} } userErrors { code field message } } }`,
    { query },
    ctx.signal,
  );
  const { bulkOperation, userErrors } = answer.bulkOperationRunQuery;
  if (userErrors.some((e) => e.code === 'OPERATION_IN_PROGRESS')) {
    const current = await ctx.client.query<{ currentBulkOperation: (BulkOperation & { query: string }) | null }>(
      `query CurrentBulk { currentBulkOperation(type: QUERY) { ${OP_FIELDS} query } }`,
      {},
      ctx.signal,
    );
    const op = current.currentBulkOperation;
    return op && op.query === query && ['CREATED', 'RUNNING'].includes(op.status) ? op : null;
  }
  if (!bulkOperation) throw new ShopifyApiError(`bulk operation refused: ${userErrors.map((e) => e.message).join('; ')}`, 200);
  return bulkOperation;
}

async function readOperation(ctx: BackfillContext, id: string): Promise<BulkOperation | null> {
  const answer = await ctx.client.query<{ node: BulkOperation | null }>(
    `query BulkStatus($id: ID!) { node(id: $id) { ... on BulkOperation { ${OP_FIELDS} } } }`,
    { id },
    ctx.signal,
  );
  return answer.node;
}

/** Polls until the operation ends or maxWaitMs passes (then null: still running). */
export async function awaitOperation(ctx: BackfillContext, id: string): Promise<BulkOperation | null> {
  const deadline = Date.now() + ctx.maxWaitMs;
  for (;;) {
    const op = await readOperation(ctx, id);
    if (!op) throw new ShopifyApiError(`bulk operation ${id} is gone`, 200);
    if (!['CREATED', 'RUNNING', 'CANCELING'].includes(op.status)) return op;
    if (Date.now() >= deadline) return null;
    await ctx.sleep(ctx.pollMs, ctx.signal);
  }
}
