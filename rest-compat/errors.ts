// The v1 error answer is the service's one HTTP error answer (src/http/errors.ts), built from the
// shared code -> status and message table (src/error-table.ts); this layer adds nothing to it.
export {
  errorReply as restErrorReply,
  sendError as sendRestError,
  type ErrorReply as RestErrorReply,
  type RouteErrorConfig as RestRouteConfig,
} from '../src/http/errors.ts';
