// Shared by the browser bundles (scripts/build-playground.mjs, scripts/build-dashboard.mjs): what
// they need before building and what they write after it. Every output file gets a gzip twin
// (served when the client accepts gzip) and manifest.json names them with their sizes.
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, constants } from 'node:zlib';

/** The packages of `names` that cannot be resolved from the project root (devDependencies missing). */
export function missingPackages(root, names) {
  const require = createRequire(path.join(root, 'package.json'));
  return names.filter((name) => {
    try {
      require.resolve(`${name}/package.json`);
      return false;
    } catch {
      return true;
    }
  });
}

/** The one JavaScript (and, when there is one, CSS) output of an esbuild build with a metafile. */
export function outputsOf(metafile) {
  const names = Object.keys(metafile.outputs).map((file) => path.basename(file));
  return { script: names.find((name) => name.endsWith('.js')), style: names.find((name) => name.endsWith('.css')) };
}

/** Writes a gzip twin of every file of `out` (source maps aside) and manifest.json: `fields` plus the file list and sizes. */
export function writeManifest(out, fields) {
  const files = readdirSync(out).filter((name) => !name.endsWith('.map') && !name.endsWith('.gz') && name !== 'manifest.json');
  let raw = 0;
  let gzipped = 0;
  for (const name of files) {
    const body = readFileSync(path.join(out, name));
    const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    writeFileSync(path.join(out, `${name}.gz`), gz);
    raw += body.length;
    gzipped += gz.length;
  }
  const manifest = { ...fields, files, bytes: raw, gzipBytes: gzipped };
  writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Whether folders `a` and `b` hold the same file names with the same bytes (flat folders). */
function sameFiles(a, b) {
  if (!existsSync(a) || !existsSync(b)) return false;
  const names = readdirSync(a).sort();
  const others = readdirSync(b).sort();
  if (names.join('\n') !== others.join('\n')) return false;
  return names.every((name) => readFileSync(path.join(a, name)).equals(readFileSync(path.join(b, name))));
}

/**
 * Moves the freshly built `staging` folder to `out`, unless `out` already holds the same bytes:
 * then `staging` is removed and `out` is left untouched (its files keep their times). Returns
 * whether `out` was replaced.
 */
export function replaceIfChanged(staging, out) {
  if (sameFiles(staging, out)) {
    rmSync(staging, { recursive: true, force: true });
    return false;
  }
  rmSync(out, { recursive: true, force: true });
  try {
    renameSync(staging, out);
  } catch (error) {
    // Another build of the same sources (a second jest worker) put its output there meanwhile.
    if (!['ENOTEMPTY', 'EEXIST'].includes(error.code) || !sameFiles(staging, out)) throw error;
    rmSync(staging, { recursive: true, force: true });
  }
  return true;
}
