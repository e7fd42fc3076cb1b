// The dashboard's session cookie (docs/dashboard.md): HttpOnly, SameSite=Strict, Path=/, Max-Age
// the session's lifetime; Secure and named `__Host-svc_session` always with NODE_ENV=production and
// otherwise unless the request is plain http to a loopback host (then `svc_session`, not Secure). A request it authenticates must carry the CSRF header Apollo already asks for
// (apollo-require-preflight or x-apollo-operation-name): a cross-site form or image cannot set
// one. An Authorization header takes precedence: then the cookie is not read at all.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { AppError } from '../errors.ts';
import { SESSION_MAX_AGE_SECONDS, type AuthService, type CookieSession, type IssuedSession, type Principal } from '../domain/auth/index.ts';
import { authorizationHeader } from './authorization.ts';

export const SESSION_COOKIE = 'svc_session';
/** The name of a Secure cookie: the browser takes it only over https, from this host, with Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** True with NODE_ENV=production: the cookie is Secure whatever the request's host (src/http/app.ts). */
    sessionCookieAlwaysSecure: boolean;
  }
}
const CSRF_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'] as const;

/** The value of one cookie of a Cookie header (the first when repeated), or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** The session token of a request: the `__Host-` cookie when sent, else the plain one. */
export const sessionCookieOf = (request: { headers: { cookie?: string | undefined } }): string | undefined =>
  readCookie(request.headers.cookie, SECURE_SESSION_COOKIE) ?? readCookie(request.headers.cookie, SESSION_COOKIE);

/** localhost, *.localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/**
 * Secure always in production; otherwise unless plain http to a loopback host (request.protocol
 * honours X-Forwarded-Proto from TRUSTED_PROXIES).
 */
export const cookieIsSecure = (request: FastifyRequest): boolean =>
  request.server.sessionCookieAlwaysSecure || !(request.protocol === 'http' && isLoopbackHost(request.hostname));

function sessionCookie(request: FastifyRequest, value: string, maxAgeSeconds: number, expires: Date): string {
  const secure = cookieIsSecure(request);
  const attributes = `Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}; Expires=${expires.toUTCString()}${secure ? '; Secure' : ''}`;
  return `${secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE}=${value}; ${attributes}`;
}

/**
 * Sets the cookie of a session just issued. Max-Age is the token's own lifetime (exp - iat), so it
 * never depends on the time signing took or on a second clock read by the caller.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: IssuedSession): void {
  const maxAge = Math.max(0, Math.round((session.expiresAt.getTime() - session.issuedAt.getTime()) / 1000));
  // One Set-Cookie per answer: a renewal made while authenticating gives way to the route's own cookie.
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', sessionCookie(request, session.token, maxAge, session.expiresAt));
}

/** Clears the cookie of the request's kind, and a plain `svc_session` the request still carries beside a Secure one. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.removeHeader('set-cookie');
  const cleared = sessionCookie(request, '', 0, new Date(0));
  const stale = cleared.startsWith(SECURE_SESSION_COOKIE) && readCookie(request.headers.cookie, SESSION_COOKIE) !== undefined;
  reply.header('set-cookie', stale ? [cleared, `${SESSION_COOKIE}=; ${cleared.slice(cleared.indexOf(';') + 2)}`] : cleared);
}

/** Whether a browser's Origin header names the host the request was sent to (WebSocket upgrades). */
export function originMatchesHost(headers: { origin?: string | undefined; host?: string | undefined }): boolean {
  if (!headers.origin || !headers.host) return false;
  try {
    return new URL(headers.origin).host === headers.host.toLowerCase();
  } catch {
    return false;
  }
}

export const hasCsrfHeader = (headers: Record<string, string | string[] | undefined>): boolean => CSRF_HEADERS.some((name) => headers[name] !== undefined);

/** 403 csrf_required unless the request carries a CSRF header. */
export function requireCsrfHeader(request: FastifyRequest): void {
  if (!hasCsrfHeader(request.headers)) throw new AppError('csrf_required');
}

/**
 * The session cookie's principal (CSRF header required when `csrf`), renewed by a fresh cookie once
 * half its lifetime has passed. A cookie that no longer holds (expired, signed out, user removed) is
 * cleared and answered 401 not_signed_in.
 */
export async function cookieSession(auth: AuthService, request: FastifyRequest, reply: FastifyReply, csrf: boolean): Promise<CookieSession> {
  const token = sessionCookieOf(request);
  if (csrf && token !== undefined) requireCsrfHeader(request);
  if (token === undefined) throw new AppError('not_signed_in');
  let session: CookieSession;
  try {
    session = await auth.authenticateSession(token);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_signed_in') clearSessionCookie(request, reply);
    throw error;
  }
  const now = new Date();
  const { issuedAt, expiresAt, signedInAt } = session.claims;
  // A session already running to the end of its sign-in's absolute lifetime has nothing to renew.
  const renewable = expiresAt.getTime() < signedInAt.getTime() + SESSION_MAX_AGE_SECONDS * 1000;
  if (renewable && now.getTime() - issuedAt.getTime() >= (expiresAt.getTime() - issuedAt.getTime()) / 2) {
    const user = {
      accountId: session.principal.accountId,
      id: session.principal.userId!,
      role: session.principal.role!,
      sessionVersion: session.claims.sessionVersion,
    };
    const renewed = await auth.issueSession(user, now, signedInAt);
    setSessionCookie(request, reply, renewed);
    session = { ...session, claims: { ...session.claims, issuedAt: renewed.issuedAt, expiresAt: renewed.expiresAt } };
  }
  return session;
}

/**
 * The caller of a GraphQL request: the Authorization header when sent (API keys, external session
 * JWTs: as before), else the session cookie (with the CSRF header), else missing_authorization.
 */
export async function requestPrincipal(auth: AuthService, request: FastifyRequest, reply: FastifyReply): Promise<Principal> {
  const header = authorizationHeader(request);
  if (header !== undefined || sessionCookieOf(request) === undefined) return auth.authenticate(header);
  return (await cookieSession(auth, request, reply, true)).principal;
}
