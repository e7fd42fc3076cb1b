// jest testSequencer: the slowest suites first, so that the two workers end together instead of
// one running a three-minute suite alone at the end of the run. Jest's own sequencer orders by the
// times it recorded in its cache, and by file size when it has none, as in CI, which starts from
// a fresh clone: there a long suite could start last. Here a suite's time is the cache's when
// there is one, else the one recorded in test/suite-times.json (seconds of a whole run, refresh it
// from `npm test -- --json --outputFile=…`, CONTRIBUTING.md "Test speed"), else unknown: those
// run after the known ones, largest file first. Suites that failed last time still run first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Sequencer from '@jest/test-sequencer';

const testDir = path.dirname(fileURLToPath(import.meta.url));
const recorded = JSON.parse(readFileSync(path.join(testDir, 'suite-times.json'), 'utf8')).seconds;

export default class SlowestFirstSequencer extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const seconds = recorded[path.relative(testDir, test.path).split(path.sep).join('/')];
    return seconds == null ? undefined : seconds * 1000;
  }

  sort(tests) {
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    for (const test of tests) test.duration = this.time(test);
    return tests.sort((a, b) => {
      const failed = Number(this.hasFailed(b)) - Number(this.hasFailed(a));
      if (failed !== 0) return failed;
      const known = Number(b.duration != null) - Number(a.duration != null);
      if (known !== 0) return known;
      if (a.duration != null && b.duration != null && a.duration !== b.duration) return b.duration - a.duration;
      return size(b) - size(a);
    });
  }
}
