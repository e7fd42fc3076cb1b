// Recognises "the database cannot be reached" among the errors Prisma, the pg adapter and pg
// raise, so that every door can answer 503 no_db instead of 500.
const UNREACHABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'TlsConnectionError']);
const UNREACHABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const UNREACHABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P03']);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const err = e as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: string } } }; cause?: unknown; message?: unknown; name?: unknown };
    if (typeof err.code === 'string' && (UNREACHABLE_PRISMA_CODES.has(err.code) || UNREACHABLE_NODE_CODES.has(err.code))) return true;
    const kind = err.meta?.driverAdapterError?.cause?.kind;
    if (kind && UNREACHABLE_KINDS.has(kind)) return true;
    if (err.name === 'PrismaClientInitializationError') return true;
    if (typeof err.message === 'string' && /Connection terminated|connection timeout|Can't reach database/i.test(err.message)) return true;
    e = err.cause;
  }
  return false;
}
