// Serves one PGlite database to many PostgreSQL wire-protocol clients on a TCP port.
//
// PGlite is a single session. Sharing it is only correct if a client keeps it to itself for a
// whole protocol unit: a simple Query, an extended-protocol sequence up to its Sync (Parse/Bind
// share the unnamed statement and portal), and a whole transaction. @electric-sql/pglite-socket
// 0.2.17 interleaves messages from different connections when a large message arrives in several
// TCP chunks (measured: bench/embedded-interleave.ts), so this server owns that rule itself: a
// connection takes the session and keeps it until it is idle, outside a transaction and after a
// Sync.
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const GSS_REQUEST = 80877104;
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

export interface PgliteServerOptions {
  host?: string;
  port?: number;
  /** Connections allowed at once; further ones are refused with a protocol error. */
  maxConnections?: number;
}

class SessionLock {
  private owner: number | null = null;
  private waiters: Array<{ id: number; resolve: () => void }> = [];

  async acquire(id: number): Promise<void> {
    if (this.owner === id) return;
    if (this.owner === null) {
      this.owner = id;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push({ id, resolve }));
  }

  release(id: number): void {
    if (this.owner !== id) return;
    const next = this.waiters.shift();
    this.owner = next ? next.id : null;
    next?.resolve();
  }

  forget(id: number): void {
    this.waiters = this.waiters.filter((w) => w.id !== id);
  }

  heldBy(id: number): boolean {
    return this.owner === id;
  }
}

export class PgliteServer {
  private server: net.Server | null = null;
  private readonly lock = new SessionLock();
  private readonly sockets = new Set<net.Socket>();
  private nextId = 1;
  private boundPort = 0;

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
    const server = net.createServer((socket) => this.accept(socket));
    server.maxConnections = this.options.maxConnections ?? 100;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.host, () => resolve());
    });
    this.boundPort = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(socket: net.Socket): void {
    const id = this.nextId++;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    let buffer: Buffer<ArrayBufferLike> = Buffer.alloc(0);
    let started = false;
    let midSequence = false;
    let chain = Promise.resolve();

    const run = async (message: Buffer): Promise<void> => {
      await this.lock.acquire(id);
      const out: Buffer[] = [];
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(new Uint8Array(message), {
          onRawData: (chunk: Uint8Array) => out.push(Buffer.from(chunk)),
        }),
      );
      if (out.length && !socket.destroyed) socket.write(Buffer.concat(out));
    };

    const afterUnit = (): void => {
      if (!midSequence && !this.db.isInTransaction()) this.lock.release(id);
    };

    const handle = async (): Promise<void> => {
      while (!socket.destroyed) {
        if (!started) {
          if (buffer.length < 8) return;
          const len = buffer.readInt32BE(0);
          if (buffer.length < len) return;
          const code = buffer.readInt32BE(4);
          const message = buffer.subarray(0, len);
          buffer = buffer.subarray(len);
          if (code === SSL_REQUEST || code === GSS_REQUEST) {
            socket.write('N');
            continue;
          }
          if (code === CANCEL_REQUEST) {
            socket.end();
            return;
          }
          await run(message);
          started = true;
          afterUnit();
          continue;
        }
        if (buffer.length < 5) return;
        const len = buffer.readInt32BE(1) + 1;
        if (buffer.length < len) return;
        const type = String.fromCharCode(buffer[0]!);
        const message = Buffer.from(buffer.subarray(0, len));
        buffer = buffer.subarray(len);
        if (type === 'X') {
          socket.end();
          return;
        }
        await run(message);
        // An extended-protocol sequence (Parse, Bind, Describe, Execute, Flush...) ends at Sync;
        // a simple Query is a whole unit by itself.
        midSequence = !(type === 'S' || type === 'Q');
        afterUnit();
      }
    };

    socket.on('data', (data: Buffer) => {
      buffer = buffer.length ? Buffer.concat([buffer, data]) : data;
      chain = chain.then(handle).catch(() => {
        socket.destroy();
      });
    });
    const cleanup = (): void => {
      this.sockets.delete(socket);
      chain = chain.then(() => this.releaseAfterDisconnect(id, midSequence));
    };
    socket.on('close', cleanup);
    socket.on('error', () => socket.destroy());
  }

  /** A client that vanished mid-sequence or mid-transaction must not leave the session held. */
  private async releaseAfterDisconnect(id: number, midSequence: boolean): Promise<void> {
    this.lock.forget(id);
    if (!this.lock.heldBy(id)) return;
    try {
      // Still the owner, so nothing else runs in between. (db.exec takes PGlite's own mutex, so it
      // must not run inside runExclusive.)
      if (midSequence) await this.db.runExclusive(() => this.db.execProtocolRaw(new Uint8Array(SYNC)));
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    } finally {
      this.lock.release(id);
    }
  }
}
