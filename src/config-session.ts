// The dashboard sessions' settings (config.session): their environment schema and shape, declared
// apart so that src/config.ts stays short. src/config.ts reads the environment and calls these.
import { z } from 'zod';
import { int } from './config-values.ts';
import { HASH_COST, SCRYPT_PARAMS } from './domain/users/password.ts';

export const sessionEnv = {
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_MINUTES: int(1, 24 * 60).default(30),
  PASSWORD_HASH_COST: int(HASH_COST.min, HASH_COST.max).default(SCRYPT_PARAMS.log2N),
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
  /** scrypt's log2 N for new password hashes (docs/dashboard.md "Passwords"); stored hashes keep their own. */
  passwordHashCost: number;
}

export const sessionConfig = (env: SessionEnv): SessionConfig => ({
  secret: env.SESSION_SECRET ?? null,
  ttlMinutes: env.SESSION_TTL_MINUTES,
  passwordHashCost: env.PASSWORD_HASH_COST,
});

/** Rules across variables (src/config.ts crossChecks): production never hashes passwords below the default cost. */
export function sessionChecks(raw: Record<string, string | undefined>): string[] {
  const cost = Number(raw.PASSWORD_HASH_COST);
  if (raw.NODE_ENV === 'production' && raw.PASSWORD_HASH_COST !== undefined && Number.isInteger(cost) && cost < HASH_COST.production)
    return [`PASSWORD_HASH_COST: at least ${HASH_COST.production} when NODE_ENV=production (lower costs are for tests)`];
  return [];
}
