// The process logger of `svc` (pino, JSON lines on stderr, so that stdout carries only what a
// command prints: results, --json objects, the start banner). The HTTP app logs through the same
// instance; jobs, the uptime recorder and the webhook dispatcher through child loggers.
import { pino, type Logger } from 'pino';
import type { Config } from '../config.ts';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({ level: config.logLevel }, pino.destination({ fd: 2, sync: true }));
}

/** A `(message) => void` for the components that log plain lines, at the given level of a child logger. */
export function lineLogger(logger: Logger, component: string, level: 'info' | 'warn' | 'error' = 'warn'): (message: string) => void {
  const child = logger.child({ component });
  return (message) => child[level](message);
}
