// What a test suite's setup costs (CONTRIBUTING.md, "Test speed"), before and after the run's
// migrated templates (test/helpers/templates.ts), alternating in each round; medians and ratios
// (after/before, lower is faster). Also the CPU time of one `svc` child process from the
// TypeScript sources (tsx) and from the compiled dist/, as the CLI tests spawn them.
//   node bin/run-ts.js bench/test-setup.ts [rounds]      (TEST_DATABASE_URL adds PostgreSQL)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationTarget } from '../src/db/database.ts';
import { openMemoryDatabase, serve } from '../src/db/embedded.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { projectRoot } from '../src/paths.ts';
import { cloneServerDatabase, openMigratedPglite, prepareTemplates } from '../test/helpers/templates.ts';
import { alternate, type Side } from './lib/before-after.ts';

const rounds = Number(process.argv[2] ?? 3);
const adminUrl = process.env.TEST_DATABASE_URL;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** One line: both medians and the ratio after/before. */
function line(name: string, ms: Record<Side, number>): void {
  console.log(
    `${name.padEnd(34)} before ${seconds(ms.before).padStart(9)}   after ${seconds(ms.after).padStart(9)}   ratio ${(ms.after / ms.before).toFixed(2)}`,
  );
}

console.log(`templates made in ${seconds(await timed(async () => void (await prepareTemplates())))} (once per run)`);

line(
  'migrated embedded database',
  await alternate(rounds, (side) =>
    timed(async () => {
      if (side === 'before') {
        const db = await openMemoryDatabase();
        await applyMigrations(migrationTarget(db.connectionString, 'embedded'));
        await db.close();
      } else {
        const pglite = await openMigratedPglite();
        const { server } = await serve(pglite);
        await server.stop();
        await pglite.close();
      }
    }),
  ),
);

if (adminUrl) {
  line(
    'migrated PostgreSQL database',
    await alternate(rounds, (side) =>
      timed(async () => {
        if (side === 'before') {
          const db = await createScratchDatabase(adminUrl, 'bench');
          await applyMigrations(migrationTarget(db.connectionString, 'server'));
          await db.drop();
        } else {
          const db = await cloneServerDatabase(adminUrl, 'bench');
          await db.drop();
        }
      }),
    ),
  );
}

/** CPU time (user + system) of `svc --help` in a child process. */
function svcCpu(fromSource: boolean): number {
  const cwd = mkdtempSync(path.join(tmpdir(), 'bench-svc-'));
  try {
    const result = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, path.join(projectRoot, 'bin', 'svc.js'), '--help'], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, SVC_FROM_SOURCE: fromSource ? '1' : '0' },
    });
    const [user, system] = result.stderr.trim().split('\n').pop()!.split(' ').map(Number);
    return (user! + system!) * 1000;
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

line('svc child process, CPU (tsx→dist)', await alternate(rounds, async (side) => svcCpu(side === 'before')));
