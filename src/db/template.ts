// The prepared embedded database: an empty PGlite data directory with every committed migration
// applied, made once by `npm run build` (scripts/build.mjs, with template-build.ts) under dist/embedded-template/. A first
// `svc start` or `svc serve` on an empty DATA_DIR copies it instead of running PGlite's initdb
// and the schema engine: initdb alone took about 10 s and 800 MB of memory on a loaded 2-core
// machine (docs/operations.md, "Startup"); the copy takes a fraction of a second.
//
// The template is used only when its key matches: the PGlite version and the name and content of
// every migration. Otherwise (or with no template, as in a checkout that was never built) the
// database is created as before. Either way the migrator then applies whatever is pending.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectRoot } from '../paths.ts';
import { loadMigrations } from './migrator.ts';

export const templateDir = path.join(projectRoot, 'dist', 'embedded-template');
export const keyFile = (dir: string) => path.join(dir, 'key');
export const dataOf = (dir: string) => path.join(dir, 'pgdata');

/** What the template depends on: the PGlite build and the migrations, hashed. */
export async function templateKey(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(await readFile(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  const hash = createHash('sha256').update(`pglite ${pkg.version}\n`);
  for (const migration of (await loadMigrations()).migrationDirectories) {
    const content = migration.migrationFile.content;
    hash.update(`${migration.path}\n${content.tag === 'ok' ? content.value : 'missing'}\n`);
  }
  return hash.digest('hex');
}

/**
 * Copies the template to `pgdata` when that folder does not exist yet and the template's key is
 * current; returns whether it did. The copy lands under a temporary name first, then is renamed:
 * an interrupted copy never looks like a database.
 */
export async function copyTemplate(pgdata: string, dir = templateDir): Promise<boolean> {
  if (existsSync(pgdata) || !existsSync(path.join(dataOf(dir), 'PG_VERSION'))) return false;
  const saved = (await readFile(keyFile(dir), 'utf8').catch(() => '')).trim();
  if (!saved || saved !== (await templateKey())) return false;
  const temp = `${pgdata}.${randomUUID()}.tmp`;
  try {
    await cp(dataOf(dir), temp, { recursive: true });
    await rename(temp, pgdata);
    return true;
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}
