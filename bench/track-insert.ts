// bench/track-insert: insert throughput into track_events as partitioned by month (now) against
// the same table unpartitioned with its old primary key (before; recreated here beside it as
// track_events_before), in one database, with the statement the track repo sends (INSERT …
// SELECT FROM unnest): single rows (one POST /track at a time) and 500-row group commits.
// Alternates the two tables over several rounds and prints rows/s and the ratio after/before,
// on the embedded database and on PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432/test).
//   node bin/run-ts.js bench/track-insert.ts [--rows 20000] [--rounds 3] [--only embedded|server]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { testDatabaseUrls } from '../src/config.ts';
import { openMemoryDatabase } from '../src/db/embedded.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { migrationTarget } from '../src/db/database.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '3' }, only: { type: 'string' } } });
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);

const BEFORE = `
  CREATE TABLE track_events_before (
    id BIGSERIAL NOT NULL, account_id TEXT NOT NULL, api_key_id INTEGER, event VARCHAR(64) NOT NULL,
    props JSONB NOT NULL DEFAULT '{}', visitor_id VARCHAR(128), session_id VARCHAR(128), url VARCHAR(2048),
    country VARCHAR(2), region TEXT, city TEXT, created_at TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT track_events_before_pkey PRIMARY KEY (id));
  CREATE INDEX ON track_events_before (account_id, created_at);
  CREATE INDEX ON track_events_before (account_id, event, created_at);
  ALTER TABLE track_events_before ADD FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE ON UPDATE CASCADE;
  INSERT INTO accounts (id, name, updated_at) VALUES ('acc_bench_track', 'Bench', now());`;

const insert = (table: string) => `
  INSERT INTO ${table} (account_id, api_key_id, event, props, visitor_id, session_id, url, country, region, city)
  SELECT account_id, api_key_id, event, props, visitor_id, session_id, url, country, region, city
  FROM unnest($1::text[], $2::int[], $3::text[], $4::jsonb[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
       WITH ORDINALITY AS t(account_id, api_key_id, event, props, visitor_id, session_id, url, country, region, city, ord)
  ORDER BY ord RETURNING id`;

function params(n: number, offset: number): unknown[] {
  const rows = Array.from({ length: n }, (_, i) => offset + i);
  return [
    rows.map(() => 'acc_bench_track'),
    rows.map(() => null),
    rows.map((i) => (i % 3 ? 'page.view' : 'cart.add')),
    rows.map((i) => JSON.stringify({ path: `/p/${i % 97}`, n: i })),
    rows.map((i) => `v${i % 500}`),
    rows.map((i) => `s${i % 2000}`),
    rows.map((i) => `https://shop.example/p/${i % 97}`),
    rows.map(() => 'US'),
    rows.map(() => 'CA'),
    rows.map(() => 'San Francisco'),
  ];
}

async function run(label: string, connectionString: string, kind: 'embedded' | 'server'): Promise<void> {
  await applyMigrations(migrationTarget(connectionString, kind));
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(BEFORE);
    for (const [name, batch, rows] of [
      ['single rows', 1, Math.min(ROWS, 5000)],
      ['500-row batches', 500, ROWS],
    ] as const) {
      const best = { before: 0, after: 0 };
      for (let r = 0; r < ROUNDS; r++) {
        // Alternate which goes first, so neither always gets the warmer cache.
        const order = r % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
        for (const which of order) {
          const rate = await timeRows(client, which === 'before' ? 'track_events_before' : 'track_events', batch, rows);
          best[which] = Math.max(best[which], rate);
        }
      }
      console.log(
        `${label.padEnd(10)} ${name.padEnd(16)} before ${best.before.toFixed(0).padStart(7)} rows/s  after (partitioned) ${best.after.toFixed(0).padStart(7)} rows/s  ratio ${(best.after / best.before).toFixed(2)}`,
      );
    }
  } finally {
    await client.end();
  }
}

/** Inserts `rows` rows in statements of `batch`; returns rows per second. */
async function timeRows(client: pg.Client, table: string, batch: number, rows: number): Promise<number> {
  const sql = insert(table);
  const started = performance.now();
  for (let done = 0; done < rows; done += batch) await client.query(sql, params(Math.min(batch, rows - done), done));
  return rows / ((performance.now() - started) / 1000);
}

if (values.only !== 'server') {
  const db = await openMemoryDatabase();
  try {
    await run('embedded', db.connectionString, 'embedded');
  } finally {
    await db.close();
  }
}
if (values.only !== 'embedded') {
  const scratch = await createScratchDatabase(testDatabaseUrls().postgres ?? 'postgresql://postgres@127.0.0.1:5432/test', 'bench_track');
  try {
    await run('postgres', scratch.connectionString, 'server');
  } finally {
    await scratch.drop();
  }
}
