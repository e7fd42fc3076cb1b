// The Prisma client factory: every database (embedded or server) is reached through pg and
// @prisma/adapter-pg, so there is one driver path and one SQL dialect.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { observePool } from '../observability/pg.ts';
import { PrismaClient } from './__generated__/prisma/client.ts';
import { withLeanQueryCompiler } from './query-compiler.ts';

export { PrismaClient };
export type { Prisma } from './__generated__/prisma/client.ts';
import type { Prisma } from './__generated__/prisma/client.ts';
/** A client inside an interactive transaction (what a port called within a write receives). */
export type TransactionClient = Prisma.TransactionClient;

export interface PrismaOptions {
  /** Connections in the pool. */
  poolSize?: number;
  /** Called for every statement sent, with its SQL (used by query-counting tests). */
  onQuery?: (sql: string) => void;
  /** Longest wait for a connection, pool queue included (ms; default 5000). */
  connectionTimeoutMs?: number;
  /**
   * Whether the hot reads of src/db/statements.ts are prepared (named) per connection: true on a
   * PostgreSQL server (connectDatabase), false for the embedded database, whose connections share
   * one session (default false).
   */
  preparedStatements?: boolean;
}

/** What the hot paths that bypass Prisma need of a client made by createPrisma. */
export interface DirectAccess {
  pool: pg.Pool;
  preparedStatements: boolean;
  onQuery?: (sql: string) => void;
}

const direct = new WeakMap<PrismaClient, DirectAccess>();

/** The pool, statement mode and query hook under a client made by createPrisma (src/db/statements.ts). */
export function directAccess(client: PrismaClient): DirectAccess {
  const access = direct.get(client);
  if (!access) throw new Error('directAccess: this Prisma client was not made by createPrisma');
  return access;
}

/**
 * The pg pool under a client made by createPrisma, for the few hot paths that send their own
 * statements without Prisma's per-statement work (the webhook dispatcher's claims and records).
 */
export const poolOf = (client: PrismaClient): pg.Pool => directAccess(client).pool;

export function createPrisma(connectionString: string, options: PrismaOptions = {}): PrismaClient {
  // The pool is made here (not by the adapter) so that /metrics and traces can observe it; the
  // adapter ends it on $disconnect.
  const pool = observePool(
    new pg.Pool({ connectionString, max: options.poolSize ?? 10, connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000, idleTimeoutMillis: 30_000 }),
  );
  // An idle connection that dies (server restart, terminated backend) is dropped by the pool and the
  // next statement opens another. The adapter listens for that only once Prisma has connected, and
  // the hot paths that use the pool directly (poolOf) may come first: without a listener it would
  // be an unhandled 'error' event.
  pool.on('error', () => {});
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const client = new PrismaClient({
    adapter,
    log: options.onQuery ? [{ emit: 'event', level: 'query' }] : [],
    // Not in the generated options type; the runtime reads it (src/db/query-compiler.ts).
    ...({ __internal: { configOverride: withLeanQueryCompiler } } as object),
  });
  direct.set(client, { pool, preparedStatements: options.preparedStatements ?? false, ...(options.onQuery ? { onQuery: options.onQuery } : {}) });
  if (options.onQuery) {
    const onQuery = options.onQuery;
    (client as unknown as { $on(event: 'query', cb: (e: { query: string }) => void): void }).$on('query', (e) => onQuery(e.query));
  }
  return client;
}
