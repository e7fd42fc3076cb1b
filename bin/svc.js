#!/usr/bin/env node
// The `svc` command. Runs the compiled CLI, dist/svc.js (`npm run build`, run by `postinstall`),
// with plain node. Where dist/ is missing but the sources and the build tools are
// there (a checkout installed with --ignore-scripts, or after `rm -rf dist`), it builds first.
// SVC_FROM_SOURCE=1 runs the TypeScript sources through tsx instead (a devDependency): the tests
// and `npm run dev` do that, so they never run a stale dist/.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(root, 'dist', 'svc.js');
const buildScript = path.join(root, 'scripts', 'build.mjs');

async function run() {
  if (process.env.SVC_FROM_SOURCE === '1') {
    const { register } = await import('tsx/esm/api');
    register();
    const { main } = await import(pathToFileURL(path.join(root, 'src', 'cli.ts')).href);
    process.exitCode = await main(process.argv.slice(2));
    return;
  }
  if (!existsSync(compiled)) {
    if (!existsSync(buildScript) || !existsSync(path.join(root, 'src'))) {
      console.error(`svc: ${path.relative(process.cwd(), compiled) || compiled} is missing and this installation has no sources to build it from.`);
      process.exit(1);
    }
    console.error('svc: dist/ is missing; building it once (npm run build)…');
    const result = spawnSync(process.execPath, [buildScript], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
    if (result.status !== 0) process.exit(1);
  }
  // dist/svc.js runs the command with this process's arguments.
  await import(pathToFileURL(compiled).href);
}

await run();
