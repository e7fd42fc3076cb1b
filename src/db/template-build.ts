// Makes the prepared embedded database (src/db/template.ts) for scripts/build.mjs.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { migrationTarget } from './database.ts';
import { openEmbeddedDatabase } from './embedded.ts';
import { applyMigrations } from './migrator.ts';
import { dataOf, emptyImageOf, emptyKeyOf, keyFile, pgliteVersion, templateDir, templateKey } from './template.ts';

/**
 * PGlite's initdb into `pgdata`, and the empty cluster it made, dumped (template.ts, emptyImage):
 * one initdb for both the template and the image.
 */
async function initCluster(pgdata: string): Promise<Uint8Array> {
  await mkdir(pgdata, { recursive: true, mode: 0o700 });
  const db = await PGlite.create({ dataDir: pgdata });
  try {
    return new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await db.close();
  }
}

/**
 * Builds the template in `dir` (scripts/build.mjs): a fresh database, migrated, closed cleanly;
 * and the empty cluster's image beside it.
 */
export async function buildTemplate(dir = templateDir): Promise<void> {
  const work = `${dir}.${randomUUID()}.tmp`;
  try {
    const empty = await initCluster(dataOf(work));
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
    await writeFile(emptyImageOf(dir), empty);
    await writeFile(emptyKeyOf(dir), `${await pgliteVersion()}\n`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
