#!/usr/bin/env node
// `postinstall`: generates the Prisma client, bundles the playground and the dashboard and compiles dist/
// (`npm run build`), so that `npm install && npm start` does everything on a fresh machine.
// The tools for this are devDependencies: a production install (`npm ci --omit=dev`, with or
// without --omit=optional; the Dockerfile's runtime stage also passes --ignore-scripts) has nothing
// to build with, and this says so and exits 0: dist/ must come from a full install (the build stage).
//
// Which install this is: npm's own word when it gives one (an explicit `--omit=dev` reaches the
// script as npm_config_omit; `--production` or NODE_ENV=production do not), else the tools.
// `prisma` and `typescript` alone do not tell: they are optional peers of @prisma/client and arrive
// in a production install unless optional packages are omitted too. esbuild, which every build
// step needs, is reachable from devDependencies only (package-lock.json marks it `"dev": true`), so
// no production install has it.
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

/** Why this install has nothing to build, or null when it is a development install. */
function productionInstall() {
  const omitted = (process.env.npm_config_omit ?? '').split(/[\s,]+/);
  if (omitted.includes('dev')) return 'npm was told to omit devDependencies';
  const missing = ['esbuild', 'prisma', 'typescript'].filter((name) => !installed(name));
  return missing.length ? `${missing.join(', ')} not installed` : null;
}

const reason = productionInstall();
if (reason) {
  console.warn(`postinstall: nothing built (${reason}: a production install runs the dist/ built beforehand).`);
  process.exit(0);
}
for (const step of ['prisma-generate.mjs', 'build-playground.mjs', 'build-dashboard.mjs', 'build.mjs']) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', step)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
