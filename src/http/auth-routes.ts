// The dashboard's sign-in door (docs/dashboard.md): POST /auth/login, /auth/logout,
// /auth/logout-everywhere, /auth/password and GET /auth/session. Only the session cookie counts
// here (an Authorization header is not read); every cookie-borne POST needs the CSRF header.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Services } from '../services.ts';
import type { AccessGuard } from './guard.ts';
import { SIGN_IN_LIMITS, signInClient, type DashboardUser } from '../domain/users/index.ts';
import { clearSessionCookie, cookieSession, requireCsrfHeader, sessionCookieOf, setSessionCookie } from './session-cookie.ts';

type AuthServices = Pick<Services, 'auth' | 'users' | 'accounts'>;
/** The id clients see for an object (the GraphQL door's global ids, passed in by src/main.ts). */
type NodeId = (type: 'DashboardUser' | 'Account', key: string) => string;

/** The body of login, session and password answers. */
async function sessionBody(
  services: AuthServices,
  nodeId: NodeId,
  user: Pick<DashboardUser, 'id' | 'accountId' | 'email' | 'role' | 'mustChangePassword'>,
  expiresAt: Date,
) {
  const account = await services.accounts.getAccount(user.accountId);
  return {
    user: { id: nodeId('DashboardUser', user.id), email: user.email, role: user.role, mustChangePassword: user.mustChangePassword },
    account: { id: nodeId('Account', account.id), name: account.name },
    expiresAt: expiresAt.toISOString(),
  };
}

function stringField(body: unknown, name: string, max: number): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string' || value.length === 0) throw new AppError('invalid_parameter', `${name} is required (a string).`, { param: name });
  if (value.length > max) throw new AppError('invalid_parameter', `${name} is too long.`, { param: name });
  return value;
}

const requireJson = async (request: FastifyRequest): Promise<void> => {
  if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? ''))
    throw new AppError('unsupported_media_type', 'Send Content-Type: application/json.');
};

export function authRoutes(app: FastifyInstance, services: AuthServices, guard: AccessGuard, nodeId: NodeId): void {
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
  };
  const signedIn = (request: FastifyRequest, reply: FastifyReply, csrf: boolean) => cookieSession(services.auth, request, reply, csrf);

  app.post('/auth/login', { onRequest: [noStore, requireJson] }, async (request, reply) => {
    const email = stringField(request.body, 'email', 320);
    const password = stringField(request.body, 'password', 1024);
    const { perAddress, perEmail, windowMs } = SIGN_IN_LIMITS;
    await guard.attempt(`signin:ip:${signInClient(request.ip)}`, perAddress, windowMs);
    await guard.attempt(`signin:email:${email.trim().toLowerCase()}`, perEmail, windowMs);
    const user = await services.users.signIn(email, password);
    const session = await services.auth.issueSession(user);
    setSessionCookie(request, reply, session);
    return sessionBody(services, nodeId, user, session.expiresAt);
  });

  app.post('/auth/logout', { onRequest: noStore }, async (request, reply) => {
    if (sessionCookieOf(request) !== undefined) requireCsrfHeader(request);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  app.post('/auth/logout-everywhere', { onRequest: noStore }, async (request, reply) => {
    const { principal } = await signedIn(request, reply, true);
    await services.users.signOutEverywhere(principal.userId!);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  app.get('/auth/session', { onRequest: noStore }, async (request, reply) => {
    const { principal, claims } = await signedIn(request, reply, false);
    const user = await services.users.getAccountUser(principal.accountId, principal.userId!);
    return sessionBody(services, nodeId, user, claims.expiresAt);
  });

  app.post('/auth/password', { onRequest: [noStore, requireJson] }, async (request, reply) => {
    const { principal } = await signedIn(request, reply, true);
    const currentPassword = stringField(request.body, 'currentPassword', 1024);
    const newPassword = stringField(request.body, 'newPassword', 1024);
    const user = await services.users.changePassword(principal.userId!, currentPassword, newPassword);
    const session = await services.auth.issueSession(user);
    setSessionCookie(request, reply, session);
    return sessionBody(services, nodeId, user, session.expiresAt);
  });
}
