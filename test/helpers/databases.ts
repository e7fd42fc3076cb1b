// The databases every database suite runs on: always the embedded one (PGlite served over the
// wire protocol, exactly as the service uses it) and, when TEST_DATABASE_URL is set, a fresh
// database on that PostgreSQL server, created for the suite and dropped after it.
import { testDatabaseUrls } from '../../src/config.ts';
import { openMemoryDatabase } from '../../src/db/embedded.ts';
import { applyMigrations } from '../../src/db/migrator.ts';
import { migrationTarget } from '../../src/db/database.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';

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
  const scratch = await createScratchDatabase(adminUrl, 't');
  return { kind: 'server', connectionString: scratch.connectionString, close: scratch.drop };
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
