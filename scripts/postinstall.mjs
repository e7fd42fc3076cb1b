#!/usr/bin/env node
// `postinstall`: generates the Prisma client, bundles the playground and the dashboard and compiles dist/
// (`npm run build`), so that `npm install && npm start` does everything on a fresh machine.
// The tools for this are devDependencies: in a production install (`npm ci --omit=dev`, as in
// the Dockerfile's runtime stage, which also passes --ignore-scripts) there is nothing to build,
// and this says so and exits 0: dist/ must come from the build stage.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const installed = (name) => {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
};

const missing = ['prisma', 'typescript'].filter((name) => !installed(name));
if (missing.length) {
  console.warn(`postinstall: nothing built (${missing.join(', ')} not installed: a production install runs the dist/ built beforehand).`);
  process.exit(0);
}
for (const step of ['prisma-generate.mjs', 'build-playground.mjs', 'build-dashboard.mjs', 'build.mjs']) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', step)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
