// The one table beside src/errors.ts: the HTTP status of every error code and the human texts.
// Both doors read it (REST bodies through src/http/errors.ts, GraphQL messages and statuses in
// src/graphql), so a code answers the same status and message whichever door raised it.
import type { AppError, ErrorCode } from './errors.ts';

export const HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
  missing_authorization: 401,
  invalid_token_format: 401,
  key_not_found: 401,
  key_revoked: 401,
  key_expired: 401,
  'scope_required:read': 403,
  'scope_required:write': 403,
  session_required: 403,
  not_signed_in: 401,
  invalid_credentials: 401,
  too_many_attempts: 429,
  csrf_required: 403,
  owner_required: 403,
  password_change_required: 403,
  rate_limit_exceeded: 429,
  payment_required: 402,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  invalid_parameter: 400,
  invalid_url: 400,
  unsafe_url: 400,
  invalid_events: 400,
  invalid_event_name: 400,
  props_too_large: 400,
  invalid_field: 400,
  too_many_webhooks: 400,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_key_in_progress: 409,
  idempotency_key_reused: 422,
  subscription_not_supported: 400,
  persisted_query_invalid: 400,
  not_configured: 503,
  invalid_signature: 401,
  no_db: 503,
  internal_error: 500,
};

/** Human texts by code. For authentication codes they are fixed: the reason must not leak. */
const DEFAULT_MESSAGE: Partial<Record<ErrorCode, string>> = {
  missing_authorization: 'Send Authorization: Bearer <API_KEY>.',
  invalid_token_format: 'The token is not an API key of this service.',
  key_not_found: 'The API key is invalid or unknown.',
  key_revoked: 'The API key was revoked.',
  key_expired: 'The API key has expired.',
  not_signed_in: 'Sign in again: the session is missing, expired or was ended.',
  invalid_credentials: 'The e-mail or the password is wrong.',
  too_many_attempts: 'Too many sign-in attempts; retry after the time given in Retry-After.',
  csrf_required: 'A request signed in by the session cookie must send the apollo-require-preflight (or x-apollo-operation-name) header.',
  owner_required: 'Only an owner of the account may do this.',
  password_change_required: 'Change your password first (POST /auth/password).',
  rate_limit_exceeded: 'More than the allowed requests in a minute; retry after the reset.',
  no_db: 'The database is unavailable; retry shortly.',
  invalid_signature: 'The request signature is missing or wrong.',
  internal_error: 'Something went wrong on our side.',
  not_found: 'Not found.',
  idempotency_key_in_progress: 'A request with this Idempotency-Key is still running; retry shortly.',
  idempotency_key_reused: 'This Idempotency-Key was used with a different request; use a new key.',
};

/** Codes whose text never varies with the reason behind them (no oracle for key probing). */
const FIXED_CODES = new Set<ErrorCode>([
  'missing_authorization',
  'invalid_token_format',
  'key_not_found',
  'key_revoked',
  'key_expired',
  'not_signed_in',
  'invalid_credentials',
  'too_many_attempts',
]);

/** The message a client sees: the error's own text, else the code's default (none for some codes). */
export function publicMessage(error: AppError): string | undefined {
  const own = error.message !== error.code && !FIXED_CODES.has(error.code) ? error.message : undefined;
  return own ?? DEFAULT_MESSAGE[error.code];
}

/** Retry-After (seconds) of codes that always carry one: a database outage is retried shortly. */
export const DEFAULT_RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = {
  no_db: 2,
};

/** The response headers an error carries (Allow for 405, Retry-After when given or by default). */
export function errorHeaders(error: AppError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.details.allow) headers.allow = error.details.allow.join(', ');
  const retryAfter = error.details.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS[error.code];
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  return headers;
}
