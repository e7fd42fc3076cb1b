// Fails (exit 1) when the committed GraphQL codegen output is stale: regenerates it from
// codegen.yml into a temporary directory and compares it with the committed file byte for byte.
// Run by test/graphql/codegen.test.ts (CI). Fix a failure with `npm run codegen`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, loadCodegenConfig } from '@graphql-codegen/cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const temp = mkdtempSync(path.join(tmpdir(), 'codegen-check-'));
try {
  const { config } = await loadCodegenConfig({ configFilePath: path.join(root, 'codegen.yml') });
  // The same generation, written under the temporary directory instead of the checkout.
  const generates = Object.fromEntries(Object.entries(config.generates).map(([file, options]) => [path.join(temp, file), options]));
  await generate({ ...config, generates, cwd: root, silent: true }, true);
  const stale = [];
  for (const file of Object.keys(config.generates)) {
    const fresh = readFileSync(path.join(temp, file), 'utf8');
    let committed = null;
    try {
      committed = readFileSync(path.join(root, file), 'utf8');
    } catch {
      // not committed yet: reported as stale below
    }
    if (committed !== fresh) stale.push(file);
  }
  if (stale.length) {
    console.error(`stale GraphQL codegen output: ${stale.join(', ')} (run npm run codegen)`);
    process.exitCode = 1;
  } else console.log('GraphQL codegen output is up to date');
} finally {
  rmSync(temp, { recursive: true, force: true });
}
