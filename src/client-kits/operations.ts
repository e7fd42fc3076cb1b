// The operations of an OpenAPI document, flattened for the generators (Postman collection, the
// SDKs, the LLM system prompt): everything they produce comes from the served document.
export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  description?: string;
  format?: string;
  minimum?: number;
  maxLength?: number;
  [k: string]: unknown;
};

export interface Parameter {
  name: string;
  required: boolean;
  description?: string;
  schema: Schema;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  isPublic: boolean;
  /** The scope a key needs, when not public (from the 403 answer's description). */
  scope: 'read' | 'write' | null;
  query: Parameter[];
  /** Parameters in the path (`{id}`), in their order there. */
  pathParams: Parameter[];
  body: Schema | null;
  /** The 200 answer: its JSON schema, and whether another media type (CSV, text, RSS) may come instead. */
  response: Schema | null;
  textual: boolean;
}

type OperationObject = {
  summary: string;
  description?: string;
  operationId: string;
  security: unknown[];
  parameters?: Array<Parameter & { in: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
};

export interface OpenApiLike {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OperationObject>>;
}

export function operations(doc: OpenApiLike): Operation[] {
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const ok = op.responses['200']?.content ?? {};
      const forbidden = op.responses['403']?.description ?? '';
      result.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        summary: op.summary,
        ...(op.description ? { description: op.description } : {}),
        isPublic: op.security.length === 0,
        scope: op.security.length === 0 ? null : forbidden.includes('write') ? 'write' : 'read',
        query: (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map(({ name, required, description, schema }) => ({ name, required, schema, ...(description ? { description } : {}) })),
        pathParams: (op.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map(({ name, description, schema }) => ({ name, required: true, schema, ...(description ? { description } : {}) })),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        response: ok['application/json']?.schema ?? null,
        textual: Object.keys(ok).some((media) => media !== 'application/json'),
      });
    }
  }
  return result.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** One line of text about a parameter: its type, allowed values and description. */
export function describeParameter(p: Parameter): string {
  const type = Array.isArray(p.schema.type) ? p.schema.type.join(' or ') : (p.schema.type ?? 'value');
  const values = p.schema.enum ? ` (one of ${p.schema.enum.join(', ')})` : '';
  return `${p.name}${p.required ? '' : '?'}: ${type}${values}${p.description ? `. ${p.description}` : ''}`;
}
