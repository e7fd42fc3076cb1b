// The Prisma client factory: every database (embedded or server) is reached through pg and
// @prisma/adapter-pg, so there is one driver path and one SQL dialect.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { observePool } from '../observability/pg.ts';
import { PrismaClient } from './__generated__/prisma/client.ts';

export { PrismaClient };
export type { Prisma } from './__generated__/prisma/client.ts';

export interface PrismaOptions {
  /** Connections in the pool. */
  poolSize?: number;
  /** Called for every statement sent, with its SQL (used by query-counting tests). */
  onQuery?: (sql: string) => void;
  /** Longest wait for a connection, pool queue included (ms; default 5000). */
  connectionTimeoutMs?: number;
}

export function createPrisma(connectionString: string, options: PrismaOptions = {}): PrismaClient {
  // The pool is made here (not by the adapter) so that /metrics and traces can observe it; the
  // adapter ends it on $disconnect.
  const pool = observePool(
    new pg.Pool({ connectionString, max: options.poolSize ?? 10, connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000, idleTimeoutMillis: 30_000 }),
  );
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const client = new PrismaClient({
    adapter,
    log: options.onQuery ? [{ emit: 'event', level: 'query' }] : [],
  });
  if (options.onQuery) {
    const onQuery = options.onQuery;
    (client as unknown as { $on(event: 'query', cb: (e: { query: string }) => void): void }).$on('query', (e) => onQuery(e.query));
  }
  return client;
}
