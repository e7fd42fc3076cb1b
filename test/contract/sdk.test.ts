// The client libraries served at /api/v1/sdk/typescript and /api/v1/sdk/python, downloaded from
// the running service and used against it: the TypeScript one type-checked (strict) and run with
// tsx, the Python one run with the machine's python3 and only its standard library.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount, makeCustomer } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { projectRoot } from '../../src/paths.ts';

const run = promisify(execFile);
const hasPython = spawnSync('python3', ['--version']).status === 0;

let database: TestDatabase;
let app: TestApp;
let key: string;
let dir: string;
let expected: { customers: number; incidentTitle: string };

beforeAll(async () => {
  database = await databaseTargets()[0]!.create();
  app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '1000' });
  const account = await makeAccount(app.db.prisma, { name: 'SDK store' });
  for (let i = 0; i < 3; i++) await makeCustomer(app.db.prisma, account.id);
  key = (await keysService(app.db.prisma).createKey({ accountId: account.id, scopes: ['read', 'write'] })).key;
  const incident = await app.services.incidents.open({ title: 'SDK incident', severity: 'minor' });
  expected = { customers: 3, incidentTitle: incident.title };
  dir = mkdtempSync(path.join(tmpdir(), 'svc-sdk-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await app.close();
  await database.close();
});

/** What both scripts print: the results of the same calls. */
const outcome = () => ({
  me_scopes: ['read', 'write'],
  customers: 2,
  has_more: true,
  incident: expected.incidentTitle,
  tracked: true,
  csv_header: 'id,email,name',
  rss: true,
  no_key: [401, 'missing_authorization'],
  bad_hours: [400, 'invalid_parameter', 'hours'],
});

test('the TypeScript client type-checks under strict settings and works against the service', async () => {
  const res = await fetch(`${app.url}/api/v1/sdk/typescript`);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  writeFileSync(path.join(dir, 'svc-client.ts'), await res.text());
  writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}');
  writeFileSync(
    path.join(dir, 'use.ts'),
    `import { ApiError, ServiceClient } from './svc-client.ts';
const client = new ServiceClient({ baseUrl: process.env.SVC_BASE!, apiKey: process.env.SVC_KEY! });
const me = await client.getMe();
const page = await client.getCustomers({ limit: 2 });
const incidents = await client.getIncidents();
const tracked = await client.postTrack({ event: 'sdk.used', props: { lang: 'ts' } });
const csv = await client.getCustomers({ format: 'csv' });
const rss = await client.getChangelogRss();
const fail = async (call: () => Promise<unknown>) => { try { await call(); return null; } catch (e) { const err = e as ApiError; return [err.status, err.code, ...(err.param ? [err.param] : [])]; } };
console.log(JSON.stringify({
  me_scopes: me.scopes,
  customers: page.data.length,
  has_more: page.pagination.has_more,
  incident: incidents.data[0]?.title,
  tracked: tracked.ok,
  csv_header: csv.split('\\n')[0]!.split(',').slice(0, 3).join(','),
  rss: rss.includes('<rss version="2.0"'),
  no_key: await fail(() => new ServiceClient({ baseUrl: process.env.SVC_BASE! }).getMe()),
  bad_hours: await fail(() => client.getUptime({ hours: 0 })),
}));
`,
  );
  const tsc = path.join(projectRoot, 'node_modules/typescript/bin/tsc');
  await run(
    process.execPath,
    [
      tsc,
      '--noEmit',
      '--strict',
      '--noUnusedLocals',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--allowImportingTsExtensions',
      '--lib',
      'es2022,dom',
      '--types',
      'node',
      '--typeRoots',
      path.join(projectRoot, 'node_modules/@types'),
      path.join(dir, 'use.ts'),
    ],
    { cwd: dir },
  ).catch((error: { stdout: string }) => {
    throw new Error(`the generated client does not type-check:\n${error.stdout}`);
  });
  const { stdout } = await run(process.execPath, [path.join(projectRoot, 'bin/run-ts.js'), path.join(dir, 'use.ts')], {
    env: { ...process.env, SVC_BASE: app.url, SVC_KEY: key },
  });
  expect(JSON.parse(stdout)).toEqual(outcome());
});

(hasPython ? test : test.skip)('the Python client (standard library only) works against the service', async () => {
  const res = await fetch(`${app.url}/api/v1/sdk/python`);
  writeFileSync(path.join(dir, 'svc_client.py'), await res.text());
  writeFileSync(
    path.join(dir, 'use.py'),
    `import json, os, sys
sys.path.insert(0, os.path.dirname(__file__))
from svc_client import ApiError, Client

client = Client(base_url=os.environ["SVC_BASE"], api_key=os.environ["SVC_KEY"])

def fail(call):
    try:
        call()
        return None
    except ApiError as err:
        return [err.status, err.code] + ([err.param] if err.param else [])

page = client.get_customers(limit=2)
print(json.dumps({
    "me_scopes": client.get_me()["scopes"],
    "customers": len(page["data"]),
    "has_more": page["pagination"]["has_more"],
    "incident": client.get_incidents()["data"][0]["title"],
    "tracked": client.post_track({"event": "sdk.used", "props": {"lang": "py"}})["ok"],
    "csv_header": ",".join(client.get_customers(format="csv").split("\\n")[0].split(",")[:3]),
    "rss": '<rss version="2.0"' in client.get_changelog_rss(),
    "no_key": fail(lambda: Client(base_url=os.environ["SVC_BASE"]).get_me()),
    "bad_hours": fail(lambda: client.get_uptime(hours=0)),
}))
`,
  );
  // -I: isolated mode, so nothing outside the standard library (no site-packages) can be imported.
  const { stdout } = await run('python3', ['-I', path.join(dir, 'use.py')], { env: { ...process.env, SVC_BASE: app.url, SVC_KEY: key } });
  expect(JSON.parse(stdout)).toEqual(outcome());
});
