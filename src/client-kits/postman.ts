// A Postman collection (format v2.1) generated from the OpenAPI document: one folder for public
// endpoints and one for authenticated ones, {{baseUrl}} and {{apiKey}} variables, bearer auth.
import { describeParameter, type Operation, type Schema } from './operations.ts';

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** A small example body: required fields with a placeholder of their type. */
function example(schema: Schema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'object')
    return Object.fromEntries((schema.required ?? Object.keys(schema.properties ?? {})).map((k) => [k, example(schema.properties?.[k] ?? {})]));
  if (schema.type === 'array') return schema.items ? [example(schema.items)] : [];
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return true;
  return schema.format === 'uri' ? 'https://example.com/hook' : 'string';
}

function item(op: Operation) {
  // Postman names path variables :name; their values are set per request.
  const segments = op.path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(\w+)\}$/, ':$1'));
  const variable = op.pathParams.map((p) => ({ key: p.name, value: '', description: describeParameter(p) }));
  const query = op.query.map((p) => ({ key: p.name, value: '', description: describeParameter(p), disabled: !p.required }));
  return {
    name: `${op.method} ${op.path}`,
    request: {
      method: op.method,
      description: [op.summary, op.description].filter(Boolean).join('\n\n'),
      ...(op.isPublic ? { auth: { type: 'noauth' } } : {}),
      header: op.body ? [{ key: 'Content-Type', value: 'application/json' }] : [],
      url: {
        raw: `{{baseUrl}}/${segments.join('/')}`,
        host: ['{{baseUrl}}'],
        path: segments,
        ...(query.length ? { query } : {}),
        ...(variable.length ? { variable } : {}),
      },
      ...(op.body ? { body: { mode: 'raw', raw: JSON.stringify(example(op.body), null, 2), options: { raw: { language: 'json' } } } } : {}),
    },
    response: [],
  };
}

export function postmanCollection(ops: Operation[], info: { title: string; version: string; description?: string }, baseUrl: string) {
  return {
    info: { name: `${info.title} ${info.version}`, description: info.description ?? '', schema: POSTMAN_SCHEMA },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }] },
    variable: [
      { key: 'baseUrl', value: baseUrl, type: 'string' },
      { key: 'apiKey', value: '', type: 'string' },
    ],
    item: [
      { name: 'Public', item: ops.filter((o) => o.isPublic).map(item) },
      { name: 'Authenticated', item: ops.filter((o) => !o.isPublic).map(item) },
    ],
  };
}
