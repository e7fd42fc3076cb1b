// A bound on concurrent password hashes (scrypt: 32 MiB and a worker thread each): at most
// `running` at once and `queued` waiting; beyond that the caller is answered 429
// too_many_attempts with Retry-After 1 at once, without hashing (docs/dashboard.md).
import { AppError } from '../../errors.ts';

export interface HashLimiter {
  /** Runs `task` when a slot is free; throws too_many_attempts when every slot and the queue are taken. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Hashes running and waiting (for tests and diagnostics). */
  readonly running: number;
  readonly waiting: number;
}

export const HASH_LIMITS = { running: 4, queued: 16 } as const;

export function hashLimiter(running: number, queued: number): HashLimiter {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < running) active++;
      else if (waiting.length < queued) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new AppError('too_many_attempts', 'Too many sign-ins are being checked; retry in a second.', { retryAfterSeconds: 1 });
      // A slot handed over by release() keeps `active` as it is.
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
