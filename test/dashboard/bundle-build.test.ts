// scripts/build-dashboard.mjs run again on unchanged sources (the browser suites do it before they
// start) leaves its output alone: the same files with their times, so a dist/ built after it stays
// current (scripts/build.mjs compares times) and the tests' `svc` children keep running it
// (test/global-setup.mjs). It rewrote every file before, which made dist/ stale in the middle of a run.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../src/paths.ts';

const out = path.join(projectRoot, 'src/http/dashboard/__generated__');

function build(): string {
  const result = spawnSync(process.execPath, ['scripts/build-dashboard.mjs'], { cwd: projectRoot, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`build-dashboard failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Each output file with its modification time. */
const snapshot = () =>
  Object.fromEntries(
    readdirSync(out)
      .sort()
      .map((name) => [name, statSync(path.join(out, name)).mtimeMs]),
  );

test('a rebuild of unchanged sources leaves the bundle files and their times as they were', () => {
  build(); // the bundle of the sources as they are now
  const before = snapshot();
  expect(Object.keys(before)).toContain('manifest.json');
  const again = build();
  expect(again).toContain('unchanged');
  expect(snapshot()).toEqual(before);
  // No staging folder left beside the output.
  expect(readdirSync(path.dirname(out)).filter((name) => name.startsWith('__generated__.'))).toEqual([]);
});
