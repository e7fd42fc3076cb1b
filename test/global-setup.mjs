// jest globalSetup, once per run before the first suite starts (CONTRIBUTING.md, "Test speed"):
// - makes the migrated template databases (scripts/test-templates.ts, test/helpers/templates.ts),
//   so that parallel workers do not each make them; in a child process, where the TypeScript
//   sources run through tsx;
// - decides how the tests' `svc` child processes run (test/helpers/cli.ts): the compiled dist/
//   when it is current (`scripts/build.mjs --check`: built after every source changed, as in CI
//   right after `npm ci`), which starts in about a quarter of the CPU time; the TypeScript
//   sources through tsx when dist/ is missing or stale, so a test never runs old code.
//   TEST_SVC_FROM_SOURCE=1 forces the sources. The answer reaches the workers as TEST_SVC_DIST.
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
  const check = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--check'], { cwd: root });
  process.env.TEST_SVC_DIST = process.env.TEST_SVC_FROM_SOURCE !== '1' && check.status === 0 ? '1' : '0';
}
