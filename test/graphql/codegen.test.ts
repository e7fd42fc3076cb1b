// The committed resolver types are what codegen.yml makes from schema/*.graphql today
// (scripts/codegen-check.mjs regenerates them into a temporary directory and compares; it runs
// outside Jest's module sandbox, which cannot load codegen's plugins). Fix with `npm run codegen`.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { projectRoot } from '../../src/paths.ts';

it('src/graphql/__generated__ is up to date with schema/*.graphql and codegen.yml', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(projectRoot, 'scripts/codegen-check.mjs')], { cwd: projectRoot });
  expect(stdout.trim()).toBe('GraphQL codegen output is up to date');
});
