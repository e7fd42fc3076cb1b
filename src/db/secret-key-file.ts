// The embedded database's webhook secret key: generated once into the data directory (0600, the
// directory is 0700) when WEBHOOK_SECRET_KEY is not set, and read from there by every process that
// opens the same directory (the server, svc commands, the worker).
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SECRET_KEY_FILE = 'webhook-secret.key';

export async function embeddedSecretKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, SECRET_KEY_FILE);
  try {
    // 'wx': created only if absent, so two processes starting together keep the first key.
    await writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(file, 'utf8')).trim();
}
