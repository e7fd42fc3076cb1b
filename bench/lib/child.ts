// Measures one Node.js child process that serves HTTP: time from spawn to its first 200, its peak
// memory (VmHWM, Linux only), then a SIGTERM and the time until it exits. Every child is killed
// if anything goes wrong, so a failed benchmark leaves no server behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuMs } from './proc.mjs';

export interface ServeOptions {
  /** Arguments for `node` (the child is node itself, so child.pid is the server's pid). */
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Path polled on the URL printed by the child (`API status   http://host:port/api/v1/status`). */
  path: string;
  pollMs: number;
  startTimeoutMs: number;
  stopTimeoutMs: number;
  /** When above 0: after the first 200, leave the server alone this long, then read its memory. */
  idleMs?: number;
}

export interface ServeResult {
  /** Spawn to the first HTTP 200. */
  startMs: number;
  /** CPU time (user + system, every thread) the child had used by its first 200; null without /proc. */
  cpuMs: number | null;
  /** Max VmHWM (kB) read after the first 200 and just before SIGTERM; null without /proc. */
  peakKb: number | null;
  /** With idleMs: VmRSS (kB) after idling, and VmHWM by then (background work after the first 200 included). */
  idleKb?: number | null;
  idlePeakKb?: number | null;
  /** SIGTERM to exit. */
  stopMs: number;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

const live = new Set<ChildProcess>();

/** Kills every child still running; synchronous so that it also works in an 'exit' handler. */
export function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
}
// Last resort against orphans: 'exit' handlers run even after an uncaught error or process.exit().
process.on('exit', killAll);

/** The process's peak resident set size in kB, or null when /proc is unavailable or it is gone. */
export function vmHwmKb(pid: number | undefined): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** The process's current resident set size in kB, or null. */
export function vmRssKb(pid: number | undefined): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, all threads) a process has used, in milliseconds, or null. On a shared
 * machine this moves far less with the load than wall time does.
 */
export const cpuTimeMs = (pid: number | undefined): number | null => (pid === undefined ? null : cpuMs(pid));

/** One GET on a fresh connection (no keep-alive socket that could delay the server's shutdown); 0 when it fails. */
function httpStatus(url: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume(); // drain the body; only the status matters
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

export async function measureServe(options: ServeOptions): Promise<ServeResult> {
  const t0 = performance.now();
  const child = spawn(process.execPath, options.args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);

  // The last lines of output, to explain a failure.
  const tail: string[] = [];
  const keep = (line: string) => tail.push(line) > 40 && tail.shift();
  const failure = (message: string) => new Error(`${message}\n--- last output of the child ---\n${tail.join('\n')}`);

  // Set from event handlers; kept in an object so that TypeScript does not narrow them to null.
  const seen: { exit: { code: number | null; signal: NodeJS.Signals | null } | null; baseUrl: string | null } = { exit: null, baseUrl: null };
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      seen.exit = { code, signal };
      live.delete(child);
      resolve();
    });
    child.once('error', (error) => {
      keep(`spawn error: ${error.message}`);
      seen.exit ??= { code: null, signal: null };
      live.delete(child);
      resolve();
    });
  });

  // Both pipes are read to the end: a child blocked on a full pipe would distort the timing.
  createInterface({ input: child.stdout! }).on('line', (line) => {
    keep(line);
    seen.baseUrl ??= /API status\s+(https?:\/\/\S+?)\/api\/v1\/status/.exec(line)?.[1] ?? null;
  });
  createInterface({ input: child.stderr! }).on('line', keep);

  try {
    // The port is only known from the banner (PORT=0), so wait for it, then poll the URL.
    const deadline = t0 + options.startTimeoutMs;
    for (;;) {
      if (seen.exit) throw failure(`the child exited (code ${seen.exit.code}, signal ${seen.exit.signal}) before answering 200`);
      if (performance.now() > deadline) throw failure(`no HTTP 200 within ${options.startTimeoutMs} ms`);
      if (seen.baseUrl) {
        const remaining = Math.max(1, deadline - performance.now());
        if ((await httpStatus(seen.baseUrl + options.path, remaining)) === 200) break;
      }
      await sleep(options.pollMs);
    }
    const startMs = performance.now() - t0;
    const cpuMs = cpuTimeMs(child.pid);

    // VmHWM is a high-water mark: the read just before SIGTERM covers everything since the first 200.
    const afterFirst200 = vmHwmKb(child.pid);
    const peakKb = maxOf(afterFirst200, vmHwmKb(child.pid));
    const idle: Pick<ServeResult, 'idleKb' | 'idlePeakKb'> = {};
    if (options.idleMs) {
      await sleep(options.idleMs);
      if (seen.exit) throw failure('the child exited while idle');
      idle.idleKb = vmRssKb(child.pid);
      idle.idlePeakKb = vmHwmKb(child.pid);
    }

    const s0 = performance.now();
    child.kill('SIGTERM');
    // An unref'd timer: it must not keep the benchmark alive once the child has exited.
    const timeout = sleep(options.stopTimeoutMs, false, { ref: false });
    const stopped = await Promise.race([exited.then(() => true), timeout]);
    if (!stopped) throw failure(`the child did not exit within ${options.stopTimeoutMs} ms of SIGTERM`);
    const stopMs = performance.now() - s0;
    const { code, signal } = seen.exit!;
    return { startMs, cpuMs, peakKb, ...idle, stopMs, exitCode: code, signal };
  } finally {
    // On any failure: no orphan, and nothing left holding the data directory.
    if (!seen.exit) {
      child.kill('SIGKILL');
      await exited;
    }
  }
}
