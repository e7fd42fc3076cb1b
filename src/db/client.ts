// The Prisma client factory: every database (embedded or server) is reached through pg and
// @prisma/adapter-pg, so there is one driver path and one SQL dialect.
import { AsyncLocalStorage } from 'node:async_hooks';
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
  recordCheckouts(pool);
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

// Interactive transactions whose statements may go to their pg connection directly
// (connectedTransaction, statementsOf): Prisma's work per statement (its parameters' and rows'
// conversions, the transaction manager) costs the loading process about a millisecond a statement
// and more per row returned, time in which the server waits (docs/ingestion.md, "Round trips").
// The adapter checks the connection out of the pool when the transaction starts; a checkout made in
// the async context of connectedTransaction before its work begins is that connection.

interface Checkout {
  client?: pg.PoolClient;
  /** The work has begun: later checkouts in this context are not the transaction's. */
  open: boolean;
  /** The connection went back to the pool (commit, rollback, Prisma's timeout): no statement may use it. */
  released: boolean;
}

const starting = new AsyncLocalStorage<Checkout>();

function recordCheckouts(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const withCallback = pool.connect.bind(pool) as (callback: unknown) => void;
  pool.connect = ((callback?: unknown) => {
    // pool.query checks out with a callback: never a transaction's connection.
    if (callback) return withCallback(callback);
    const checkout = starting.getStore();
    if (!checkout || checkout.open || checkout.client) return connect();
    return connect().then((client) => {
      checkout.client = client;
      const release = client.release;
      client.release = (error?: Error | boolean) => {
        checkout.released = true;
        client.release = release;
        return release(error);
      };
      return client;
    });
  }) as typeof pool.connect;
}

/** A transaction's statements sent on its own connection: rows as pg's default parsers make them (int4 and timestamptz as Prisma's, numeric and int8 as text). */
export interface DirectStatements {
  rows(text: string, params: readonly unknown[]): Promise<unknown[]>;
  count(text: string, params: readonly unknown[]): Promise<number>;
}

const connected = new WeakMap<object, DirectStatements>();

/**
 * prisma.$transaction(work, options), with the transaction's connection known to statementsOf(tx)
 * while the transaction is open (a client not made by createPrisma: Prisma's statements only).
 */
export function connectedTransaction<T>(
  prisma: PrismaClient,
  work: (tx: TransactionClient) => Promise<T>,
  options: { timeout: number; maxWait: number },
): Promise<T> {
  const checkout: Checkout = { open: false, released: false };
  const onQuery = direct.get(prisma)?.onQuery;
  return starting.run(checkout, () =>
    prisma.$transaction(async (tx) => {
      checkout.open = true;
      const client = checkout.client;
      if (!client) return work(tx);
      // A statement asked for while another runs is sent when that one has answered (in the
      // microtask of its answer: the server does not wait for this process's other work). After a
      // failure (the transaction is aborted) none is sent; the work returns to Prisma (COMMIT or
      // ROLLBACK) only once every statement it sent has answered, so none runs after either.
      let tail: Promise<unknown> = Promise.resolve();
      let sending = 0;
      // The first failure: the statements after it fail with it (the transaction is aborted).
      let failure: { error: unknown } | null = null;
      const send = (text: string, params: readonly unknown[]) => {
        const run = () => {
          if (checkout.released) throw new Error('Transaction already closed: its connection went back to the pool');
          if (failure) throw failure.error;
          onQuery?.(text);
          return client.query(text, params as unknown[]).catch((error: unknown) => {
            failure ??= { error };
            throw error;
          });
        };
        // Nothing in flight: sent now, before the caller builds its next statement.
        const sent = sending === 0 ? new Promise<pg.QueryResult>((resolve) => resolve(run())) : tail.then(run);
        sending++;
        tail = sent.catch(() => {}).finally(() => sending--);
        return sent;
      };
      connected.set(tx, {
        rows: async (text, params) => (await send(text, params)).rows,
        count: async (text, params) => (await send(text, params)).rowCount ?? 0,
      });
      try {
        return await work(tx);
      } finally {
        await tail;
      }
    }, options),
  );
}

/** The direct statements of a transaction made by connectedTransaction; null for any other (the caller's own: Prisma's statements). */
export const statementsOf = (tx: object): DirectStatements | null => connected.get(tx) ?? null;
