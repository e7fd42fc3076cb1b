// Jest runs the TypeScript sources as native ES modules (node --experimental-vm-modules, see the
// npm test script), transformed by SWC. Suites use real databases; see test/helpers/databases.ts.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // Makes the migrated template databases the suites copy, once per run (test/helpers/templates.ts).
  globalSetup: '<rootDir>/test/global-setup.mjs',
  // The slowest suites first (test/suite-times.json when jest has no timings of its own, as in CI).
  testSequencer: '<rootDir>/test/sequencer.mjs',
  maxWorkers: 2,
  // A worker whose heap holds more than this after a suite is replaced by a fresh one before the
  // next. Each suite's ES module graph stays reachable after it ends (about 80 to 150 MB a suite),
  // so without a limit both workers grew to 2 to 2.7 GB and the run's later suites took 1.5 to 2.3
  // times their recorded time (likely the garbage collector going through the old suites; with
  // this limit, in a run under some load, the later suites took 1.2 to 1.4 times).
  workerIdleMemoryLimit: '600MB',
  testTimeout: 120_000,
  verbose: false,
};
