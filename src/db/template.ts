// The prepared embedded database: an empty PGlite data directory with every committed migration
// applied, made once by `npm run build` (scripts/build.mjs, with template-build.ts) under dist/embedded-template/. A first
// `svc start` or `svc serve` on an empty DATA_DIR copies it instead of running PGlite's initdb
// and the schema engine: initdb alone took about 10 s and 800 MB of memory on a loaded 2-core
// machine (docs/operations.md, "Startup"); the copy takes a fraction of a second.
//
// Beside it, empty.tar.gz: the same cluster before any migration, dumped (gzip: 4.5 MB instead of
// 40, in the image too), for in-memory databases.
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

/**
 * The empty cluster (PGlite's initdb done, no migration applied) as a dumped data directory, for
 * in-memory databases: the scratch and shadow databases of `svc migrate create` and of the
 * embedded migrator's diffs (src/db/embedded.ts, openMemoryDatabase). Loading it takes about a
 * second where initdb took 4 to 9 s on the loaded 2-core machine. Its key is the PGlite version.
 */
export const emptyImageOf = (dir: string) => path.join(dir, 'empty.tar.gz');
export const emptyKeyOf = (dir: string) => path.join(dir, 'empty.key');

/** The installed PGlite's version line, part of both keys. */
export async function pgliteVersion(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(await readFile(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return `pglite ${pkg.version}`;
}

/**
 * A data directory image already read into memory, for PGlite's `loadDataDir`, which takes a Blob
 * and asks for its arrayBuffer(): this hands over the bytes read instead of copying them into
 * Node's Blob store and back out (Node 20: about half the CPU of loading the tests' 29 MB image).
 */
export class ImageBytes extends Blob {
  readonly #bytes: ArrayBuffer;

  constructor(bytes: Buffer, type: 'application/x-tar' | 'application/x-gzip') {
    super([], { type });
    // readFile gives a file of this size a buffer of its own; a slice is copied.
    this.#bytes =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? (bytes.buffer as ArrayBuffer)
        : (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    // Blob's own size (a getter of the prototype) would say 0.
    Object.defineProperty(this, 'size', { value: this.#bytes.byteLength });
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/** The prepared empty cluster when there is one for this PGlite, else null (then initdb runs). */
export async function emptyImage(dir = templateDir): Promise<Blob | null> {
  const saved = (await readFile(emptyKeyOf(dir), 'utf8').catch(() => '')).trim();
  if (!saved || saved !== (await pgliteVersion())) return null;
  const image = await readFile(emptyImageOf(dir)).catch(() => null);
  return image ? new ImageBytes(image, 'application/x-gzip') : null;
}

/** What the template depends on: the PGlite build and the migrations, hashed. */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256').update(`${await pgliteVersion()}\n`);
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
