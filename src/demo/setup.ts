// What `npm start` does for a newcomer (unless DEMO_SEED is off): seed the demo account into an
// empty database, and make sure a demo API key (read, write) exists. The demo key is kept in
// DATA_DIR/demo-api-key (mode 0600, DATA_DIR mode 0700) so that a restart can print it again;
// only its hash is in the database.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { PrismaClient } from '../db/client.ts';
import type { Services } from '../services.ts';
import { DEMO_ACCOUNT_ID, seedDemoAccount, type SeedProgress } from './seed.ts';
import { keyState } from '../domain/keys/index.ts';

export interface DemoInfo {
  accountId: string;
  key: string;
  keyCreated: boolean;
  seeded: boolean;
}

/** Creates dir with mode 0700, or narrows an existing one to 0700 when this user owns it. */
async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  const info = await stat(dir);
  if ((info.mode & 0o777) !== 0o700 && info.uid === process.getuid?.()) await chmod(dir, 0o700);
}

/** Writes file whole or not at all, readable by its owner only: a temporary file, then a rename. */
async function writePrivateFile(file: string, content: string): Promise<void> {
  const temp = path.join(path.dirname(file), `${path.basename(file)}.${randomBytes(8).toString('hex')}.tmp`);
  try {
    await writeFile(temp, content, { mode: 0o600, flag: 'wx' });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => {});
    throw error;
  }
}

/** "seeding demo store: 12,000/20,000 orders" after each batch of orders; one line per other large table. */
export function seedProgressLines(say: (line: string) => void): SeedProgress {
  const n = (value: number) => value.toLocaleString('en-US');
  return (table, done, total) => {
    if (table === 'orders' || done === total) say(`seeding demo store: ${n(done)}/${n(total)} ${table}`);
  };
}

export async function ensureDemo(prisma: PrismaClient, services: Services, config: Readonly<Config>, say?: (line: string) => void): Promise<DemoInfo | null> {
  if (!config.demoSeed) return null;
  let seeded = false;
  if ((await services.accounts.countAccounts()) === 0) {
    say?.('seeding demo store: generating its history');
    seeded = (await seedDemoAccount(prisma, say ? { progress: seedProgressLines(say) } : {})).created;
  }
  const account = await services.accounts.getAccount(DEMO_ACCOUNT_ID).catch(() => null);
  if (!account) return null;
  const dataDir = config.database.dataDir;
  await ensurePrivateDir(dataDir);
  const keyFile = path.join(dataDir, 'demo-api-key');
  const saved = (await readFile(keyFile, 'utf8').catch(() => '')).trim();
  if (saved) {
    const row = await services.keys.findKey(saved);
    if (row && row.accountId === DEMO_ACCOUNT_ID && keyState(row, new Date()) === 'active') {
      return { accountId: DEMO_ACCOUNT_ID, key: saved, keyCreated: false, seeded };
    }
  }
  const created = await services.keys.createKey({ accountId: DEMO_ACCOUNT_ID, scopes: ['read', 'write'], environment: 'test', name: 'demo' });
  await writePrivateFile(keyFile, `${created.key}\n`);
  return { accountId: DEMO_ACCOUNT_ID, key: created.key, keyCreated: true, seeded };
}
