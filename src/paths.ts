// The project's root folder, from which prisma/, schema/, content/ and the data directory are
// found. This file is src/paths.ts, or part of a chunk of dist/app/ in the server's bundle
// (`npm run build`): both resolve to the folder that holds package.json.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = import.meta.url.endsWith('.js') && path.basename(sourceRoot) === 'dist';

export const projectRoot = compiled ? path.dirname(sourceRoot) : sourceRoot;

/**
 * src/http of the sources, or dist/src/http of a build (where the build copies the playground's and
 * the dashboard's bundles): their `<name>/__generated__` folders.
 */
export const httpAssetsDir = path.join(sourceRoot, 'src', 'http');
