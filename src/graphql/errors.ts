// GraphQL's error map: every error carries a code of the closed list (src/errors.ts) in
// extensions.code, with the shared message (src/error-table.ts) and param; GraphQL's own request errors (syntax,
// validation, variable coercion, limits) are invalid_parameter with the specific reason in
// extensions.reason. Anything unexpected is masked as internal_error and logged; no stack traces.
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, type ErrorCode } from '../errors.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { publicMessage } from '../error-table.ts';

/** Apollo's request-level codes and the REST code each becomes (the reason stays in extensions.reason). */
const REQUEST_ERRORS: Record<string, { code: ErrorCode; param: string }> = {
  GRAPHQL_PARSE_FAILED: { code: 'invalid_parameter', param: 'query' },
  GRAPHQL_VALIDATION_FAILED: { code: 'invalid_parameter', param: 'query' },
  BAD_USER_INPUT: { code: 'invalid_parameter', param: 'variables' },
  OPERATION_RESOLUTION_FAILURE: { code: 'invalid_parameter', param: 'operationName' },
  BAD_REQUEST: { code: 'invalid_parameter', param: 'request' },
  INTROSPECTION_DISABLED: { code: 'invalid_parameter', param: 'query' },
  MAX_RECURSIVE_SELECTIONS_EXCEEDED: { code: 'invalid_parameter', param: 'query' },
};
/** Apollo's texts for a persisted query it refuses (a wrong hash or version): persisted_query_invalid. */
const PERSISTED_QUERY_ERRORS = new Set(['provided sha does not match query', 'Unsupported persisted query version']);
/** Codes this door raises itself as GraphQLErrors before execution (limits, cost, operation kind). */
const OWN_CODES = new Set(['invalid_parameter', 'rate_limit_exceeded', 'subscription_not_supported']);
/** Codes of the automatic-persisted-query protocol: clients act on them, so they pass unchanged. */
const PROTOCOL_CODES = new Set(['PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED']);

export interface ErrorLog {
  error(obj: object, message: string): void;
  warn(obj: object, message: string): void;
}

/** The extensions of an AppError: its code, and its param when it has one. */
export function appErrorExtensions(error: AppError): { code: ErrorCode; param?: string } {
  return { code: error.code, ...(error.details.param ? { param: error.details.param } : {}) };
}

/** The body of an AppError answered before GraphQL runs (authentication, rate limit, bad JSON). */
export function errorBody(error: AppError): { errors: GraphQLFormattedError[] } {
  return { errors: [{ message: publicMessage(error) ?? error.code, extensions: appErrorExtensions(error) }] };
}

/** A request error raised by this door's checks before execution (limits, cost). */
export function requestError(reason: string, message: string, param = 'query'): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'invalid_parameter', param, reason, http: { status: 400 } } });
}

/** graphql-js's "Did you mean …?" hints (field, enum value and input field names). */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/**
 * The error map; without suggestions, the hints are stripped from every message, variable
 * coercion included (Apollo's hideSchemaDetailsFromClientErrors covers validation errors only).
 */
export function formatErrorWith(log: ErrorLog, options: { suggestions: boolean } = { suggestions: true }) {
  const format = formatWith(log);
  if (options.suggestions) return format;
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const result = format(formatted, error);
    return { ...result, message: result.message.replace(SUGGESTION, '') };
  };
}

function formatWith(log: ErrorLog) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const where = { ...(formatted.locations ? { locations: formatted.locations } : {}), ...(formatted.path ? { path: formatted.path } : {}) };
    if (original instanceof AppError) {
      return { message: publicMessage(original) ?? original.code, ...where, extensions: appErrorExtensions(original) };
    }
    if (isDatabaseUnavailable(original)) {
      log.warn({ err: original }, 'database unavailable');
      return { message: publicMessage(new AppError('no_db'))!, ...where, extensions: { code: 'no_db' } };
    }
    const code = typeof formatted.extensions?.code === 'string' ? formatted.extensions.code : undefined;
    if (code && PROTOCOL_CODES.has(code)) return { message: formatted.message, extensions: { code } };
    if (code && REQUEST_ERRORS[code]) {
      const mapped = REQUEST_ERRORS[code];
      // This door's own limit errors travel as validation errors: their param and reason stay.
      const own = formatted.extensions as { param?: unknown; reason?: unknown };
      const param = typeof own.param === 'string' ? own.param : mapped.param;
      const reason = typeof own.reason === 'string' ? own.reason : code;
      return { message: formatted.message, ...where, extensions: { code: mapped.code, param, reason } };
    }
    if ((!code || code === 'INTERNAL_SERVER_ERROR') && PERSISTED_QUERY_ERRORS.has(formatted.message)) {
      return { message: formatted.message, extensions: { code: 'persisted_query_invalid', param: 'extensions.persistedQuery' } };
    }
    // This door's own refusals before execution: a limit (invalid_parameter), the points bucket (rate_limit_exceeded, THROTTLED), a subscription over HTTP.
    if (code && OWN_CODES.has(code) && original instanceof GraphQLError) {
      const { param, reason } = original.extensions as { param?: string; reason?: string };
      return { message: formatted.message, ...where, extensions: { code, ...(param ? { param } : {}), ...(reason ? { reason } : {}) } };
    }
    log.error({ err: original }, 'unexpected GraphQL error');
    return { message: publicMessage(new AppError('internal_error'))!, ...where, extensions: { code: 'internal_error' } };
  };
}
