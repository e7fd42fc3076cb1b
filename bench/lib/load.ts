// What the HTTP benchmarks share: servers run as child processes (killed on exit), and one
// autocannon load (a 2 s warm-up, then the measured run) summarised as requests/s, p50 and p99.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const children: ChildProcess[] = [];

/** The environment of a service run as in production: NODE_ENV and the settings production requires (fresh webhook and session keys). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex'),
  SESSION_SECRET: randomBytes(32).toString('hex'),
} as const;

/** Spawns `node <args>` and resolves with its base URL once it prints the `API status   http://…/api/v1/status` banner. */
export function startServer(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const tail: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => tail.push(line) > 20 && tail.shift());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start\n${tail.join('\n')}`)), 120_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /API status\s+(http:\/\/\S+)\/api\/v1\/status/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: match[1]! });
      }
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}\n${tail.join('\n')}`)));
  });
}

/** SIGTERM to every server started here, SIGKILL to any still running half a second later. */
export async function stopServers(): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
}

export interface Load {
  rps: number;
  /** Requests answered in the measured run. */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A 2 s warm-up, then the measured run. `probe`, when given, is started just before the measured
 * run and its returned stop just after it (bench/graphql's CPU accounting).
 */
export async function load(url: string, { connections, seconds, ...request }: LoadOptions, probe?: () => Promise<() => Promise<void>>): Promise<Load> {
  await autocannon({ url, connections, duration: 2, ...request }); // warm-up
  const stop = await probe?.();
  const result = await autocannon({ url, connections, duration: seconds, ...request });
  await stop?.();
  return {
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** One line of a benchmark table. */
export const loadRow = (name: string, l: Load, hwmKb: number | null) =>
  `${name.padEnd(34)} ${String(l.rps).padStart(7)} req/s   p50 ${String(l.p50).padStart(4)} ms   p99 ${String(l.p99).padStart(4)} ms   errors ${l.errors + l.non2xx}   peak ${hwmKb ? Math.round(hwmKb / 1024) : '?'} MiB`;
