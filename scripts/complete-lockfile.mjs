#!/usr/bin/env node
// The npm registry these machines reach serves only this platform's prebuilt binaries, so npm
// cannot record the other platforms' optional packages (of @swc/core and unrs-resolver, for one),
// and `npm ci` then refuses the lock file as out of sync. This adds the missing entries with the
// version the parent pins and the os/cpu/libc their names state, so that `npm ci` skips them
// exactly as it skips other foreign-platform packages. Run after every dependency change:
//   npm install && node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.filter((t) => OS.includes(t));
  const cpu = tokens.filter((t) => CPU.includes(t));
  const libc = tokens.some((t) => t.startsWith('musl')) ? ['musl'] : tokens.some((t) => t.startsWith('gnu')) ? ['glibc'] : [];
  return cpu.length ? { os, cpu, libc } : null;
}

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/` : 'node_modules/';
    if (lock.packages[`${base}${dep}`] || lock.packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[`node_modules/${dep}`] = {
      version,
      ...(platform.cpu.length ? { cpu: platform.cpu } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc.length ? { libc: platform.libc } : {}),
      optional: true,
      ...(platform.os.length ? { os: platform.os } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} foreign-platform optional package entries`);
