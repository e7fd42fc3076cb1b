// The embedded database: PGlite with its files under the data directory, served in-process over
// the PostgreSQL wire protocol so that the service uses one driver path (pg + @prisma/adapter-pg)
// on every database. One process owns the files; others reach it through its port.
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PgliteServer } from './pglite-server.ts';

export interface EmbeddedDatabase {
  connectionString: string;
  /** True when this process owns the files; false when it reaches another process's server. */
  owner: boolean;
  close(): Promise<void>;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`the embedded database in ${dataDir} is in use by process ${pid}; stop it first (or set DATA_DIR to another folder)`);
  }
}

const lockFile = (dir: string) => path.join(dir, 'embedded.lock');
const serverFile = (dir: string) => path.join(dir, 'server.json');

function connectionStringFor(port: number): string {
  return `postgresql://postgres@127.0.0.1:${port}/postgres`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Serves a PGlite (already created) on an ephemeral loopback port. */
export async function serve(db: PGlite): Promise<{ server: PgliteServer; connectionString: string }> {
  const server = new PgliteServer(db);
  await server.start();
  return { server, connectionString: connectionStringFor(server.port) };
}

/** A throwaway in-memory database, for tests and for the schema engine's shadow database. */
export async function openMemoryDatabase(): Promise<EmbeddedDatabase> {
  const db = await PGlite.create();
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

/** Takes the data directory's lock, or reports who holds it. */
async function takeLock(dataDir: string): Promise<{ held: true } | { held: false; pid: number }> {
  for (let tries = 0; tries < 3; tries++) {
    try {
      const handle = await open(lockFile(dataDir), 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { held: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(lockFile(dataDir), 'utf8').catch(() => '')).trim());
      if (pid && pid !== process.pid && isAlive(pid)) return { held: false, pid };
      await rm(lockFile(dataDir), { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

/**
 * Opens the embedded database in dataDir. If another live process owns it, returns a connection
 * to that process's server instead (unless exclusive, as for `svc serve`, which then fails).
 */
export async function openEmbeddedDatabase(dataDir: string, opts: { exclusive?: boolean } = {}): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  const lock = await takeLock(dataDir);
  if (!lock.held) {
    if (opts.exclusive) throw new DataDirInUseError(dataDir, lock.pid);
    const info = JSON.parse(await readFile(serverFile(dataDir), 'utf8').catch(() => '{}')) as { pid?: number; port?: number };
    if (info.pid !== lock.pid || !info.port) throw new DataDirInUseError(dataDir, lock.pid);
    return { connectionString: connectionStringFor(info.port), owner: false, close: async () => {} };
  }
  let db: PGlite | null = null;
  try {
    db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
    const { server, connectionString } = await serve(db);
    await writeFile(serverFile(dataDir), JSON.stringify({ pid: process.pid, port: server.port, startedAt: new Date().toISOString() }));
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
