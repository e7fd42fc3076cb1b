// Anonymous GraphQL, for REST parity: GET /api/v1/status needs no key, so neither does an
// operation that reads only `status` (and `__typename`). Decided before GraphQL runs, from the
// request's own document: a request without an Authorization header whose operation is such a
// query runs as the anonymous principal (no account, no scope), spending the per-address public
// budget and a per-address points bucket; everything else stays 401 as before. The anonymous
// principal holds no scope, so every other root field would refuse it anyway (field-limits.ts).
import { Kind, parse, type DocumentNode, type SelectionSetNode } from 'graphql';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../domain/auth/index.ts';

/** Root query fields any caller may read, with or without a credential. */
export const PUBLIC_QUERY_FIELDS: ReadonlySet<string> = new Set(['status']);

/** An anonymous document is small: anything longer is not a status read. */
const MAX_ANONYMOUS_QUERY = 2_000;

const ROOT_ALLOWED = new Set([...PUBLIC_QUERY_FIELDS, '__typename']);

/** The anonymous caller: budgets keyed by the client address (the same key as REST's public routes). */
export const anonymousPrincipal = (address: string): Principal => ({
  accountId: '',
  scopes: new Set(),
  kind: 'anonymous',
  keyId: null,
  budgetKey: `ip:${address}`,
  userId: null,
  role: null,
  mustChangePassword: false,
});

function onlyPublicRootFields(selectionSet: SelectionSetNode): boolean {
  return selectionSet.selections.length > 0 && selectionSet.selections.every((s) => s.kind === Kind.FIELD && ROOT_ALLOWED.has(s.name.value));
}

/** Whether the document's chosen operation is a query of public fields only (no fragments). */
export function isPublicDocument(document: DocumentNode, operationName: string | null | undefined): boolean {
  if (document.definitions.some((d) => d.kind !== Kind.OPERATION_DEFINITION)) return false;
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const chosen = operationName ? operations.filter((o) => o.name?.value === operationName) : operations;
  if (chosen.length !== 1) return false;
  const operation = chosen[0]!;
  return operation.operation === 'query' && onlyPublicRootFields(operation.selectionSet);
}

/** The request's query text and operation name (POST body or GET parameters), when it has them. */
function requestOperation(request: FastifyRequest): { query: unknown; operationName: unknown } | null {
  const source = request.method === 'GET' ? request.query : request.body;
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return null;
  const { query, operationName } = source as { query?: unknown; operationName?: unknown };
  return { query, operationName };
}

/**
 * Whether this request may run without a credential: no Authorization header, and a query text
 * (not a persisted-query hash alone) whose operation reads public fields only.
 */
export function isAnonymousStatusRead(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return false;
  const operation = requestOperation(request);
  if (!operation || typeof operation.query !== 'string' || operation.query.length > MAX_ANONYMOUS_QUERY) return false;
  if (operation.operationName != null && typeof operation.operationName !== 'string') return false;
  try {
    return isPublicDocument(parse(operation.query, { maxTokens: 200, noLocation: true }), operation.operationName);
  } catch {
    return false; // Not a document: authentication answers first, as before.
  }
}
