// `svc incidents open|update|resolve|list`: the operator manages the incidents that
// /api/v1/incidents publishes; bad arguments are exit 2, domain errors exit 1 with their code.
// The commands run while `svc serve` holds the data directory, as an operator runs them during an
// incident: each goes through the running server (one embedded database opened for the file, not
// one per command; a command on the files themselves: cli.test.ts).
import { jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { svc, svcBackground, CLI_TEST_TIMEOUT_MS } from '../helpers/cli.ts';

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

let dataDir: string;
const env = () => ({ DATA_DIR: dataDir });
const json = (stdout: string) => JSON.parse(stdout.trim());

let server: ReturnType<typeof svcBackground>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'svc-incidents-'));
  server = svcBackground(['serve'], { ...env(), PORT: '0' }, /API status\s+http:/);
  await server.started;
});
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('open, update, list and resolve an incident', async () => {
  const opened = await svc(['incidents', 'open', '--title', 'Elevated API errors', '--severity', 'major', '--body', 'Investigating.', '--json'], env());
  expect(opened.code).toBe(0);
  const incident = json(opened.stdout);
  expect(incident).toMatchObject({ id: expect.any(Number), title: 'Elevated API errors', severity: 'major', status: 'investigating', resolved_at: null });

  const updated = await svc(['incidents', 'update', String(incident.id), '--status', 'identified', '--severity', 'critical', '--json'], env());
  expect(updated.code).toBe(0);
  expect(json(updated.stdout)).toMatchObject({ id: incident.id, severity: 'critical', status: 'identified', body: 'Investigating.' });

  const listed = await svc(['incidents', 'list', '--json'], env());
  expect(json(listed.stdout).incidents.map((i: { id: number }) => i.id)).toEqual([incident.id]);

  const resolved = await svc(['incidents', 'resolve', String(incident.id), '--json'], env());
  expect(json(resolved.stdout)).toMatchObject({ status: 'resolved', resolved_at: expect.any(String) });

  // A resolved incident cannot be updated; an unknown one is not found.
  const late = await svc(['incidents', 'update', String(incident.id), '--status', 'monitoring', '--json'], env());
  expect([late.code, json(late.stdout).error]).toEqual([1, 'conflict']);
  const unknown = await svc(['incidents', 'resolve', '999999', '--json'], env());
  expect([unknown.code, json(unknown.stdout).error]).toEqual([1, 'not_found']);
});

test('bad arguments: exit 2 with the usage; a bad severity: exit 1, invalid_parameter', async () => {
  const missing = await svc(['incidents', 'open', '--title', 'No severity', '--json'], env());
  expect([missing.code, json(missing.stdout).error]).toEqual([2, 'invalid_arguments']);
  expect(missing.stderr).toContain('incidents open --title');
  const badId = await svc(['incidents', 'resolve', 'abc', '--json'], env());
  expect(badId.code).toBe(2);
  const badSeverity = await svc(['incidents', 'open', '--title', 'x', '--severity', 'apocalyptic', '--json'], env());
  expect([badSeverity.code, json(badSeverity.stdout).error]).toEqual([1, 'invalid_parameter']);
});
