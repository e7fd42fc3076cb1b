// The sessions this service issues itself (POST /auth/login): HS256 JWTs signed with the session
// key, claims sub (account id), uid (dashboard user id), role, sv (the user's session version),
// iss/aud as configured (JWT_ISSUER, JWT_AUDIENCE), iat and exp. A token is only half of the
// check: the auth service also requires the user to exist with the same session version.
import { SignJWT, jwtVerify } from 'jose';

export interface SessionTokenSettings {
  /** The HS256 key (SESSION_SECRET, or the generated one). */
  key: string;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export interface SessionClaims {
  accountId: string;
  userId: string;
  role: 'owner' | 'member';
  sessionVersion: number;
  issuedAt: Date;
  expiresAt: Date;
  /** When the user signed in (claim auth_time): renewals keep it, and stop SESSION_MAX_AGE_SECONDS after it. */
  signedInAt: Date;
}

/** The absolute lifetime of a sign-in: sliding renewal never carries a session past 12 hours. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** A signed session token with its own `iat` and `exp`: whatever carries it (the cookie) takes its lifetime from these. */
export interface IssuedSession {
  token: string;
  issuedAt: Date;
  expiresAt: Date;
}

export function sessionTokens(settings: SessionTokenSettings) {
  const key = new TextEncoder().encode(settings.key);
  return {
    ttlSeconds: settings.ttlSeconds,
    async sign(
      user: { accountId: string; id: string; role: 'owner' | 'member'; sessionVersion: number },
      now = new Date(),
      signedInAt = now,
    ): Promise<IssuedSession> {
      const iat = Math.floor(now.getTime() / 1000);
      const authTime = Math.min(iat, Math.floor(signedInAt.getTime() / 1000));
      const exp = Math.min(iat + settings.ttlSeconds, authTime + SESSION_MAX_AGE_SECONDS);
      const token = await new SignJWT({ uid: user.id, role: user.role, sv: user.sessionVersion, auth_time: authTime })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.accountId)
        .setIssuer(settings.issuer)
        .setAudience(settings.audience)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, issuedAt: new Date(iat * 1000), expiresAt: new Date(exp * 1000) };
    },
    /** The claims of a valid, unexpired token of ours; null for anything else. */
    async verify(token: string, now = new Date()): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: settings.issuer,
          audience: settings.audience,
          requiredClaims: ['sub', 'iat', 'exp'],
          currentDate: now,
        });
        const { sub, uid, role, sv, iat, exp, auth_time: authTime } = payload;
        if (typeof sub !== 'string' || typeof uid !== 'string' || (role !== 'owner' && role !== 'member') || !Number.isSafeInteger(sv)) return null;
        // Tokens from before auth_time existed count as signed in at their iat.
        const signedIn = Number.isSafeInteger(authTime) ? (authTime as number) : iat!;
        if (now.getTime() / 1000 - signedIn > SESSION_MAX_AGE_SECONDS) return null;
        return {
          accountId: sub,
          userId: uid,
          role,
          sessionVersion: sv as number,
          issuedAt: new Date(iat! * 1000),
          expiresAt: new Date(exp! * 1000),
          signedInAt: new Date(signedIn * 1000),
        };
      } catch {
        return null;
      }
    },
  };
}

export type SessionTokens = ReturnType<typeof sessionTokens>;
