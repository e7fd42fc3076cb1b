// The databases every database suite runs on: always the embedded one (PGlite served over the
// wire protocol, exactly as the service uses it) and, when TEST_DATABASE_URL is set, a fresh
// database on that PostgreSQL server, created for the suite and dropped after it.
// A migrated database is a copy of the run's migrated template (test/helpers/templates.ts), not
// a new database migrated from scratch; `migrate: false` still gives an empty one.
import type { PGlite } from '@electric-sql/pglite';
import { testDatabaseUrls } from '../../src/config.ts';
import { openMemoryDatabase, serve } from '../../src/db/embedded.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';
import { cloneServerDatabase, openMigratedPglite } from './templates.ts';

export interface TestDatabase {
  kind: 'embedded' | 'server';
  connectionString: string;
  close(): Promise<void>;
}

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A new database: migrated (a copy of the migrated template) unless migrate is false (then empty). */
  create(options?: { migrate?: boolean }): Promise<TestDatabase>;
}

async function createServerDatabase(adminUrl: string, migrate: boolean): Promise<TestDatabase> {
  const scratch = migrate ? await cloneServerDatabase(adminUrl, 't') : await createScratchDatabase(adminUrl, 't');
  return { kind: 'server', connectionString: scratch.connectionString, close: scratch.drop };
}

async function servePglite(db: PGlite): Promise<TestDatabase> {
  const { server, connectionString } = await serve(db);
  return {
    kind: 'embedded',
    connectionString,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [
    {
      name: 'pglite',
      async create({ migrate = true } = {}) {
        if (migrate) return servePglite(await openMigratedPglite());
        const db = await openMemoryDatabase();
        return { kind: 'embedded', connectionString: db.connectionString, close: () => db.close() };
      },
    },
  ];
  const serverUrl = testDatabaseUrls().postgres;
  if (serverUrl) {
    targets.push({
      name: 'postgres',
      async create({ migrate = true } = {}) {
        return createServerDatabase(serverUrl, migrate);
      },
    });
  }
  return targets;
}

/** describe() once per database target. */
export function describeEachDatabase(title: string, body: (target: DatabaseTarget) => void): void {
  for (const target of databaseTargets()) describe(`${title} [${target.name}]`, () => body(target));
}
