// The service pool, observed: its connection counts feed db_pool_connections, and every statement
// its clients send is timed (db_query_duration_seconds), counted when it fails
// (db_query_errors_total) and, with tracing on, wrapped in a client span. Done by wrapping each
// client's query() as the pool creates the client, so both pool.query() and transactions pass.
import type pg from 'pg';
import { dbQueryDuration, dbQueryErrors, watchPool } from './metrics.ts';
import { otel, tracer } from './tracing.ts';

const MAX_STATEMENT_CHARS = 2_000;

function statementOf(first: unknown): string {
  if (typeof first === 'string') return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

function errorClass(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code.slice(0, 2) : 'connection';
}

function observeClient(client: pg.PoolClient): void {
  const original = client.query as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = function query(...args: unknown[]): unknown {
    const first = args[0];
    // A submittable (cursor, stream) manages its own life: passed through untimed.
    if (first && typeof (first as { submit?: unknown }).submit === 'function') return original.apply(client, args);
    const text = statementOf(first);
    const api = otel();
    const span = api
      ? tracer(api).startSpan(`pg ${/^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'query'}`, {
          kind: api.SpanKind.CLIENT,
          attributes: { 'db.system.name': 'postgresql', 'db.query.text': text.slice(0, MAX_STATEMENT_CHARS) },
        })
      : null;
    const started = performance.now();
    const finish = (error: unknown) => {
      dbQueryDuration.observe((performance.now() - started) / 1000);
      if (error) {
        dbQueryErrors.inc({ class: errorClass(error) });
        span?.recordException(error as Error);
        if (api) span?.setStatus({ code: api.SpanStatusCode.ERROR });
      }
      span?.end();
    };
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        finish(error);
        (last as (e: unknown, r: unknown) => void)(error, result);
      };
      return original.apply(client, args);
    }
    return (original.apply(client, args) as Promise<unknown>).then(
      (result) => {
        finish(null);
        return result;
      },
      (error: unknown) => {
        finish(error);
        throw error;
      },
    );
  };
}

/**
 * Times one statement of a batch of reads (src/db/read-batch.ts, a custom query the wrapper above
 * passes untimed) from the batch's start to its answer, and counts it if it failed.
 */
export function observeStatement(startedMs: number, error: unknown): void {
  dbQueryDuration.observe((performance.now() - startedMs) / 1000);
  if (error) dbQueryErrors.inc({ class: errorClass(error) });
}

/** Whether statements are traced: then each read is sent alone, in a span of its own. */
export const tracingStatements = (): boolean => otel() !== null;

/** Observes a pool: its counts, and every client it opens from now on. */
export function observePool(pool: pg.Pool): pg.Pool {
  watchPool(pool);
  pool.on('connect', observeClient);
  return pool;
}
