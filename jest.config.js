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
  testTimeout: 120_000,
  verbose: false,
};
