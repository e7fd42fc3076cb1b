// The hot reads (src/db/statements.ts) asked for in one turn of the event loop go to PostgreSQL
// together: one connection, one write, one Sync. A GraphQL request's root fields (the dashboard's
// customers page, credit balance and insights page) start their reads in the same turn, so the
// request costs one round trip and one transaction on the server instead of one per read, and
// the process one socket write instead of three (each write a system call that cost more CPU than
// parsing the rows: docs/graphql.md, "Measured"). A turn is the event loop's round of I/O: the
// batch is sent from setImmediate, so under load the reads of every request whose bytes arrived
// in that round go together (at most MAX_BATCH a batch), and an idle server sends at once. Each
// read is still its own statement, prepared and parsed exactly as alone (pg's Result with the same
// type parsers), so the rows are the same.
//
// The extended protocol runs the statements before a Sync in order, in one implicit transaction
// (each still with its own snapshot under READ COMMITTED); when one fails, the server skips the
// rest up to the Sync. The failed read gets its error; the skipped ones are sent again, each on
// its own, as if they had never been batched. Reads only: a failed write must not stop another.
import type pg from 'pg';
import Result from 'pg/lib/result.js';
import pgUtils from 'pg/lib/utils.js';
import { observeStatement, tracingStatements } from '../observability/pg.ts';

export interface Rows {
  rows: unknown[];
  rowCount: number;
}

/** One read: its statement, its prepared statement's name (undefined: unnamed) and its answer. */
export interface Read {
  text: string;
  values: readonly unknown[];
  name: string | undefined;
  types: pg.CustomTypesConfig;
  resolve(rows: Rows): void;
  reject(error: unknown): void;
}

/** What a batch uses of pg's Connection (the client hands it to a Submittable's submit). */
interface Wire {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(query: { text: string; name: string }): void;
  bind(config: { statement: string; values: unknown[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

/** More reads than this in one turn go as several batches. */
const MAX_BATCH = 16;

/**
 * The reads of one batch as one pg query (a Submittable). The client hands it the answers in
 * order; `at` is the read being answered. While a read's Parse is answered, `name` and `text`
 * are that read's, so the client records its prepared statement as it does for its own queries.
 */
class ReadBatch {
  private at = 0;
  private result: Result;
  private rowError: unknown = null;
  /** The name each read prepares in this batch (undefined: none, or already prepared). */
  private readonly parsing: Array<string | undefined> = [];
  private readonly started = performance.now();
  private finished = false;

  constructor(
    private readonly reads: Array<Read & { wire: unknown[] }>,
    private readonly done: (error: unknown, unanswered: Read[]) => void,
  ) {
    this.result = new Result(undefined, reads[0]!.types);
  }

  get name(): string | undefined {
    return this.parsing[this.at];
  }

  get text(): string | undefined {
    return this.reads[this.at]?.text;
  }

  submit(connection: Wire): void {
    connection.stream.cork();
    try {
      for (const read of this.reads) {
        let statement = read.name ?? '';
        const known = statement ? (connection.parsedStatements[statement] ?? connection.submittedNamedStatements[statement]) : undefined;
        // A name taken by another text (never, with names hashed from texts) is not reused: unnamed.
        if (known !== undefined && known !== read.text) statement = '';
        if (known === undefined || statement === '') {
          connection.parse({ text: read.text, name: statement });
          if (statement) connection.submittedNamedStatements[statement] = read.text;
        }
        this.parsing.push(statement && known === undefined ? statement : undefined);
        connection.bind({ statement, values: read.wire });
        connection.describe({ type: 'P', name: '' });
        connection.execute();
      }
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
  }

  handleRowDescription(message: { fields: pg.FieldDef[] }): void {
    this.result.addFields(message.fields);
  }

  handleDataRow(message: { fields: unknown[] }): void {
    if (this.rowError) return;
    try {
      this.result.addRow(this.result.parseRow(message.fields));
    } catch (error) {
      // As pg's own query: the read fails once its statement is done.
      this.rowError = error;
    }
  }

  handleCommandComplete(message: { text?: string }): void {
    this.result.addCommandComplete(message);
    this.answer();
  }

  handleEmptyQuery(): void {
    this.answer();
  }

  /** A statement failed (the server skipped the rest up to the Sync), or the connection did. */
  handleError(error: unknown, connection: Wire): void {
    const failed = this.reads[this.at];
    // An error after every read was answered (the connection closing, a timer) fails no read.
    if (failed) observeStatement(this.started, error);
    failed?.reject(error);
    const unanswered = this.reads.slice(this.at + 1);
    // Their Parse never ran: the next statement on this connection must send it again.
    for (let i = this.at + 1; i < this.reads.length; i++) {
      const name = this.parsing[i];
      if (name && connection.parsedStatements[name] === undefined) delete connection.submittedNamedStatements[name];
    }
    this.at = this.reads.length;
    this.finish(error, unanswered);
  }

  handleReadyForQuery(): void {
    // A conforming server has answered every read by now; any left would otherwise never settle.
    this.finish(null, this.reads.slice(this.at));
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: Wire): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}

  /** Set by pg when the connection string asks for a query_timeout: its timer ends when this is called. */
  callback: ((error: unknown) => void) | undefined;

  private finish(error: unknown, unanswered: Read[]): void {
    if (this.finished) return;
    this.finished = true;
    this.callback?.(error);
    this.done(error, unanswered);
  }

  private answer(): void {
    const read = this.reads[this.at++]!;
    observeStatement(this.started, this.rowError);
    if (this.rowError) read.reject(this.rowError);
    else read.resolve({ rows: this.result.rows, rowCount: this.result.rowCount ?? 0 });
    this.rowError = null;
    this.result = new Result(undefined, this.reads[this.at]?.types ?? read.types);
  }
}

/** One read sent alone through the pool (observed and traced like any statement of the pool). */
function alone(pool: pg.Pool, read: Read): void {
  pool.query({ text: read.text, values: [...read.values], types: read.types, ...(read.name ? { name: read.name } : {}) }).then(
    (result) => read.resolve({ rows: result.rows, rowCount: result.rowCount ?? 0 }),
    (error: unknown) => read.reject(error),
  );
}

/**
 * How many connections the pool can give at once without waiting: its idle ones and those it may
 * still open. A turn's reads are spread over that many batches, so that on a server with free
 * connections one slow read (a large account's page, a lock wait) does not hold back the reads of
 * other requests, and reads share a connection only when the pool is busy (where batching pays).
 */
function lanes(pool: pg.Pool): number {
  return Math.max(1, pool.idleCount + Math.max(0, (pool.options.max ?? 10) - pool.totalCount));
}

/** The turn's reads over the pool's free connections: contiguous groups, as even as can be. */
function spread(pool: pg.Pool, reads: Read[]): void {
  const groups = Math.min(reads.length, lanes(pool));
  let start = 0;
  for (let g = 0; g < groups; g++) {
    const size = Math.ceil((reads.length - start) / (groups - g));
    void send(pool, reads.slice(start, start + size));
    start += size;
  }
}

async function send(pool: pg.Pool, reads: Read[]): Promise<void> {
  if (reads.length === 1) return alone(pool, reads[0]!);
  const ready: Array<Read & { wire: unknown[] }> = [];
  for (const read of reads) {
    try {
      ready.push({ ...read, wire: read.values.map((v) => pgUtils.prepareValue(v)) });
    } catch (error) {
      read.reject(error);
    }
  }
  if (ready.length < 2) return ready.forEach((read) => alone(pool, read));
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    for (const read of ready) read.reject(error);
    return;
  }
  // A connection that fails while the batch holds it emits 'error' on its client (an unhandled
  // event without a listener); the client also hands that error to the batch (handleError).
  const onError = () => {};
  client.on('error', onError);
  const batch = new ReadBatch(ready, (error, unanswered) => {
    client.removeListener('error', onError);
    // As pool.query does: a connection whose statement failed is not reused.
    client.release(error ? (error as Error) : undefined);
    for (const read of unanswered) alone(pool, read);
  });
  // pg's Submittable type names its Connection class, which does not declare what the batch uses.
  client.query(batch as unknown as pg.Submittable);
}

/** The reads waiting for the end of this turn, by pool. */
const waiting = new Map<pg.Pool, Read[]>();

/**
 * Sends `read` with the others asked for in this turn: once the event loop has handled this round
 * of I/O and the promise jobs it started (every resolver that starts a read without waiting for
 * I/O joins the batch). With tracing on, each read goes alone, in its own span.
 */
export function batchRead(pool: pg.Pool, read: Read): void {
  if (tracingStatements()) return alone(pool, read);
  let reads = waiting.get(pool);
  if (!reads) {
    const batch: Read[] = (reads = []);
    waiting.set(pool, batch);
    setImmediate(() => {
      if (waiting.get(pool) === batch) waiting.delete(pool);
      spread(pool, batch);
    });
  }
  reads.push(read);
  if (reads.length === MAX_BATCH) waiting.delete(pool);
}
