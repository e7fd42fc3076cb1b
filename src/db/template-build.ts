// Makes the prepared embedded database (src/db/template.ts) for scripts/build.mjs.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { migrationTarget } from './database.ts';
import { openEmbeddedDatabase } from './embedded.ts';
import { applyMigrations } from './migrator.ts';
import { dataOf, keyFile, templateDir, templateKey } from './template.ts';

/** Builds the template in `dir` (scripts/build.mjs): a fresh database, migrated, closed cleanly. */
export async function buildTemplate(dir = templateDir): Promise<void> {
  const work = `${dir}.${randomUUID()}.tmp`;
  try {
    const db = await openEmbeddedDatabase(work, { template: false });
    try {
      await applyMigrations(migrationTarget(db.connectionString, 'embedded'));
    } finally {
      await db.close();
    }
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await rename(dataOf(work), dataOf(dir));
    await writeFile(keyFile(dir), `${await templateKey()}\n`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
