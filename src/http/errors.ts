// The service's one HTTP error answer: status and headers from the shared table
// (src/error-table.ts), body {error, message?, param?} (the v1 contract's error shape, also used
// for the app's own answers: unknown paths, framework errors, shutting down). And the map from
// framework errors to AppErrors; anything unknown becomes internal_error.
import { AppError, type ErrorCode } from '../errors.ts';
import { HTTP_STATUS, errorHeaders, publicMessage } from '../error-table.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';

export interface ErrorReply {
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
export interface RouteErrorConfig {
  /** The code for a request that fails the route's schema (default invalid_parameter). */
  validationCode?: ErrorCode;
}

/** Turns framework errors into AppErrors; anything unknown becomes internal_error. */
export function toAppError(error: unknown, route: RouteErrorConfig = {}): { appError: AppError; unexpected: boolean } {
  if (error instanceof AppError) return { appError: error, unexpected: false };
  if (isDatabaseUnavailable(error)) return { appError: new AppError('no_db'), unexpected: false };
  const e = (error ?? {}) as FastifyLikeError;
  if (e.validation) {
    const first = e.validation[0];
    const param = first?.params?.missingProperty ?? first?.params?.additionalProperty ?? (first?.instancePath?.replace(/^\//, '').split('/')[0] || undefined);
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
  const byStatus: Record<number, ErrorCode> = {
    400: 'invalid_parameter',
    404: 'not_found',
    405: 'method_not_allowed',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
  };
  // Any other framework client error (a path segment over maxParamLength: 414, say) is still the client's.
  const mapped = e.statusCode ? (byStatus[e.statusCode] ?? (e.statusCode >= 400 && e.statusCode < 500 ? 'invalid_parameter' : undefined)) : undefined;
  if (mapped) return { appError: new AppError(mapped, e.code === 'FST_ERR_BAD_URL' ? 'The URL is malformed.' : undefined), unexpected: false };
  return { appError: new AppError('internal_error'), unexpected: true };
}

export function errorReply(error: AppError): ErrorReply {
  const body: ErrorReply['body'] = { error: error.code };
  const message = publicMessage(error);
  if (message) body.message = message;
  if (error.details.param) body.param = error.details.param;
  return { status: HTTP_STATUS[error.code], body, headers: errorHeaders(error) };
}

/** Sends an AppError as the HTTP answer (status, headers, body). */
export function sendError(
  reply: { code(status: number): unknown; headers(h: Record<string, string>): unknown; send(body: unknown): unknown },
  error: AppError,
) {
  const { status, body, headers } = errorReply(error);
  reply.code(status);
  reply.headers(headers);
  return reply.send(body);
}
