// The embedded database is one PGlite session shared by many connections. These tests prove the
// sharing is correct: transactions never interleave, a protocol sequence split across TCP
// packets is never interleaved with another connection's, and a client that disappears in the
// middle of a transaction releases the session and loses its changes.
import net from 'node:net';
import pg from 'pg';
import { openMemoryDatabase, type EmbeddedDatabase } from '../../src/db/embedded.ts';

let db: EmbeddedDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  db = await openMemoryDatabase();
  pool = new pg.Pool({ connectionString: db.connectionString, max: 8 });
  await pool.query('CREATE TABLE counter (n int NOT NULL)');
  await pool.query('INSERT INTO counter VALUES (0)');
});
afterAll(async () => {
  await pool.end();
  await db.close();
});

test('a second connection does not see, or run inside, an open transaction', async () => {
  const holder = await pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('UPDATE counter SET n = 1');
    let seen: number | null = null;
    const reader = pool.query('SELECT n FROM counter').then((r) => {
      seen = r.rows[0].n;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(seen).toBeNull(); // still waiting: the session belongs to the transaction
    await holder.query('COMMIT');
    await reader;
    expect(seen).toBe(1);
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
