// What `npm start` does for a newcomer: seed the demo account into an empty database, and make
// sure a demo API key (read, write) exists. The demo key is kept in DATA_DIR/demo-api-key (mode
// 0600) so that a restart can print it again; only its hash is in the database.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { PrismaClient } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { DEMO_ACCOUNT_ID, seedDemoAccount } from './seed.ts';

export interface DemoInfo {
  accountId: string;
  key: string;
  keyCreated: boolean;
  seeded: boolean;
}

export async function ensureDemo(prisma: PrismaClient, services: Services, config: Readonly<Config>): Promise<DemoInfo | null> {
  let seeded = false;
  if (config.demoSeed && (await services.accounts.countAccounts()) === 0) {
    seeded = (await seedDemoAccount(prisma)).created;
  }
  const account = await services.accounts.getAccount(DEMO_ACCOUNT_ID).catch(() => null);
  if (!account) return null;
  const keyFile = path.join(config.database.dataDir, 'demo-api-key');
  const saved = (await readFile(keyFile, 'utf8').catch(() => '')).trim();
  if (saved) {
    const row = await services.keys.findKey(saved);
    if (row && row.accountId === DEMO_ACCOUNT_ID && !row.revokedAt && (!row.expiresAt || row.expiresAt > new Date())) {
      return { accountId: DEMO_ACCOUNT_ID, key: saved, keyCreated: false, seeded };
    }
  }
  const created = await services.keys.createKey({ accountId: DEMO_ACCOUNT_ID, scopes: ['read', 'write'], environment: 'test', name: 'demo' });
  await mkdir(config.database.dataDir, { recursive: true });
  await writeFile(keyFile, `${created.key}\n`, { mode: 0o600 });
  return { accountId: DEMO_ACCOUNT_ID, key: created.key, keyCreated: true, seeded };
}
