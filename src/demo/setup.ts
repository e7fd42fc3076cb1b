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
import { createFileOnce } from '../db/secret-key-file.ts';

export interface DemoInfo {
  accountId: string;
  key: string;
  keyCreated: boolean;
  seeded: boolean;
  /** The demo owner's dashboard sign-in; password null when it was changed in the dashboard (the saved one no longer works). */
  dashboard: { email: string; password: string | null };
}

/** The demo account's dashboard owner (a reserved .example domain, RFC 2606: no real mailbox). */
export const DEMO_OWNER_EMAIL = 'owner@demo.example';
const PASSWORD_FILE = 'demo-dashboard-password';
/** The fingerprint of the last start's successful check of that password (users' matchFingerprint). */
const CHECKED_FILE = 'demo-dashboard-password.checked';

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
  const dashboard = await ensureDemoOwner(services, dataDir);
  const saved = (await readFile(keyFile, 'utf8').catch(() => '')).trim();
  if (saved) {
    const row = await services.keys.findKey(saved);
    if (row && row.accountId === DEMO_ACCOUNT_ID && keyState(row, new Date()) === 'active') {
      return { accountId: DEMO_ACCOUNT_ID, key: saved, keyCreated: false, seeded, dashboard };
    }
  }
  const created = await services.keys.createKey({ accountId: DEMO_ACCOUNT_ID, scopes: ['read', 'write'], environment: 'test', name: 'demo' });
  await writePrivateFile(keyFile, `${created.key}\n`);
  return { accountId: DEMO_ACCOUNT_ID, key: created.key, keyCreated: true, seeded, dashboard };
}

/**
 * The demo owner (no password change required), with a random password kept in
 * DATA_DIR/demo-dashboard-password (0600) so that every start can print it. Not part of the seed:
 * the seed stays deterministic, the password is not.
 */
async function ensureDemoOwner(services: Services, dataDir: string): Promise<DemoInfo['dashboard']> {
  const file = path.join(dataDir, PASSWORD_FILE);
  let password = (await readFile(file, 'utf8').catch(() => '')).trim();
  // Created only if absent (never replaced): two processes starting together keep the first password.
  if (!password) password = (await createFileOnce(file, `${randomBytes(12).toString('base64url')}\n`)).trim();
  // An empty file (left by an older version stopped mid-write) is replaced.
  if (!password) {
    password = randomBytes(12).toString('base64url');
    await writePrivateFile(file, `${password}\n`);
  }
  // Checking the saved password costs a scrypt hash (about 70 ms of CPU and 32 MiB at every warm
  // start); the fingerprint of the last match skips it while neither the password nor its stored hash changed.
  const checkedFile = path.join(dataDir, CHECKED_FILE);
  const lastMatch = (await readFile(checkedFile, 'utf8').catch(() => '')).trim();
  const check = await services.users.checkPasswordByEmail(DEMO_OWNER_EMAIL, password, lastMatch || undefined);
  const fingerprint = check
    ? check.fingerprint
    : (await services.users.createUser({ accountId: DEMO_ACCOUNT_ID, email: DEMO_OWNER_EMAIL, role: 'owner', password })).fingerprint;
  if (fingerprint && fingerprint !== lastMatch) await writePrivateFile(checkedFile, `${fingerprint}\n`);
  return { email: DEMO_OWNER_EMAIL, password: fingerprint ? password : null };
}
