// JSON Schemas of the public endpoints' bodies (incidents, uptime, changelog, content, data,
// discovery), as the served OpenAPI document describes them.
import { exact } from './schemas.ts';
import { MetaSchema } from '../public-route.ts';

const ts = { type: 'string', format: 'date-time' } as const;
const nullableTs = { type: ['string', 'null'], format: 'date-time' } as const;
const day = { type: 'string', format: 'date' } as const;
const int = { type: 'integer' } as const;
const num = { type: 'number' } as const;
const nullableNum = { type: ['number', 'null'] } as const;
const str = { type: 'string' } as const;
const strings = { type: 'array', items: str } as const;
const version = { type: 'string', const: 'v1' } as const;
const list = (item: object, extra: Record<string, unknown> = {}) =>
  exact({ data: { type: 'array', items: item }, total: int, ...extra, _meta: MetaSchema, api_version: version });

export const Incidents = list(
  exact({
    id: int,
    title: str,
    body: str,
    severity: { type: 'string', enum: ['minor', 'major', 'critical'] },
    status: { type: 'string', enum: ['investigating', 'identified', 'monitoring'] },
    started_at: ts,
    updated_at: ts,
  }),
);

export const Uptime = exact({
  window_hours: int,
  since: ts,
  services: {
    type: 'array',
    items: exact({
      service: { type: 'string', enum: ['api', 'database', 'jobs', 'webhooks'] },
      status: { type: 'string', enum: ['up', 'down', 'no_data'] },
      uptime_pct: nullableNum,
      avg_latency_ms: { type: ['integer', 'null'] },
      checks: int,
      last_checked_at: nullableTs,
    }),
  },
  _meta: MetaSchema,
  api_version: version,
});

export const Changelog = exact({
  total: int,
  latest_date: { type: ['string', 'null'], format: 'date' },
  items: {
    type: 'array',
    items: exact({ date: day, tag: { type: 'string', enum: ['Launch', 'Feature', 'Improvement', 'Fix'] }, title: str, body: str, bullets: strings }),
  },
  _meta: exact({
    api_version: version,
    generated_at: ts,
    canonical: { type: 'string', format: 'uri' },
    rss: { type: 'string', format: 'uri' },
    license: { type: 'string', const: 'CC BY 4.0' },
  }),
});

export const FeatureCosts = list(exact({ feature: str, credits: int, unit: { type: 'string', enum: ['call', 'order'] }, description: str }));

export const EndpointIndex = list(exact({ method: str, path: str, auth: { type: 'string', enum: ['public', 'read', 'write'] }, purpose: str }));

export const Blog = list(exact({ slug: str, title: str, published_at: day, author: str, summary: str, body: str, tags: strings }));

export const Integraciones = list(
  exact({
    id: str,
    name: str,
    category: { type: 'string', enum: ['storefront', 'marketplace', 'advertising', 'payments'] },
    status: { type: 'string', enum: ['available', 'beta', 'planned'] },
    data: strings,
    docs: str,
  }),
);

export const Reports = list(
  exact({ slug: str, title: str, published_at: day, summary: str, sections: { type: 'array', items: exact({ heading: str, body: str }) } }),
);

export const Benchmarks = exact({
  window: exact({ from: day, to: day }),
  min_stores_per_bucket: int,
  buckets: {
    type: 'array',
    items: exact({ bucket: str, stores: int, aov: nullableNum, margin_pct: nullableNum, repeat_customer_pct: nullableNum, roas: nullableNum }),
  },
  suppressed_buckets: int,
  _meta: MetaSchema,
  api_version: version,
});

export const Predictions = exact({
  metric: { type: 'string', const: 'median_daily_orders_per_store' },
  method: str,
  input: exact({ from: day, to: day, days_used: int, min_stores_per_day: int }),
  data: { type: 'array', items: exact({ date: day, predicted: num, based_on_days: int }) },
  _meta: MetaSchema,
  api_version: version,
});

export const LlmSystemPrompt = exact({ prompt: str, _meta: MetaSchema, api_version: version });

/** A Postman collection v2.1 (its own schema; described loosely here). */
export const PostmanCollection = {
  type: 'object',
  required: ['info', 'item'],
  properties: { info: { type: 'object', required: ['name', 'schema'] }, item: { type: 'array' } },
} as const;
