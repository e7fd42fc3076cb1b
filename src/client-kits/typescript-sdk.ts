// A TypeScript client generated from the OpenAPI document: one typed method per operation, the
// response types written from the documented JSON schemas, and ApiError for {error} answers.
import type { Operation, Schema } from './operations.ts';

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);
const propertyName = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** The TypeScript type of a JSON schema (the subset the document uses). */
export function tsType(schema: Schema | undefined, indent = ''): string {
  if (!schema) return 'unknown';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.map((t) => tsType({ ...schema, type: t }, indent)).join(' | ');
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `Array<${tsType(schema.items, indent)}>`;
    case 'object': {
      if (!schema.properties) return 'Record<string, unknown>';
      const inner = `${indent}  `;
      const fields = Object.entries(schema.properties).map(
        ([name, s]) => `${inner}${propertyName(name)}${schema.required?.includes(name) ? '' : '?'}: ${tsType(s, inner)};`,
      );
      return `{\n${fields.join('\n')}\n${indent}}`;
    }
    default:
      return 'unknown';
  }
}

export function typescriptSdk(ops: Operation[], info: { title: string; version: string }, baseUrl: string): string {
  const types: string[] = [];
  const methods: string[] = [];
  for (const op of ops) {
    const name = pascal(op.operationId);
    const args: string[] = [];
    if (op.query.length) {
      types.push(
        `export interface ${name}Query ${tsType({ type: 'object', properties: Object.fromEntries(op.query.map((p) => [p.name, p.schema])), required: op.query.filter((p) => p.required).map((p) => p.name) })}`,
      );
      args.push(`query: ${name}Query${op.query.some((p) => p.required) ? '' : ' = {}'}`);
    }
    if (op.body) {
      types.push(`export type ${name}Body = ${tsType(op.body)};`);
      args.unshift(`body: ${name}Body`);
    }
    if (op.response) types.push(`export type ${name}Response = ${tsType(op.response)};`);
    // Path parameters come first, in path order; each is encoded into its segment.
    args.unshift(...op.pathParams.map((p) => `${p.name}: ${tsType(p.schema)}`));
    const path = op.pathParams.length ? `\`${op.path.replace(/\{(\w+)\}/g, '${encodeURIComponent(String($1))}')}\`` : JSON.stringify(op.path);
    const call = `    return this.request(${JSON.stringify(op.method)}, ${path}, ${op.query.length ? 'query' : 'undefined'}, ${op.body ? 'body' : 'undefined'})`;
    const doc = [op.summary, op.description, op.isPublic ? 'Public: no key needed.' : `Needs a key with the ${op.scope} scope.`].filter(Boolean).join(' ');
    const lines = [`  /** ${doc.replace(/\*\//g, '*\\/')} */`];
    // A `format` other than json (csv, text) answers text: overloads pick the type from it.
    const textFormats = (op.query.find((p) => p.name === 'format')?.schema.enum ?? []).filter((f) => f !== 'json').map((f) => JSON.stringify(f));
    if (op.response && op.textual && textFormats.length) {
      const rest = args.slice(0, -1);
      lines.push(
        `  ${op.operationId}(${[...rest, `query: Omit<${name}Query, 'format'> & { format: ${textFormats.join(' | ')} }`].join(', ')}): Promise<string>;`,
        `  ${op.operationId}(${[...rest, `query?: Omit<${name}Query, 'format'> & { format?: 'json' }`].join(', ')}): Promise<${name}Response>;`,
        `  ${op.operationId}(${args.join(', ')}): Promise<${name}Response | string> {`,
        `${call} as Promise<${name}Response | string>;`,
      );
    } else {
      const returns = [op.response ? `${name}Response` : null, op.textual ? 'string' : null].filter(Boolean).join(' | ') || 'unknown';
      lines.push(`  ${op.operationId}(${args.join(', ')}): Promise<${returns}> {`, `${call} as Promise<${returns}>;`);
    }
    lines.push('  }');
    methods.push(lines.join('\n'));
  }
  return `// ${info.title} ${info.version}: a TypeScript client generated from /api/v1/openapi.json.
// Needs a global fetch (Node.js 18+, browsers, Deno, Bun). No dependencies.

export const DEFAULT_BASE_URL = ${JSON.stringify(baseUrl)};

export interface ClientOptions {
  /** Where the service answers, without /api/v1. */
  baseUrl?: string;
  /** An API key (svc_live_… or svc_test_…); public endpoints need none. */
  apiKey?: string;
  fetch?: typeof fetch;
}

/** An answer with status 4xx/5xx: the documented {error, message?, param?} body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly param: string | undefined;
  constructor(status: number, code: string, message: string, param?: string) {
    super(message || code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.param = param;
  }
}

${types.join('\n\n')}

export class ServiceClient {
  private readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\\/+$/, '');
    this.apiKey = options.apiKey;
    this.fetchImpl = options.fetch ?? fetch;
  }

  private async request(method: string, path: string, query?: object, body?: unknown): Promise<unknown> {
    const url = new URL(this.baseUrl + path);
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.apiKey) headers.authorization = \`Bearer \${this.apiKey}\`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.fetchImpl(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const isJson = (res.headers.get('content-type') ?? '').startsWith('application/json');
    if (!res.ok) {
      const error = (isJson ? await res.json() : { error: 'http_' + res.status }) as { error: string; message?: string; param?: string };
      throw new ApiError(res.status, error.error, error.message ?? '', error.param);
    }
    return isJson ? res.json() : res.text();
  }

${methods.join('\n\n')}
}
`;
}
