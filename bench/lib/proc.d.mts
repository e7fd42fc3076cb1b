// Types of bench/lib/proc.mjs (the compiled child processes' /proc readings, shared with bench/lib/child.ts).
export function statusKb(field: string, pid?: number | 'self'): number;
export function cpuMs(pid: number): number | null;
