// preValidation for every /api/v1 route: each query-string or path parameter its schema types as
// an integer is read by the one integer rule (src/domain/shared/integers.ts) before the schema
// coerces it, so 0x10, 1e2, " 5" or +5 are invalid_parameter, and an id beyond the column's range
// is 400, not a database error.
import type { FastifyRequest } from 'fastify';
import { isRowIdParam, parseDecimalInteger } from '../src/domain/shared/index.ts';

type ObjectSchema = { properties?: Record<string, { type?: unknown }> } | undefined;

function readIntegers(schema: ObjectSchema, values: unknown): void {
  if (!schema?.properties || !values || typeof values !== 'object') return;
  const record = values as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties)) {
    if (property.type !== 'integer' || !Object.hasOwn(record, name)) continue;
    record[name] = String(parseDecimalInteger(record[name], name, isRowIdParam(name) ? 'row_id' : 'count'));
  }
}

export async function strictIntegerParams(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema as { querystring?: ObjectSchema; params?: ObjectSchema } | undefined;
  readIntegers(schema?.querystring, request.query);
  readIntegers(schema?.params, request.params);
}
