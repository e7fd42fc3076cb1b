// Migrated databases made once per test run and copied for each suite, instead of creating and
// migrating a database per suite (test/helpers/databases.ts; CONTRIBUTING.md, "Test speed").
// - Embedded: a PGlite data directory with every migration applied (the build's prepared template
//   when it is current, src/db/template.ts), dumped to a tar file under the system's temporary folder; each suite starts an in-memory PGlite from it (loadDataDir),
//   which skips PGlite's initdb and the schema engine.
// - PostgreSQL: a migrated database on the test server, used as the template of each suite's
//   database (CREATE DATABASE … TEMPLATE …).
// Both are named by src/db/template.ts's key (the PGlite version and every migration's name and
// content): a changed or added migration makes new ones, and a stale one is never used. Each is
// made under a temporary name and then renamed, so a half-made one is never seen, and two runs
// (or two jest workers) making one at once both end up with a whole one.
// The jest globalSetup (test/global-setup.mjs) makes them before the first suite starts; a suite
// run without it makes them itself.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { serve } from '../../src/db/embedded.ts';
import { migrationTarget } from '../../src/db/database.ts';
import { applyMigrations } from '../../src/db/migrator.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';
import { copyTemplate, emptyImage, ImageBytes, templateKey } from '../../src/db/template.ts';

/** Where the embedded image is kept (override with TEST_TEMPLATE_DIR). */
export const templateCacheDir = () => process.env.TEST_TEMPLATE_DIR || path.join(tmpdir(), 'cas-test-templates');

const shortKey = async () => (await templateKey()).slice(0, 24);

/**
 * How the image is made, in its name beside the key: a changed recipe makes a new image even where
 * the migrations did not change (2: the `postgres` database only, see onlyPostgres).
 */
const IMAGE_RECIPE = 2;

/** The path of the current embedded image (it may not exist yet). */
export async function embeddedImagePath(): Promise<string> {
  return path.join(templateCacheDir(), `pglite-${await shortKey()}-${IMAGE_RECIPE}.tar`);
}

/**
 * Drops template0 and template1 from the database the image is dumped from: the suites use the
 * `postgres` database only (none creates a database on the embedded one), and every suite's copy
 * then loads about 730 files and 29 MB instead of 1,340 files and 44 MB.
 */
async function onlyPostgres(db: PGlite): Promise<void> {
  await db.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await db.exec('DROP DATABASE template0');
  await db.exec('DROP DATABASE template1');
  await db.exec('CHECKPOINT');
}

/**
 * A PGlite holding every migration: the build's prepared template (dist/embedded-template, when
 * its key is current, as after `npm ci`) opened from a temporary copy, which takes a second or
 * two; else the empty cluster (or initdb) in memory, migrated by the schema engine (10 s at load 7).
 */
async function migratedDatabase(): Promise<{ db: PGlite; dispose(): Promise<void> }> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'cas-tpl-'));
  const dispose = () => rm(scratch, { recursive: true, force: true });
  const pgdata = path.join(scratch, 'pgdata');
  if (await copyTemplate(pgdata)) return { db: await PGlite.create({ dataDir: pgdata }), dispose };
  await dispose();
  const db = await openEmptyPglite();
  const { server, connectionString } = await serve(db);
  try {
    await applyMigrations(migrationTarget(connectionString, 'embedded'));
  } finally {
    await server.stop();
  }
  return { db, dispose: async () => {} };
}

async function buildEmbeddedImage(file: string): Promise<void> {
  const { db, dispose } = await migratedDatabase();
  try {
    await onlyPostgres(db);
    const image = await db.dumpDataDir('none');
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, new Uint8Array(await image.arrayBuffer()));
    await rename(temp, file);
  } finally {
    await db.close();
    await dispose();
  }
  await removeOldImages(path.dirname(file));
}

/** Images of older migrations, unused for a day (other checkouts may still use newer ones). */
async function removeOldImages(dir: string): Promise<void> {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of await readdir(dir)) {
    if (!/^pglite-[0-9a-f]+(-\d+)?\.tar$/.test(name)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && info.atimeMs < dayAgo && info.mtimeMs < dayAgo) await rm(file, { force: true });
  }
}

/** The migrated embedded database as a tar image (made now if this run has none yet). */
export async function embeddedImage(): Promise<Blob> {
  const file = await embeddedImagePath();
  if (!existsSync(file)) await buildEmbeddedImage(file);
  return new ImageBytes(await readFile(file), 'application/x-tar');
}

/**
 * An empty in-memory PGlite: the build's empty cluster (dist/embedded-template/empty.tar.gz) when
 * it is current, as after `npm ci`, which loads in a fraction of initdb's CPU time; else initdb.
 */
export async function openEmptyPglite(): Promise<PGlite> {
  const empty = await emptyImage();
  return PGlite.create(empty ? { loadDataDir: empty } : {});
}

/** An in-memory PGlite holding the migrated schema, without initdb or migrations. */
export async function openMigratedPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await embeddedImage() });
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const code = (error: unknown) => (error as { code?: string }).code;

/**
 * Runs `step` again while PostgreSQL answers 55006 (the database is being accessed by other
 * users: a template is copied or renamed only with no session on it, and one may be closing).
 */
async function retryWhileInUse<T>(step: () => Promise<T>, limitMs = 120_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (code(error) !== '55006' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The name of the migrated template database on the server of adminUrl (made now if missing). */
export async function serverTemplate(adminUrl: string): Promise<string> {
  const name = `cas_tpl_${await shortKey()}`;
  const exists = (client: pg.Client) => client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]).then((r) => r.rowCount === 1);
  if (await withClient(adminUrl, exists)) return name;
  const scratch = await createScratchDatabase(adminUrl, 'cas_tpl_tmp');
  try {
    await applyMigrations(migrationTarget(scratch.connectionString, 'server'));
    const made = new URL(scratch.connectionString).pathname.slice(1);
    await withClient(adminUrl, (client) =>
      retryWhileInUse(async () => {
        try {
          await client.query(`ALTER DATABASE "${made}" RENAME TO "${name}"`);
        } catch (error) {
          if (code(error) !== '42P04') throw error; // 42P04: made by another run meanwhile; ours is dropped below
        }
      }),
    );
  } finally {
    await scratch.drop();
  }
  return name;
}

/**
 * A new database `<prefix>_<random>` on the server of adminUrl, copied from the migrated
 * template.
 */
export async function cloneServerDatabase(adminUrl: string, prefix = 't'): Promise<{ connectionString: string; drop(): Promise<void> }> {
  const template = await serverTemplate(adminUrl);
  const name = `${prefix}_${randomBytes(8).toString('hex')}`;
  await withClient(adminUrl, async (client) => {
    await retryWhileInUse(() => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
    // A suite's database does not outlive the run: its commits need not wait for the WAL to reach
    // the disk (0.6 ms a commit on a quiet machine, far more while other suites write). Nothing
    // tested changes: the server never crashes under a suite (the outage tests run their own).
    await client.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    connectionString: url.toString(),
    drop: () => withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

/** Makes both templates (the server one only when TEST_DATABASE_URL is set): the globalSetup. */
export async function prepareTemplates(): Promise<string[]> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  // Both at once: the embedded one is PGlite's work in this process, the server one the server's.
  const [embedded, server] = await Promise.all([
    embeddedImagePath().then(async (file) => (await embeddedImage(), file)),
    adminUrl ? serverTemplate(adminUrl) : null,
  ]);
  return server ? [embedded, server] : [embedded];
}
