// The prepared embedded database (src/db/template.ts): a new DATA_DIR starts from it only when its
// key (PGlite version and migrations) is current, never over an existing database, and whole.
// The template here is a stand-in folder; the real one is made by `npm run build` and used by the
// CLI tests and bench/startup.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyTemplate, dataOf, emptyImage, emptyImageOf, emptyKeyOf, keyFile, pgliteVersion, templateKey } from '../../src/db/template.ts';

let root: string;
let template: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'svc-template-'));
  template = path.join(root, 'template');
  mkdirSync(path.join(dataOf(template), 'base'), { recursive: true });
  writeFileSync(path.join(dataOf(template), 'PG_VERSION'), '17\n');
  writeFileSync(path.join(dataOf(template), 'base', 'file'), 'data');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('the key is stable and covers the migrations', async () => {
  const key = await templateKey();
  expect(key).toMatch(/^[0-9a-f]{64}$/);
  expect(await templateKey()).toBe(key);
});

test('a current template is copied whole into a new pgdata folder, with no temporary copy left', async () => {
  writeFileSync(keyFile(template), `${await templateKey()}\n`);
  const pgdata = path.join(root, 'data', 'pgdata');
  mkdirSync(path.dirname(pgdata));
  expect(await copyTemplate(pgdata, template)).toBe(true);
  expect(readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8')).toBe('17\n');
  expect(readFileSync(path.join(pgdata, 'base', 'file'), 'utf8')).toBe('data');
  expect(readdirSync(path.dirname(pgdata))).toEqual(['pgdata']);
});

test('a stale or missing key, a missing template, or an existing pgdata: nothing is copied', async () => {
  const pgdata = path.join(root, 'pgdata');
  expect(await copyTemplate(pgdata, template)).toBe(false); // no key
  writeFileSync(keyFile(template), 'f'.repeat(64));
  expect(await copyTemplate(pgdata, template)).toBe(false); // another PGlite or other migrations
  expect(await copyTemplate(pgdata, path.join(root, 'none'))).toBe(false);
  expect(existsSync(pgdata)).toBe(false);

  writeFileSync(keyFile(template), await templateKey());
  mkdirSync(pgdata);
  expect(await copyTemplate(pgdata, template)).toBe(false); // never over an existing folder
  expect(readdirSync(pgdata)).toEqual([]);
});

test('the empty cluster image is used only with the key of the installed PGlite', async () => {
  const dir = path.join(root, 'with-empty');
  mkdirSync(dir);
  expect(await emptyImage(dir)).toBeNull(); // none made
  writeFileSync(emptyImageOf(dir), 'gzipped tar bytes');
  expect(await emptyImage(dir)).toBeNull(); // no key
  writeFileSync(emptyKeyOf(dir), 'pglite 0.0.1\n');
  expect(await emptyImage(dir)).toBeNull(); // another PGlite's
  writeFileSync(emptyKeyOf(dir), `${await pgliteVersion()}\n`);
  const image = await emptyImage(dir);
  expect(image).not.toBeNull();
  expect(await image!.text()).toBe('gzipped tar bytes');
});
