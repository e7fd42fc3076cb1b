// The one map from errors to REST answers: status, body {error, message?, param?} and headers.
// The body of a code never varies with the reason behind it (no oracle for key probing).
import { AppError, type ErrorCode } from '../src/errors.ts';
import { isDatabaseUnavailable } from '../src/db/errors.ts';

const STATUS: Record<ErrorCode, number> = {
  missing_authorization: 401,
  invalid_token_format: 401,
  key_not_found: 401,
  key_revoked: 401,
  key_expired: 401,
  'scope_required:read': 403,
  'scope_required:write': 403,
  session_required: 403,
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
  rate_limit_exceeded: 'More than the allowed requests in a minute; retry after the reset.',
  no_db: 'The database is unavailable; retry shortly.',
  internal_error: 'Something went wrong on our side.',
  not_found: 'Not found.',
};

const FIXED_CODES = new Set<ErrorCode>(['missing_authorization', 'invalid_token_format', 'key_not_found', 'key_revoked', 'key_expired']);

export interface RestErrorReply {
  status: number;
  body: { error: ErrorCode; message?: string; param?: string };
  headers: Record<string, string>;
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  validation?: Array<{ instancePath?: string; params?: { missingProperty?: string; additionalProperty?: string } }>;
  validationContext?: string;
  message?: string;
}

/** Route options the error map reads (Fastify route `config`). */
export interface RestRouteConfig {
  /** The code for a request that fails the route's schema (default invalid_parameter). */
  validationCode?: ErrorCode;
}

/** Turns framework errors into AppErrors; anything unknown becomes internal_error. */
export function toAppError(error: unknown, route: RestRouteConfig = {}): { appError: AppError; unexpected: boolean } {
  if (error instanceof AppError) return { appError: error, unexpected: false };
  if (isDatabaseUnavailable(error)) return { appError: new AppError('no_db'), unexpected: false };
  const e = (error ?? {}) as FastifyLikeError;
  if (e.validation) {
    const first = e.validation[0];
    const param =
      first?.params?.missingProperty ?? first?.params?.additionalProperty ?? (first?.instancePath?.replace(/^\//, '').split('/')[0] || undefined);
    return { appError: new AppError(route.validationCode ?? 'invalid_parameter', e.message, param ? { param } : {}), unexpected: false };
  }
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { appError: new AppError('unsupported_media_type', 'Send Content-Type: application/json.'), unexpected: false };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { appError: new AppError('payload_too_large', 'The request body is too large.'), unexpected: false };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { appError: new AppError('invalid_json', 'The body is not valid JSON.'), unexpected: false };
  }
  if (error instanceof SyntaxError && e.statusCode === 400) {
    return { appError: new AppError('invalid_json', 'The body is not valid JSON.'), unexpected: false };
  }
  // Other client errors the framework raises (a malformed URL, say) keep their status class.
  const byStatus: Record<number, ErrorCode> = { 400: 'invalid_parameter', 404: 'not_found', 405: 'method_not_allowed', 413: 'payload_too_large', 415: 'unsupported_media_type' };
  const mapped = e.statusCode ? byStatus[e.statusCode] : undefined;
  if (mapped) return { appError: new AppError(mapped, e.code === 'FST_ERR_BAD_URL' ? 'The URL is malformed.' : undefined), unexpected: false };
  return { appError: new AppError('internal_error'), unexpected: true };
}

export function restErrorReply(error: AppError): RestErrorReply {
  const body: RestErrorReply['body'] = { error: error.code };
  const own = error.message !== error.code && !FIXED_CODES.has(error.code) ? error.message : undefined;
  const message = own ?? DEFAULT_MESSAGE[error.code];
  if (message) body.message = message;
  if (error.details.param) body.param = error.details.param;
  const headers: Record<string, string> = {};
  if (error.details.allow) headers.allow = error.details.allow.join(', ');
  if (error.details.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.details.retryAfterSeconds);
  return { status: STATUS[error.code], body, headers };
}

/** Sends an AppError as the REST answer (status, headers, body). */
export function sendRestError(reply: { code(status: number): unknown; headers(h: Record<string, string>): unknown; send(body: unknown): unknown }, error: AppError) {
  const { status, body, headers } = restErrorReply(error);
  reply.code(status);
  reply.headers(headers);
  return reply.send(body);
}
