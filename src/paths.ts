// The project's root folder, from which prisma/, schema/, content/ and the data directory are
// found. This file is src/paths.ts, or dist/src/paths.js once compiled (`npm run build`): both
// resolve to the folder that holds package.json.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = import.meta.url.endsWith('.js') && path.basename(sourceRoot) === 'dist';

export const projectRoot = compiled ? path.dirname(sourceRoot) : sourceRoot;
