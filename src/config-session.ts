// The dashboard sessions' settings (config.session): their environment schema and shape, declared
// apart so that src/config.ts stays short. src/config.ts reads the environment and calls these.
import { z } from 'zod';
import { int } from './config-values.ts';

export const sessionEnv = {
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_MINUTES: int(1, 24 * 60).default(30),
};

type SessionEnv = z.infer<z.ZodObject<typeof sessionEnv>>;

export interface SessionConfig {
  /**
   * The HS256 key of the sessions this service issues (POST /auth/login). Unset: the embedded
   * database keeps one in its data directory (src/main.ts); a server database outside production
   * gets one per process; `svc serve`/`svc start` refuse to start in production without it.
   */
  secret: string | null;
  /** Lifetime of a session cookie; renewed by any request after half of it. */
  ttlMinutes: number;
}

export const sessionConfig = (env: SessionEnv): SessionConfig => ({ secret: env.SESSION_SECRET ?? null, ttlMinutes: env.SESSION_TTL_MINUTES });
