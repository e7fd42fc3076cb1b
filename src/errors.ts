// The one error type of the domain, with the closed set of codes. Their HTTP statuses and texts
// are one table beside this file (src/error-table.ts) that both doors read. No HTTP or GraphQL
// knowledge here.
export const ERROR_CODES = [
  'missing_authorization',
  'invalid_token_format',
  'key_not_found',
  'key_revoked',
  'key_expired',
  'scope_required:read',
  'scope_required:write',
  'session_required',
  'not_signed_in',
  'invalid_credentials',
  'too_many_attempts',
  'csrf_required',
  'owner_required',
  'password_change_required',
  'rate_limit_exceeded',
  'payment_required',
  'invalid_json',
  'unsupported_media_type',
  'payload_too_large',
  'invalid_parameter',
  'invalid_url',
  'unsafe_url',
  'invalid_events',
  'invalid_event_name',
  'props_too_large',
  'invalid_field',
  'too_many_webhooks',
  'not_found',
  'method_not_allowed',
  'conflict',
  'idempotency_key_in_progress',
  'idempotency_key_reused',
  'subscription_not_supported',
  'persisted_query_invalid',
  'not_configured',
  'invalid_signature',
  'no_db',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details: { param?: string; allow?: string[]; retryAfterSeconds?: number } = {},
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
