// The embedded database's webhook secret key (and the dashboard session key, the same way): generated once into the data directory (0600, the
// directory is 0700) when WEBHOOK_SECRET_KEY is not set, and read from there by every process that
// opens the same directory (the server, svc commands, the worker).
import { randomBytes } from 'node:crypto';
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SECRET_KEY_FILE = 'webhook-secret.key';
/** The key of the dashboard sessions this service signs, when SESSION_SECRET is not set (the same rules). */
export const SESSION_KEY_FILE = 'session-secret.key';

/**
 * Creates `file` (0600) holding `content` unless it exists, and returns what the file holds: ours,
 * or the content of the process that created it first. The content is written whole to a temporary
 * file of the same directory, then linked into place (link() fails with EEXIST when the name is
 * taken and never replaces it), so no process can read the file half written or empty.
 */
export async function createFileOnce(file: string, content: string): Promise<string> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(8).toString('hex')}.tmp`);
  try {
    await writeFile(temp, content, { mode: 0o600, flag: 'wx' });
    await link(temp, file);
    return content;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFile(file, 'utf8');
  } finally {
    await rm(temp, { force: true }).catch(() => {});
  }
}

export async function embeddedSecretKey(dataDir: string, name = SECRET_KEY_FILE): Promise<string> {
  return (await createFileOnce(path.join(dataDir, name), randomBytes(32).toString('hex'))).trim();
}
