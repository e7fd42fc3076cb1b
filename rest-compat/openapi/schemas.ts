// JSON Schemas (draft 2020-12, as OpenAPI 3.1 uses) of the v1 response bodies. The contract
// suite validates every response it sees against the served document built from these.
const ts = { type: 'string', format: 'date-time' } as const;
const nullableTs = { type: ['string', 'null'], format: 'date-time' } as const;
const int = { type: 'integer' } as const;
const num = { type: 'number' } as const;
const str = { type: 'string' } as const;
const version = { type: 'string', const: 'v1' } as const;

/** An object whose properties are all required and nothing else is allowed. */
export function exact(properties: Record<string, unknown>, description?: string) {
  return { type: 'object', ...(description ? { description } : {}), required: Object.keys(properties), properties, additionalProperties: false };
}

export const ErrorBody = {
  type: 'object',
  required: ['error'],
  properties: { error: str, message: str, param: str },
  additionalProperties: false,
} as const;

export const Status = exact({
  status: { type: 'string', enum: ['operational', 'degraded', 'down'] },
  api_version: version,
  checks: exact({ database: exact({ status: { type: 'string', enum: ['ok', 'error'] }, latency_ms: int }) }),
  meta: exact({ region: str, env: str, commit: str, check_total_ms: int }),
  ts,
});

export const Me = exact({
  user_id: str,
  scopes: { type: 'array', items: { type: 'string', enum: ['read', 'write'] } },
  profile: exact({ plan: { type: 'string', enum: ['free', 'starter', 'growth', 'scale'] }, currency: str, timezone: str, created_at: ts }),
  api_version: version,
});

const Transaction = exact({
  kind: { type: 'string', enum: ['consume', 'refund', 'purchase', 'auto_topup', 'grant'] },
  feature: str,
  amount: int,
  balance_after: int,
  created_at: ts,
  meta: { type: 'object' },
});

export const Credits = exact({
  user_id: str,
  balance: int,
  total_purchased: int,
  total_spent: int,
  updated_at: ts,
  auto_topup: exact({ enabled: { type: 'boolean' }, threshold: int, top_up_amount: int, last_charged_at: nullableTs }),
  recent_transactions: { type: 'array', maxItems: 5, items: Transaction },
  api_version: version,
});

export const Customer = exact({
  id: int,
  email: str,
  name: str,
  source: { type: 'string', enum: ['shopify', 'woo-commerce', 'mercado-libre'] },
  external_id: str,
  city: str,
  country: str,
  orders_count: int,
  revenue_total: num,
  ltv_estimate: num,
  aov: num,
  segment: { type: 'string', enum: ['vip', 'loyal', 'regular', 'new', 'at_risk', 'churned'] },
  churn_score: num,
  last_purchase_at: nullableTs,
  first_purchase_at: nullableTs,
  created_at: ts,
});

export const CustomersPage = exact({
  data: { type: 'array', items: Customer },
  pagination: exact({ limit: int, next_cursor: { type: ['integer', 'null'] }, has_more: { type: 'boolean' } }),
  api_version: version,
});

export const Integration = exact({
  provider: str,
  shop: str,
  scopes: { type: 'array', items: str },
  status: { type: 'string', enum: ['connected', 'stale', 'revoked', 'never_synced'] },
  connected_at: ts,
  revoked_at: nullableTs,
  last_sync_at: nullableTs,
  last_sync_minutes_ago: { type: ['integer', 'null'] },
});

export const Integrations = exact({
  data: { type: 'array', items: Integration },
  totals: exact({ total: int, connected: int, stale: int, revoked: int, never_synced: int }),
  api_version: version,
});

/** The OpenAPI document itself is described loosely (it is validated by swagger-parser). */
export const OpenApiDocument = { type: 'object', required: ['openapi', 'info', 'paths'] } as const;
