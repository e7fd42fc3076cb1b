// jest globalSetup: makes the migrated template databases once, before the first suite starts
// (scripts/test-templates.ts, test/helpers/templates.ts), so that parallel workers do not each
// make them. In a child process: the TypeScript sources run through tsx there.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default function globalSetup() {
  const result = spawnSync(process.execPath, [path.join(root, 'bin', 'run-ts.js'), path.join(root, 'scripts', 'test-templates.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`test templates could not be made:\n${result.stdout}${result.stderr}`);
  if (process.env.TEST_TEMPLATES_VERBOSE) process.stderr.write(result.stdout);
}
