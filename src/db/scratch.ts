// A throwaway database created beside the one a connection string names, on the same PostgreSQL
// server, and dropped when done. Used for the schema engine's shadow database, the test suites
// and the benchmarks.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  connectionString: string;
  drop(): Promise<void>;
}

async function run(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<random>` on the server of `adminUrl` (whose user may create databases). */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(8).toString('hex')}`;
  await run(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    connectionString: url.toString(),
    drop: () => run(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
