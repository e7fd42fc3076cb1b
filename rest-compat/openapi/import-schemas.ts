// JSON Schema of the v1 import body (rest-compat/serializers/imports.ts).
import { exact } from './schemas.ts';

const int = { type: 'integer' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const nullableTs = { type: ['string', 'null'], format: 'date-time' } as const;

export const ImportSchema = exact({
  id: int,
  kind: { type: 'string', enum: ['orders', 'customers', 'products', 'ad_spend', 'expenses'] },
  format: { type: 'string', enum: ['csv', 'ndjson'] },
  source: { type: 'string', enum: ['shopify', 'woo-commerce', 'mercado-libre'] },
  status: { type: 'string', enum: ['receiving', 'queued', 'running', 'succeeded', 'failed'] },
  dialect: { type: ['string', 'null'], enum: ['shopify', 'generic', null] },
  file_name: nullableStr,
  bytes: int,
  counts: exact({ read: int, stored: int, skipped: int, rejected: int }),
  error: nullableStr,
  rejected_rows: { type: 'array', items: exact({ line: int, field: nullableStr, reason: { type: 'string' } }) },
  created_at: { type: 'string', format: 'date-time' },
  started_at: nullableTs,
  finished_at: nullableTs,
  api_version: { type: 'string', const: 'v1' },
});
