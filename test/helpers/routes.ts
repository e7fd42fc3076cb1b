// The routes a Fastify app answers, read from its route table (printRoutes' tree, whose nested
// lines carry only the part of the path below their parent: /customers then /segments).
import type { FastifyInstance } from 'fastify';

const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/;

/** "METHOD /path" for every route, HEAD and OPTIONS left out. */
export function servedRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false, includeHooks: false }).split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (depth ? stack[depth - 1]! : '') + match[2]!;
    stack.push(path);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
  }
  return routes.sort();
}
