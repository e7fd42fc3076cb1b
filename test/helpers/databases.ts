// The databases every database suite runs on: always the embedded one (PGlite served over the
// wire protocol, exactly as the service uses it) and, when TEST_DATABASE_URL is set, a fresh
// database on that PostgreSQL server, created for the suite and dropped after it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testDatabaseUrls } from '../../src/config.ts';
import { openMemoryDatabase } from '../../src/db/embedded.ts';
import { applyMigrations } from '../../src/db/migrator.ts';
import { migrationTarget } from '../../src/db/database.ts';

export interface TestDatabase {
  kind: 'embedded' | 'server';
  connectionString: string;
  close(): Promise<void>;
}

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A new, empty database; migrated unless migrate is false. */
  create(options?: { migrate?: boolean }): Promise<TestDatabase>;
}

async function createServerDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'server',
    connectionString: url.toString(),
    async close() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [
    {
      name: 'pglite',
      async create({ migrate = true } = {}) {
        const db = await openMemoryDatabase();
        if (migrate) await applyMigrations(migrationTarget(db.connectionString, 'embedded'));
        return { kind: 'embedded', connectionString: db.connectionString, close: () => db.close() };
      },
    },
  ];
  const serverUrl = testDatabaseUrls().postgres;
  if (serverUrl) {
    targets.push({
      name: 'postgres',
      async create({ migrate = true } = {}) {
        const db = await createServerDatabase(serverUrl);
        if (migrate) await applyMigrations(migrationTarget(db.connectionString, 'server'));
        return db;
      },
    });
  }
  return targets;
}

/** describe() once per database target. */
export function describeEachDatabase(title: string, body: (target: DatabaseTarget) => void): void {
  for (const target of databaseTargets()) describe(`${title} [${target.name}]`, () => body(target));
}
