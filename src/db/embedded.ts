// The embedded database: PGlite with its files under the data directory, served in-process over
// the PostgreSQL wire protocol so that the service uses one driver path (pg + @prisma/adapter-pg)
// on every database. One process owns the files; others reach it through its port.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PgliteServer } from './pglite-server.ts';
import { newWirePassword } from './wire-password.ts';
import { copyTemplate, emptyImage } from './template.ts';
import { DataDirInUseError } from './data-dir-error.ts';

export interface EmbeddedDatabase {
  connectionString: string;
  /** True when this process owns the files; false when it reaches another process's server. */
  owner: boolean;
  close(): Promise<void>;
}

export { DataDirInUseError };

const lockFile = (dir: string) => path.join(dir, 'embedded.lock');
const serverFile = (dir: string) => path.join(dir, 'server.json');

function connectionStringFor(port: number, password: string): string {
  return `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pid in a lock file; null when the file is missing, 0 when it is unreadable. */
async function lockPid(file: string): Promise<number | null> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return /^\d+$/.test(text) ? Number(text) : 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : 0;
  }
}

/**
 * PostgreSQL's default shared_buffers (128 MB) is allocated inside PGlite's WebAssembly memory and
 * soon resident; the demo store's whole database is about 40 MB and the files stay in the operating
 * system's page cache anyway. 32 MB cut the process's resident memory by about 100 MB, 16 MB by
 * about 35 MB more, with no slowdown we could measure (docs/operations.md, "Startup"). Kept as
 * the last line of postgresql.conf (the last setting wins), marked as ours.
 */
const SHARED_BUFFERS = 'shared_buffers = 16MB';
const OURS = '# set by the service (src/db/embedded.ts)';

async function tuneConfig(pgdata: string): Promise<void> {
  const file = path.join(pgdata, 'postgresql.conf');
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return; // not created yet: PGlite's initdb writes it; the next start tunes it
  const kept = text
    .split('\n')
    .filter((line) => !line.endsWith(OURS))
    .join('\n')
    .replace(/\n*$/, '\n');
  const tuned = `${kept}${SHARED_BUFFERS}\t\t${OURS}\n`;
  if (tuned !== text) await writeFile(file, tuned);
}

/** Serves a PGlite (already created) on an ephemeral loopback port. */
export async function serve(db: PGlite): Promise<{ server: PgliteServer; connectionString: string; password: string }> {
  const password = newWirePassword();
  const server = new PgliteServer(db, { password });
  await server.start();
  return { server, connectionString: connectionStringFor(server.port, password), password };
}

/**
 * A throwaway in-memory database, for tests and for the schema engine's shadow database: loaded
 * from the prepared empty cluster when the build made one for this PGlite (template.ts,
 * emptyImage), else made by PGlite's initdb.
 */
export async function openMemoryDatabase(): Promise<EmbeddedDatabase> {
  const image = await emptyImage();
  const db = await PGlite.create(image ? { loadDataDir: image } : {});
  const { server, connectionString } = await serve(db);
  return {
    connectionString,
    owner: true,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}

/**
 * Takes the data directory's lock, or reports the live process that holds it. The lock file is
 * created complete (written under a unique name, then hard-linked into place, which fails if it
 * exists), so a reader never sees it empty. A lock whose process is dead is moved aside under a
 * unique name before it is removed, so two processes cannot both clear it and both win.
 */
async function takeLock(dataDir: string): Promise<{ held: true } | { held: false; pid: number }> {
  const target = lockFile(dataDir);
  const mine = path.join(dataDir, `embedded.lock.${process.pid}.${randomUUID()}`);
  await writeFile(mine, String(process.pid), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        await link(mine, target);
        return { held: true };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const pid = await lockPid(target);
      if (pid === null) continue; // removed meanwhile: try again
      if (pid === 0) {
        await sleep(100); // being replaced right now
        continue;
      }
      if (pid === process.pid || isAlive(pid)) return { held: false, pid };
      const aside = `${target}.stale.${randomUUID()}`;
      try {
        await rename(target, aside);
      } catch {
        continue; // another process moved it first
      }
      const movedPid = await lockPid(aside);
      if (movedPid !== null && movedPid !== pid && movedPid !== 0 && isAlive(movedPid)) {
        // We moved a fresh lock taken in between: put it back if the slot is still free.
        await link(aside, target).catch(() => {});
      }
      await rm(aside, { force: true });
    }
    throw new Error(`could not lock ${dataDir}`);
  } finally {
    await rm(mine, { force: true });
  }
}

/** The owner's server address, waiting a little while a starting owner has not written it yet. */
async function ownerServer(dataDir: string, pid: number): Promise<string | null> {
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    try {
      const info = JSON.parse(await readFile(serverFile(dataDir), 'utf8')) as { pid?: number; port?: number; password?: string };
      if (info.pid === pid && info.port && info.password) return connectionStringFor(info.port, info.password);
    } catch {
      // not written yet, or being written
    }
    await sleep(100);
  }
  return null;
}

/**
 * Opens the embedded database in dataDir. If another live process owns it, returns a connection
 * to that process's server instead (unless exclusive, as for `svc serve`, which then fails).
 */
export interface OpenEmbeddedOptions {
  /** Fail when another live process owns the files (`svc serve`, `svc start`). */
  exclusive?: boolean;
  /** Hears a line when the database is created (first start). */
  say?: ((line: string) => void) | undefined;
  /** Start a new database from the prepared template when it is current (default true; src/db/template.ts). */
  template?: boolean;
}

export async function openEmbeddedDatabase(dataDir: string, opts: OpenEmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lock = await takeLock(dataDir);
  if (!lock.held) {
    if (opts.exclusive || lock.pid === process.pid) throw new DataDirInUseError(dataDir, lock.pid);
    const connectionString = await ownerServer(dataDir, lock.pid);
    if (!connectionString) throw new DataDirInUseError(dataDir, lock.pid);
    return { connectionString, owner: false, close: async () => {} };
  }
  let db: PGlite | null = null;
  try {
    const pgdata = path.join(dataDir, 'pgdata');
    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
      if (opts.template !== false && (await copyTemplate(pgdata))) opts.say?.(`database: created in ${dataDir} from the prepared template`);
      else opts.say?.(`database: creating the embedded database in ${dataDir} (first start)`);
    }
    await tuneConfig(pgdata);
    db = await PGlite.create({ dataDir: pgdata });
    const { server, connectionString, password } = await serve(db);
    // Written whole under another name, then renamed: a reader never sees half of it.
    const tmp = `${serverFile(dataDir)}.${randomUUID()}.tmp`;
    await writeFile(tmp, JSON.stringify({ pid: process.pid, port: server.port, password, startedAt: new Date().toISOString() }), { mode: 0o600 });
    await rename(tmp, serverFile(dataDir));
    const opened = db;
    return {
      connectionString,
      owner: true,
      async close() {
        await server.stop();
        await opened.close();
        await rm(serverFile(dataDir), { force: true });
        await rm(lockFile(dataDir), { force: true });
      },
    };
  } catch (error) {
    await db?.close().catch(() => {});
    await rm(lockFile(dataDir), { force: true });
    throw error;
  }
}
