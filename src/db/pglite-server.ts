// Serves one PGlite database to many PostgreSQL wire-protocol clients on a loopback TCP port.
//
// PGlite is a single session. Sharing it is only correct if a client keeps it to itself for a
// whole protocol unit: a simple Query, an extended-protocol sequence up to its Sync (Parse/Bind
// share the unnamed statement and portal), and a whole transaction. @electric-sql/pglite-socket
// 0.2.17 interleaves messages from different connections when a large message arrives in several
// TCP chunks (measured: bench/embedded-interleave.ts), so this server owns that rule itself: a
// connection takes the session and keeps it until it is idle, outside a transaction and after a
// Sync. A connection that holds the session idle for too long is closed (and rolled back), so one
// stuck client cannot stall every other.
//
// Not supported on the embedded database: COPY ... FROM STDIN (PGlite cannot resume a COPY across
// calls) and session state (SET, named prepared statements, temporary tables, LISTEN, advisory
// locks) meant to be private to one connection: every connection shares the one session.
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { ASK_PASSWORD, isPassword } from './wire-password.ts';
import { SessionLock } from './session-lock.ts';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const MAX_STARTUP_BYTES = 10_000;
const MAX_MESSAGE_BYTES = 1024 * 1024 * 1024;
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

export interface PgliteServerOptions {
  host?: string;
  port?: number;
  /** Connections accepted at once; more are closed at once. */
  maxConnections?: number;
  /** How long a connection may hold the session (in a transaction or mid-sequence) while idle. */
  idleHoldMs?: number;
  /** The password every client must send (src/db/wire-password.ts); none: trust (tests only). */
  password?: string;
}

/** A FATAL ErrorResponse, so a client sees why its connection ends. */
function fatal(code: string, message: string): Buffer {
  const fields = Buffer.concat([Buffer.from('SFATAL\0'), Buffer.from('VFATAL\0'), Buffer.from(`C${code}\0`), Buffer.from(`M${message}\0`), Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

/** A Parse of invalid SQL: puts the backend in the error state, aborting any implicit transaction. */
function abortingParse(): Buffer {
  const body = Buffer.concat([Buffer.from('\0'), Buffer.from('ABORT DISCONNECTED CLIENT\0'), Buffer.from([0, 0])]);
  const header = Buffer.alloc(5);
  header.write('P', 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

interface Connection {
  id: number;
  socket: net.Socket;
  chunks: Buffer[];
  buffered: number;
  started: boolean;
  midSequence: boolean;
  chain: Promise<void>;
  idleTimer: NodeJS.Timeout | null;
  /** The startup message, held until the password is checked. */
  startup: Buffer | null;
}

export class PgliteServer {
  private server: net.Server | null = null;
  private readonly lock = new SessionLock();
  private readonly connections = new Set<Connection>();
  private nextId = 1;
  private boundPort = 0;
  private closing = false;

  constructor(
    private readonly db: PGlite,
    private readonly options: PgliteServerOptions = {},
  ) {}

  get port(): number {
    return this.boundPort;
  }
  get host(): string {
    return this.options.host ?? '127.0.0.1';
  }

  async start(): Promise<void> {
    this.closing = false;
    const server = net.createServer((socket) => this.accept(socket));
    server.maxConnections = this.options.maxConnections ?? 100;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.host, () => resolve());
    });
    this.boundPort = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Stops accepting, closes every connection and waits until none touches the database. */
  async stop(): Promise<void> {
    this.closing = true;
    const server = this.server;
    this.server = null;
    const chains = [...this.connections].map((c) => {
      c.socket.destroy();
      return c.chain;
    });
    await Promise.allSettled(chains);
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(socket: net.Socket): void {
    if (this.closing) {
      socket.destroy();
      return;
    }
    const conn: Connection = {
      id: this.nextId++,
      socket,
      chunks: [],
      buffered: 0,
      started: false,
      midSequence: false,
      chain: Promise.resolve(),
      idleTimer: null,
      startup: null,
    };
    this.connections.add(conn);
    socket.setNoDelay(true);
    socket.on('data', (data: Buffer) => {
      this.clearIdle(conn);
      conn.chunks.push(data);
      conn.buffered += data.length;
      socket.pause(); // backpressure: read more only once this data is handled
      conn.chain = conn.chain
        .then(() => this.handle(conn))
        .then(() => {
          if (!socket.destroyed) socket.resume();
        })
        .catch(() => {
          socket.destroy();
        });
    });
    socket.on('close', () => {
      this.clearIdle(conn);
      this.connections.delete(conn);
      conn.chain = conn.chain.then(() => this.releaseAfterDisconnect(conn)).catch(() => {});
    });
    socket.on('error', () => socket.destroy());
  }

  private clearIdle(conn: Connection): void {
    if (conn.idleTimer) clearTimeout(conn.idleTimer);
    conn.idleTimer = null;
  }

  /** The next complete message in the connection's buffer, or null. Throws on a bad frame. */
  private take(conn: Connection): Buffer | null {
    const header = conn.started ? 5 : 8;
    if (conn.buffered < header) return null;
    let buffer = conn.chunks.length === 1 ? conn.chunks[0]! : Buffer.concat(conn.chunks);
    conn.chunks = [buffer];
    const len = conn.started ? buffer.readInt32BE(1) + 1 : buffer.readInt32BE(0);
    const min = conn.started ? 5 : 8;
    const max = conn.started ? MAX_MESSAGE_BYTES : MAX_STARTUP_BYTES;
    if (len < min || len > max) throw new Error(`invalid message length ${len}`);
    if (buffer.length < len) return null;
    const message = Buffer.from(buffer.subarray(0, len));
    buffer = buffer.subarray(len);
    conn.chunks = buffer.length ? [buffer] : [];
    conn.buffered = buffer.length;
    return message;
  }

  private async handle(conn: Connection): Promise<void> {
    const { socket } = conn;
    while (!socket.destroyed) {
      let message: Buffer | null;
      try {
        message = this.take(conn);
      } catch (error) {
        socket.end(fatal('08P01', (error as Error).message));
        socket.destroy();
        return;
      }
      if (!message) return;
      if (!conn.started) {
        const code = message.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          socket.destroy();
          return;
        }
        conn.started = true;
        if (this.options.password !== undefined) {
          conn.startup = message;
          socket.write(ASK_PASSWORD);
          continue;
        }
        await this.run(conn, message);
        this.afterUnit(conn);
        continue;
      }
      if (conn.startup) {
        if (!isPassword(message, this.options.password!)) return void socket.end(fatal('28P01', 'password authentication failed for user'));
        message = conn.startup;
        conn.startup = null;
        await this.run(conn, message);
        this.afterUnit(conn);
        continue;
      }
      const type = String.fromCharCode(message[0]!);
      if (type === 'X') {
        socket.end();
        return;
      }
      await this.run(conn, message);
      // An extended-protocol sequence (Parse, Bind, Describe, Execute, Flush...) ends at Sync; a
      // simple Query and a FunctionCall are whole units by themselves.
      conn.midSequence = !(type === 'S' || type === 'Q' || type === 'F');
      this.afterUnit(conn);
    }
  }

  private async run(conn: Connection, message: Buffer): Promise<void> {
    await this.lock.acquire(conn.id);
    const out: Buffer[] = [];
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(new Uint8Array(message), { onRawData: (chunk: Uint8Array) => out.push(Buffer.from(chunk)) }),
    );
    if (!out.length || conn.socket.destroyed) return;
    if (!conn.socket.write(Buffer.concat(out))) {
      await new Promise<void>((resolve) => {
        conn.socket.once('drain', resolve);
        conn.socket.once('close', resolve);
      });
    }
  }

  /** Releases the session after a unit, or keeps it and arms the idle-hold timeout. */
  private afterUnit(conn: Connection): void {
    if (!conn.midSequence && !this.db.isInTransaction()) {
      this.lock.release(conn.id);
      return;
    }
    if (conn.buffered === 0 && this.lock.heldBy(conn.id)) {
      const idleHoldMs = this.options.idleHoldMs ?? 60_000;
      conn.idleTimer = setTimeout(() => {
        conn.socket.end(fatal('25P03', `idle for ${idleHoldMs} ms while holding the embedded database; rolled back`));
        conn.socket.destroy();
      }, idleHoldMs);
      conn.idleTimer.unref();
    }
  }

  /**
   * A client that vanished must not leave the session held, nor have its unfinished work kept:
   * a sequence cut before its Sync is aborted (an implicit transaction would commit at Sync),
   * then any open transaction is rolled back.
   */
  private async releaseAfterDisconnect(conn: Connection): Promise<void> {
    this.lock.forget(conn.id);
    if (!this.lock.heldBy(conn.id)) return;
    try {
      if (this.closing || this.db.closed) return;
      // Still the owner, so nothing else runs in between. (db.exec takes PGlite's own mutex, so
      // it must not run inside runExclusive.)
      if (conn.midSequence) {
        await this.db.runExclusive(async () => {
          await this.db.execProtocolRaw(new Uint8Array(abortingParse()));
          await this.db.execProtocolRaw(new Uint8Array(SYNC));
        });
      }
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    } finally {
      this.lock.release(conn.id);
    }
  }
}
