// house/no-import-cycle: no module may reach itself through imports, type-only imports included.
// import-x/no-cycle (and import/no-cycle) skip `import type` edges by design, but the house rule
// counts them: a type-only cycle still ties two modules together (a change to one re-types the
// other, and the pair can no longer be split or moved alone). All project imports are relative
// with an explicit extension (allowImportingTsExtensions), so the graph is built from relative
// specifiers only; packages cannot close a cycle through the project.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOTS = ['src', 'rest-compat', 'test', 'bench', 'scripts'];
const SKIP_DIRS = new Set(['node_modules', '__generated__', '.git']);

/** The file a relative specifier names: `.ts` as written, `.js` mapped to its `.ts` source. */
export function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, path.join(base, 'index.ts')];
  for (const candidate of candidates) if (/\.(ts|mts)$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

function sourceFiles(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Every relative import, re-export and dynamic import of a file, `import type` included. */
function importsOf(file) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = new Set();
  for (const ref of info.importedFiles) {
    const target = resolveSpecifier(file, ref.fileName);
    if (target) targets.add(target);
  }
  return targets;
}

/** Strongly connected components (Tarjan) of the project graph: file -> its component's members. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const member = new Map();
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const group = new Set();
      let top;
      do {
        top = stack.pop();
        onStack.delete(top);
        group.add(top);
      } while (top !== node);
      for (const file of group) member.set(file, group);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return member;
}

const cache = new Map();
function projectGraph(root) {
  if (!cache.has(root)) {
    const graph = new Map();
    for (const dir of ROOTS) {
      const full = path.join(root, dir);
      if (existsSync(full)) for (const file of sourceFiles(full, [])) graph.set(file, importsOf(file));
    }
    cache.set(root, { graph, member: components(graph) });
  }
  return cache.get(root);
}

/** The shortest way back from `from` to `to` inside one component, for the message. */
function pathBack(graph, group, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const node = queue.shift();
    if (node === to) break;
    for (const next of graph.get(node) ?? []) {
      if (group.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  const route = [];
  for (let node = to; node; node = previous.get(node)) route.unshift(node);
  return route;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between project modules, type-only imports included' },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{route}}. Type-only imports count. Modules must form a one-way graph (doors -> domain module ' +
        'indexes -> services/repos -> db); move the shared declaration down into the module both sides import, or ' +
        'pass the dependency in from the composition root instead of importing it back.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const { graph, member } = projectGraph(context.cwd);
    const group = member.get(file);
    if (!group || group.size < 2) return {};
    const root = context.cwd;
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(file, specifier);
      if (!target || !group.has(target)) return;
      const route = [file, ...pathBack(graph, group, target, file)].map((f) => path.relative(root, f)).join(' -> ');
      context.report({ node, messageId: 'cycle', data: { route } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
