// Key files created once (src/db/secret-key-file.ts): written whole to a temporary file and linked
// into place, so callers racing on the same name all get the first one's content, an existing file
// is never replaced, and no temporary file is left behind.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFileOnce, embeddedSecretKey } from '../../src/db/secret-key-file.ts';

describe('createFileOnce', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'key-file-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('callers racing on one name all get the content that was linked first', async () => {
    const file = path.join(dir, 'session-secret.key');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => createFileOnce(file, `content-${i}`)));
    const stored = await readFile(file, 'utf8');
    expect(stored).toMatch(/^content-\d+$/);
    expect(new Set(results)).toEqual(new Set([stored]));
    expect(await readdir(dir)).toEqual(['session-secret.key']);
  });

  test('an existing file is kept; embeddedSecretKey reads it, or creates a 64-hex key (0600)', async () => {
    const file = path.join(dir, 'webhook-secret.key');
    await writeFile(file, 'theirs\n');
    expect(await createFileOnce(file, 'mine')).toBe('theirs\n');
    expect(await embeddedSecretKey(dir)).toBe('theirs');
    const created = await embeddedSecretKey(dir, 'other.key');
    expect(created).toMatch(/^[0-9a-f]{64}$/);
    expect(await embeddedSecretKey(dir, 'other.key')).toBe(created);
    if (process.platform !== 'win32') {
      expect((await stat(path.join(dir, 'other.key'))).mode & 0o777).toBe(0o600);
    }
    expect((await readdir(dir)).sort()).toEqual(['other.key', 'webhook-secret.key']);
  });
});
