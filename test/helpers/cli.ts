// Runs the real `svc` command in a child process. Each child runs in a fresh temporary working
// directory (removed when it exits), so a developer's .env in the repository is never loaded and
// nothing lands in the checkout; the bin path is absolute.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/svc.js', import.meta.url));
const CONFIG_VARS =
  /^(DATABASE_URL|DATA_DIR|PORT|HOST|REDIS_URL|JWT_|AI_|LOG_LEVEL|JOBS_ENABLED|DEMO_SEED|NODE_ENV|TRUSTED_PROXIES|REGION|COMMIT_SHA|DATABASE_POOL_SIZE|RATE_LIMIT_|PUBLIC_RATE_LIMIT_|SHUTDOWN_TIMEOUT_MS|SESSION_)/;

export function cliEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !CONFIG_VARS.test(k)));
  // The compiled dist/ when the run's globalSetup found it current (TEST_SVC_DIST=1, see
  // test/global-setup.mjs): a child then starts in about a third of the CPU time of tsx over the
  // sources. Otherwise (dist/ missing or older than a source, or TEST_SVC_FROM_SOURCE=1) the
  // sources, so a test never runs a stale dist/.
  const fromSource = process.env.TEST_SVC_DIST === '1' ? '0' : '1';
  return { ...base, SVC_FROM_SOURCE: fromSource, LOG_LEVEL: 'warn', ...env };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Spawns `svc args` in a temporary working directory that is removed once the child exits. */
function spawnSvc(args: string[], env: Record<string, string>): ChildProcess {
  const cwd = mkdtempSync(path.join(tmpdir(), 'svc-cwd-'));
  const child = spawn(process.execPath, [bin, ...args], { env: cliEnv(env), cwd });
  child.on('close', () => rmSync(cwd, { recursive: true, force: true }));
  child.on('error', () => rmSync(cwd, { recursive: true, force: true }));
  return child;
}

/**
 * Each `svc` call starts Node (and tsx, from the sources) and the app: seconds on an idle machine, much longer on a
 * loaded one. The bounds below are generous so that load alone never fails a CLI test (a hung
 * command is still killed, and a suite still ends).
 */
export const CLI_TEST_TIMEOUT_MS = 600_000;

export function svc(args: string[], env: Record<string, string>, timeoutMs = 300_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawnSvc(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts a long-running command and resolves once its output contains `ready`. */
export function svcBackground(args: string[], env: Record<string, string>, ready: RegExp, timeoutMs = 300_000) {
  const child = spawnSvc(args, env);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (d: Buffer) => {
      output += d;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready:\n${output}`));
    });
  });
  return { child, started, exited, output: () => output };
}
