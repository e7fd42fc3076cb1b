// /proc readings for the benches' compiled child processes (plain node, no TypeScript): a field of
// this process's status, and a process's CPU time.
import { readFileSync } from 'node:fs';

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM); 0 when absent. */
export function statusKb(field, pid = 'self') {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

/** CPU time (user + system) of a process in ms, from /proc (100 clock ticks a second); null when it is gone. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
