// Dashboard sessions: a JWT verified with jose against a shared secret or a JWKS URL, with pinned
// algorithms, issuer, audience and a maximum age. The subject is the account id.
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../../config.ts';

export type SessionResult = { ok: true; accountId: string } | { ok: false; reason: 'expired' | 'invalid' };

export const looksLikeJwt = (token: string): boolean => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);

export function sessionVerifier(jwt: Config['jwt']): ((token: string) => Promise<SessionResult>) | null {
  let key: Uint8Array | JWTVerifyGetKey;
  if (jwt.secret) key = new TextEncoder().encode(jwt.secret);
  else if (jwt.jwksUrl) key = createRemoteJWKSet(new URL(jwt.jwksUrl), { timeoutDuration: 2_000, cooldownDuration: 30_000 });
  else return null;
  const options = {
    algorithms: jwt.algorithms,
    issuer: jwt.issuer,
    audience: jwt.audience,
    maxTokenAge: jwt.maxAgeSeconds,
    requiredClaims: ['sub', 'iat', 'exp'],
  };
  return async (token) => {
    try {
      const { payload } = await (typeof key === 'function' ? jwtVerify(token, key, options) : jwtVerify(token, key, options));
      // A token with a uid claim is one of this service's own sessions (session-tokens.ts), never an
      // external one: were SESSION_SECRET and JWT_SECRET the same, it must not skip the user checks.
      if (payload.uid !== undefined) return { ok: false, reason: 'invalid' };
      return typeof payload.sub === 'string' && payload.sub ? { ok: true, accountId: payload.sub } : { ok: false, reason: 'invalid' };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  };
}
