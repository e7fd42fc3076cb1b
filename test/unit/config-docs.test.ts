// Issue 23, item 5: the settings are listed in three places that drifted apart (.env.example lacked
// 15 of the README's variables). The config schema (src/config.ts) is what the service reads; the
// README's "Configuration" table and .env.example must name every variable of it, and nothing
// else, with the schema's default where it has a fixed one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { configVariables, loadConfig } from '../../src/config.ts';
import { projectRoot } from '../../src/paths.ts';

const NAME = /^[A-Z][A-Z0-9_]+$/;
const schemaNames = Object.keys(configVariables).sort();

/** The README's configuration table: each row's variables (first cell) and its default cell. */
function readmeRows(): Array<{ names: string[]; defaults: string }> {
  const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
  const section = /^## Configuration\n([\s\S]*?)^## /m.exec(readme)?.[1];
  if (!section) throw new Error('README.md: no "## Configuration" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [names = '', defaults = ''] = line.split(' | ');
      return { names: [...names.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((n) => NAME.test(n)), defaults };
    });
}

/** `# NAME=value   # comment` lines of .env.example: name -> value. */
function envExample(): Map<string, string> {
  const text = readFileSync(path.join(projectRoot, '.env.example'), 'utf8');
  return new Map([...text.matchAll(/^# ?([A-Z][A-Z0-9_]+)=(\S*)/gm)].map((m) => [m[1]!, m[2]!]));
}

/** The schema's default when it is a fixed number, string or boolean (not computed from other variables). */
function fixedDefault(name: string): string | undefined {
  const parsed = (configVariables[name as keyof typeof configVariables] as z.ZodType).safeParse(undefined);
  return parsed.success && ['number', 'string', 'boolean'].includes(typeof parsed.data) ? String(parsed.data) : undefined;
}

test('the README table names every variable of the config schema, and only those', () => {
  const documented = readmeRows().flatMap((row) => row.names);
  expect([...new Set(documented)].sort()).toEqual(schemaNames);
  expect(documented.length).toBe(new Set(documented).size);
});

test('.env.example names every variable of the config schema, and only those', () => {
  expect([...envExample().keys()].sort()).toEqual(schemaNames);
});

test('the README and .env.example give the schema default where it is fixed', () => {
  const example = envExample();
  const rows = readmeRows();
  const wrong: string[] = [];
  for (const name of schemaNames) {
    const fixed = fixedDefault(name);
    if (fixed === undefined) continue;
    if (example.get(name) !== fixed) wrong.push(`.env.example: ${name}=${example.get(name)}, the schema's default is ${fixed}`);
    const row = rows.find((r) => r.names.includes(name));
    if (row && !row.defaults.includes(`\`${fixed}\``)) wrong.push(`README: ${name}'s default cell "${row.defaults}" lacks \`${fixed}\``);
  }
  expect(wrong).toEqual([]);
});

test('.env.example, uncommented, is a valid configuration', () => {
  const example = envExample();
  const env = Object.fromEntries([...example].filter(([, value]) => value !== ''));
  expect(() => loadConfig({ env, envFile: null })).not.toThrow();
});
