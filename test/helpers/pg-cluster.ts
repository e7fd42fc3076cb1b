// A PostgreSQL cluster a test starts, stops and restarts itself: its own data directory and port
// (never the shared server on 5432), made with initdb and driven with pg_ctl from
// /usr/lib/postgresql/<version>/bin. Run as the postgres user when the tests run as root (initdb
// refuses root). `findPgBinaries` says why not when the machine cannot do it, for a clear skip.
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PgBinaries {
  bin: string;
  /** Run as this user (uid, gid) through runuser; null when the tests are not root. */
  asUser: { name: string; uid: number; gid: number } | null;
}

/** The newest installed PostgreSQL's binaries, or the reason the fault test cannot run here. */
export function findPgBinaries(): PgBinaries | string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')) && existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    : [];
  if (!versions.length) return `no PostgreSQL binaries (initdb, pg_ctl) under ${root}/*/bin`;
  const bin = path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
  if (process.getuid?.() !== 0) return { bin, asUser: null };
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0 || gid.status !== 0) return 'running as root and there is no postgres user to run initdb as';
  if (spawnSync('runuser', ['--help']).status !== 0) return 'running as root and runuser is missing';
  return { bin, asUser: { name: 'postgres', uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) } };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  port: number;
  url: string;
  start(): Promise<void>;
  stop(mode: 'fast' | 'immediate' | 'smart'): Promise<void>;
  /** Stops (immediate) and removes the data directory. */
  destroy(): Promise<void>;
}

export async function createPgCluster(binaries: PgBinaries): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'svc-pgfault-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (binaries.asUser) {
    chownSync(dir, binaries.asUser.uid, binaries.asUser.gid);
    chmodSync(dir, 0o700);
  }
  const exec = (tool: string, args: string[]) => {
    const file = path.join(binaries.bin, tool);
    return binaries.asUser ? run('runuser', ['-u', binaries.asUser.name, '--', file, ...args], { cwd: dir }) : run(file, args, { cwd: dir });
  };
  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=40`;
  const cluster: PgCluster = {
    port,
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await exec('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
    },
    async stop(mode) {
      await exec('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    async destroy() {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
