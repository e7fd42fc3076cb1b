// CPU accounting for the benchmarks: this process's CPU (process.cpuUsage) and, on a PostgreSQL
// server on this machine, the CPU of the server processes serving the benchmark's database (read
// from /proc by the pids pg_stat_activity lists). Also an optional CPU profile of chosen phases
// (node:inspector), written as .cpuprofile files that Chrome DevTools or `node bench/lib/profile-summary.ts` read.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux builds). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process in ms, or null when it is gone (or not on Linux). */
export function procCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses: utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export interface CpuReading {
  /** This process: user + system, ms. */
  processMs: number;
  /** The database server's backends for this database, ms (null: not measurable, e.g. embedded). */
  databaseMs: number | null;
}

/**
 * Measures CPU between start() and stop(). `backendPids` lists the server processes of the
 * benchmark's database (null when the database runs in this process).
 */
export function cpuMeter(backendPids: (() => Promise<number[]>) | null) {
  return {
    async start() {
      const pids = backendPids ? await backendPids() : [];
      const before = new Map(pids.map((pid) => [pid, procCpuMs(pid) ?? 0]));
      const usage = process.cpuUsage();
      return {
        async stop(): Promise<CpuReading> {
          const used = process.cpuUsage(usage);
          const processMs = (used.user + used.system) / 1000;
          if (!backendPids) return { processMs, databaseMs: null };
          let databaseMs = 0;
          // A backend opened during the phase started from zero; one closed during it is lost (pools keep theirs open).
          for (const pid of new Set([...before.keys(), ...(await backendPids())])) {
            const now = procCpuMs(pid);
            if (now !== null) databaseMs += now - (before.get(pid) ?? 0);
          }
          return { processMs, databaseMs };
        },
      };
    },
  };
}

/** CPU profiles of chosen phases, one file per phase name under `dir` (nothing when dir is undefined). */
export function phaseProfiler(dir: string | undefined) {
  let session: Session | null = null;
  return {
    async run<T>(name: string, phase: () => Promise<T>): Promise<T> {
      if (!dir) return phase();
      if (!session) {
        session = new Session();
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 200 });
      }
      await session.post('Profiler.start');
      try {
        return await phase();
      } finally {
        const { profile } = await session.post('Profiler.stop');
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
      }
    },
    close(): void {
      session?.disconnect();
    },
  };
}
