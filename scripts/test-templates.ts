// Makes the migrated template databases the test suites copy (test/helpers/templates.ts): run
// once per test run by jest's globalSetup (test/global-setup.mjs), or by hand.
import { prepareTemplates } from '../test/helpers/templates.ts';

const started = Date.now();
const made = await prepareTemplates();
console.log(`test templates: ${made.join(', ')} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
