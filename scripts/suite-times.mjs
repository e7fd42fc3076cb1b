#!/usr/bin/env node
// Refreshes test/suite-times.json, the seconds per suite that test/sequencer.mjs reads to start the
// slowest suites first where jest has no timings of its own (CI, from a fresh clone). Reads a
// run's `jest --json` output (.ci/run writes it to test-artifacts/jest-results.json):
//   node scripts/suite-times.mjs [results.json]
// The suites of the run get their time in it; suites it did not run keep the time recorded before
// (so a partial run refreshes only its own); suites whose file is gone are dropped. Take the times
// of a whole run on two workers (`.ci/run`), as CI has them: the order is what matters, and a suite
// timed alone on a quiet machine looks shorter than it is among the others.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testDir = path.join(root, 'test');
const timesFile = path.join(testDir, 'suite-times.json');
const resultsFile = path.resolve(process.argv[2] ?? path.join(root, 'test-artifacts', 'jest-results.json'));

const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
const recorded = JSON.parse(readFileSync(timesFile, 'utf8'));
const seconds = { ...recorded.seconds };
let refreshed = 0;
for (const suite of results.testResults ?? []) {
  if (typeof suite.startTime !== 'number' || typeof suite.endTime !== 'number') continue;
  // Relative to the suite's own test/ folder, so a run from another clone (CI's) names the same suites.
  const file = suite.name.split(path.sep).join('/');
  const name = file.slice(file.lastIndexOf('/test/') + '/test/'.length);
  seconds[name] = Math.round((suite.endTime - suite.startTime) / 100) / 10;
  refreshed++;
}
const kept = Object.entries(seconds)
  .filter(([name]) => existsSync(path.join(testDir, name)))
  .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
writeFileSync(timesFile, `${JSON.stringify({ about: recorded.about, seconds: Object.fromEntries(kept) }, null, 2)}\n`);
console.log(`suite-times: ${refreshed} suites timed from ${path.relative(root, resultsFile)}, ${kept.length} in ${path.relative(root, timesFile)}`);
