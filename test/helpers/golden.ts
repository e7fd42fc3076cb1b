// Golden v1 bodies: whole response bodies kept as JSON files beside the contract tests
// (test/contract/golden/<name>.json). What differs per run (ids, timestamps, secrets) is written
// as a "{{name}}" string and supplied by the test, as a value or as the same matcher it used
// inline (expect.stringMatching(ISO), say). Every hole must be filled and every value used.
import { readFileSync } from 'node:fs';

const HOLE = /^\{\{(\w+)\}\}$/;

export function golden(name: string, values: Record<string, unknown> = {}): unknown {
  const text = readFileSync(new URL(`../contract/golden/${name}.json`, import.meta.url), 'utf8');
  const unused = new Set(Object.keys(values));
  const fill = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const hole = HOLE.exec(node)?.[1];
      if (hole === undefined) return node;
      if (!(hole in values)) throw new Error(`golden ${name}: no value for {{${hole}}}`);
      unused.delete(hole);
      return values[hole];
    }
    if (Array.isArray(node)) return node.map(fill);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fill(v)]));
    return node;
  };
  const body = fill(JSON.parse(text));
  if (unused.size) throw new Error(`golden ${name}: ${[...unused].join(', ')} not in the file`);
  return body;
}
