// The embedded database is one PGlite session shared by many connections. These tests prove the
// sharing is correct: transactions never interleave, a protocol sequence split across TCP
// packets is never interleaved with another connection's, and a client that disappears in the
// middle of a transaction releases the session and loses its changes.
import net from 'node:net';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openMemoryDatabase, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import { openEmptyPglite } from '../helpers/templates.ts';

let db: EmbeddedDatabase;

/** A raw wire-protocol connection that has completed its startup. */
async function rawConnection(): Promise<net.Socket> {
  const { port, password } = new URL(db.connectionString);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
  const startup = Buffer.alloc(8);
  startup.writeInt32BE(8 + params.length, 0);
  startup.writeInt32BE(196608, 4);
  // The server asks for the password (cleartext, loopback only); it is sent right behind the startup.
  const secret = Buffer.from(`${decodeURIComponent(password)}\0`);
  const passwordMessage = Buffer.alloc(5);
  passwordMessage.write('p', 0);
  passwordMessage.writeInt32BE(4 + secret.length, 1);
  socket.write(Buffer.concat([startup, params, passwordMessage, secret]));
  await new Promise<void>((resolve) => {
    let seen = '';
    const onData = (d: Buffer) => {
      seen += d.toString('latin1');
      if (seen.includes('Z\u0000\u0000\u0000\u0005')) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
  });
  return socket;
}

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

/** Resolves when the server ends the connection (the data it sends first is read and dropped). */
const closed = (socket: net.Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) return resolve();
    socket.on('data', () => {});
    socket.once('end', () => resolve());
    socket.once('close', () => resolve());
  });
let pool: pg.Pool;
/** A second PGlite for the tests of a server of their own, one after the other (the last closes it). */
let spare: PGlite;

beforeAll(async () => {
  spare = await openEmptyPglite();
  db = await openMemoryDatabase();
  pool = new pg.Pool({ connectionString: db.connectionString, max: 8 });
  await pool.query('CREATE TABLE counter (n int NOT NULL)');
  await pool.query('INSERT INTO counter VALUES (0)');
});
afterAll(async () => {
  await pool.end();
  await db.close();
  if (!spare.closed) await spare.close();
});

test("a second connection never runs inside another connection's open transaction", async () => {
  await pool.query('UPDATE counter SET n = 0');
  const holder = await pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('UPDATE counter SET n = 1');
    // Issued while the transaction is open; had it run inside that transaction it would read 1.
    const reader = pool.query('SELECT n FROM counter');
    await holder.query('UPDATE counter SET n = 2');
    await holder.query('ROLLBACK');
    expect((await reader).rows[0].n).toBe(0);
  } finally {
    holder.release();
  }
});

test('concurrent read-modify-write transactions never lose an update', async () => {
  await pool.query('UPDATE counter SET n = 0');
  await Promise.all(
    Array.from({ length: 40 }, async () => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query('SELECT n FROM counter');
        await client.query('UPDATE counter SET n = $1', [rows[0].n + 1]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    }),
  );
  expect((await pool.query('SELECT n FROM counter')).rows[0].n).toBe(40);
});

test('large parameterised statements (split across packets) never mix with other connections', async () => {
  const big = 'y'.repeat(1_500_000);
  const results = await Promise.all(
    Array.from({ length: 120 }, async (_, i) => {
      if (i % 12 === 0) {
        const r = await pool.query('SELECT length($1::text) AS len, $2::int AS i', [big, i]);
        return r.rows[0].len === big.length && r.rows[0].i === i;
      }
      const r = await pool.query('SELECT $1::int AS v, $2::text AS s', [i, `s${i}`]);
      return r.rows[0].v === i && r.rows[0].s === `s${i}`;
    }),
  );
  expect(results.every(Boolean)).toBe(true);
});

test('an error inside one extended-protocol sequence does not leak into another connection', async () => {
  const outcomes = await Promise.allSettled(
    Array.from({ length: 60 }, (_, i) => (i % 2 ? pool.query('SELECT 1 / $1::int AS x', [0]) : pool.query('SELECT $1::int AS x', [i]))),
  );
  outcomes.forEach((outcome, i) => {
    if (i % 2) expect(outcome.status).toBe('rejected');
    else expect(outcome.status === 'fulfilled' && outcome.value.rows[0].x === i).toBe(true);
  });
});

test('a malformed frame closes that connection only; everyone else carries on', async () => {
  const socket = await rawConnection();
  const bad = Buffer.alloc(5);
  bad.write('Q', 0);
  bad.writeUInt32BE(0xffffffff, 1);
  socket.write(bad);
  await closed(socket);
  expect((await pool.query('SELECT 41 + 1 AS answer')).rows[0].answer).toBe(42);

  const early = net.connect(Number(new URL(db.connectionString).port), '127.0.0.1');
  early.write(Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 3, 0, 0]));
  await closed(early);
  expect((await pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
});

test('work of a client that disconnects after Execute but before Sync is not committed', async () => {
  await pool.query('CREATE TABLE IF NOT EXISTS cut (v int)');
  const socket = await rawConnection();
  const parse = message('P', Buffer.from('\0INSERT INTO cut VALUES (7)\0\0\0'));
  const bind = message('B', Buffer.from([0, 0, 0, 0, 0, 0, 0, 0]));
  const execute = message('E', Buffer.from([0, 0, 0, 0, 0]));
  const flush = message('H', Buffer.alloc(0));
  socket.write(Buffer.concat([parse, bind, execute, flush]));
  await new Promise((resolve) => socket.once('data', resolve)); // ParseComplete etc.: the INSERT ran
  socket.destroy();
  await closed(socket);
  expect((await pool.query('SELECT count(*)::int AS n FROM cut')).rows[0].n).toBe(0);
});

test('a connection idling while it holds the session is closed and rolled back', async () => {
  const idleDb = await import('../../src/db/pglite-server.ts');
  const server = new idleDb.PgliteServer(spare, { idleHoldMs: 200 });
  await server.start();
  const url = `postgresql://postgres@127.0.0.1:${server.port}/postgres`;
  const idler = new pg.Client({ connectionString: url });
  const other = new pg.Client({ connectionString: url });
  try {
    await idler.connect();
    await other.connect();
    idler.on('error', () => {});
    await idler.query('CREATE TABLE t (n int)');
    await idler.query('BEGIN');
    await idler.query('INSERT INTO t VALUES (1)');
    // The idler never commits; the other connection gets the session after the idle hold.
    const { rows } = await other.query('SELECT count(*)::int AS n FROM t');
    expect(rows[0].n).toBe(0);
  } finally {
    await other.end();
    await idler.end().catch(() => {});
    await server.stop();
  }
});

test('stopping the server while a client is inside a transaction is clean', async () => {
  const { PgliteServer } = await import('../../src/db/pglite-server.ts');
  // The PGlite the idle test's server (stopped) used; this server is the only one on it now.
  const lite = spare;
  const server = new PgliteServer(lite);
  await server.start();
  const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${server.port}/postgres` });
  client.on('error', () => {});
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT 1');
  await server.stop();
  await lite.close();
  await client.end().catch(() => {});
  expect(lite.closed).toBe(true);
});

test('a client that disconnects inside a transaction releases the session and rolls back', async () => {
  await pool.query('UPDATE counter SET n = 5');
  const client = new pg.Client({ connectionString: db.connectionString });
  await client.connect();
  await client.query('BEGIN');
  await client.query('UPDATE counter SET n = 999');
  // Kill the socket without a clean Terminate message.
  (client as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
  client.on('error', () => {});
  const { rows } = await pool.query('SELECT n FROM counter');
  expect(rows[0].n).toBe(5);
});

test('the embedded server refuses a connection without its password (issue 14)', async () => {
  const url = new URL(db.connectionString);
  expect(url.password).toMatch(/^[0-9a-f]{48}$/);
  for (const password of ['', 'wrong']) {
    const client = new pg.Client({ host: '127.0.0.1', port: Number(url.port), user: 'postgres', database: 'postgres', password });
    client.on('error', () => {});
    await expect(client.connect()).rejects.toMatchObject({ code: '28P01' });
    await client.end().catch(() => {});
  }
  const good = new pg.Client({ connectionString: db.connectionString });
  await good.connect();
  expect((await good.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  await good.end();
});
