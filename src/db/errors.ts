// Recognises "the database cannot be reached" among the errors Prisma, the pg adapter, pg and
// pg-pool raise, so that every door answers 503 no_db (with Retry-After) instead of 500. One
// classifier for both doors: the HTTP error map (src/http/errors.ts) and GraphQL's formatError.
//
// Unavailable means: the server is stopping, starting or gone (SQLSTATE 57P01 admin shutdown,
// 57P02 crash shutdown, 57P03 cannot connect now, class 08 connection exceptions, 53300 too many
// connections), the socket failed (ECONNREFUSED, ECONNRESET, EPIPE, ETIMEDOUT, …), the pool gave
// up waiting for a connection, or Prisma's wrapping of any of these (P1001/P1002/P1008/P1017/P2024
// and driver adapter errors, whose SQLSTATE sits in meta.driverAdapterError.cause).
const UNREACHABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'TlsConnectionError']);
const UNREACHABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNREACHABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/** Texts of pg, pg-pool and Prisma for the same conditions, when no code survives the wrapping. */
const UNREACHABLE_MESSAGE = new RegExp(
  [
    'Connection terminated',
    'connection timeout',
    "Can't reach database",
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error',
    'Client was closed and is not queryable',
    'Cannot use a pool after calling end',
    'terminating connection due to administrator command',
    'the database system is (?:shutting down|starting up|in recovery|not yet accepting connections)',
    'Server has closed the connection',
    'ECONNRESET',
    'ECONNREFUSED',
    'EPIPE',
  ].join('|'),
  'i',
);

interface ErrorLike {
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

function isUnavailableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return UNREACHABLE_PRISMA_CODES.has(code) || UNREACHABLE_SQLSTATES.has(code) || UNREACHABLE_NODE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

function isUnavailableOne(err: ErrorLike): boolean {
  if (isUnavailableCode(err.code) || isUnavailableCode(err.originalCode)) return true;
  if (typeof err.kind === 'string' && UNREACHABLE_KINDS.has(err.kind)) return true;
  if (err.name === 'PrismaClientInitializationError') return true;
  return typeof err.message === 'string' && UNREACHABLE_MESSAGE.test(err.message);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // Breadth-first over the error, its causes and Prisma's driver adapter wrapping (bounded).
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length && seen < 12; seen++) {
    const e = queue.shift();
    if (!e || typeof e !== 'object') continue;
    const err = e as ErrorLike;
    if (isUnavailableOne(err)) return true;
    if (err.cause) queue.push(err.cause);
    if (err.meta?.driverAdapterError) queue.push(err.meta.driverAdapterError);
  }
  return false;
}
