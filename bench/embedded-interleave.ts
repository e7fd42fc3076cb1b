// Why the embedded database is served by src/db/pglite-server.ts rather than by
// @electric-sql/pglite-socket's own server: the same concurrent workload against both, counting
// wrong answers and errors, and timing each. Run: node bin/run-ts.js bench/embedded-interleave.ts
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { PgliteServer } from '../src/db/pglite-server.ts';

interface Outcome {
  name: string;
  wrong: number;
  errors: number;
  ms: number;
}

/** 400 parameterised queries over 10 connections; every 10th carries a 2 MB parameter. */
async function workload(name: string, connectionString: string): Promise<Outcome> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const big = 'y'.repeat(2_000_000);
  let wrong = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 400 }, async (_, i) => {
      try {
        if (i % 10 === 0) {
          const r = await pool.query('SELECT length($1::text) AS len, $2::int AS i', [big, i]);
          if (r.rows[0].len !== big.length || r.rows[0].i !== i) wrong++;
        } else {
          const r = await pool.query('SELECT $1::int AS v, $2::text AS s', [i, `s${i}`]);
          if (r.rows[0].v !== i || r.rows[0].s !== `s${i}`) wrong++;
        }
      } catch {
        errors++;
      }
    }),
  );
  const ms = Math.round(performance.now() - started);
  await pool.end();
  return { name, wrong, errors, ms };
}

async function withPgliteSocket(): Promise<Outcome> {
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 20 });
  await server.start();
  try {
    return await workload('pglite-socket 0.2.17', `postgresql://postgres@${server.getServerConn()}/postgres`);
  } finally {
    await server.stop();
    await db.close();
  }
}

async function withOwnServer(): Promise<Outcome> {
  const db = await PGlite.create();
  const server = new PgliteServer(db);
  await server.start();
  try {
    return await workload('src/db/pglite-server', `postgresql://postgres@127.0.0.1:${server.port}/postgres`);
  } finally {
    await server.stop();
    await db.close();
  }
}

const results = [await withPgliteSocket(), await withOwnServer()];
for (const r of results) console.log(`${r.name.padEnd(22)} wrong ${String(r.wrong).padStart(3)}  errors ${String(r.errors).padStart(3)}  ${r.ms} ms`);
const [baseline, ours] = results as [Outcome, Outcome];
console.log(`time ratio (ours / pglite-socket): ${(ours.ms / baseline.ms).toFixed(2)}`);
console.log(`RESULT ${JSON.stringify(results)}`);
