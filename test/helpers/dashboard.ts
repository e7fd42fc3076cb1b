// Dashboard sessions in tests: sign in over HTTP, take the session cookie, send GraphQL with it.
import { randomUUID } from 'node:crypto';
import type { TestApp } from './app.ts';
import { testDatabaseUrls } from '../../src/config.ts';
import type { PrismaClient } from '../../src/db/client.ts';
import { HASH_COST, hashPassword, type DashboardRole, type DashboardUser } from '../../src/domain/users/index.ts';
import { readJson } from './http.ts';

export const TEST_SESSION_SECRET = 'a-session-secret-for-the-tests-0123456789';

/**
 * scrypt's log2 N in tests that sign in but are not about the cost of hashing (PASSWORD_HASH_COST,
 * the lowest it allows: 1/32 of production's work and memory). Sign-in, the lockout, the dummy
 * hash of unknown e-mails and stored hashes' parameters run the same code at either cost;
 * dashboard-auth keeps tests at the default (production) cost, as does the browser suite.
 */
export const TEST_HASH_COST = HASH_COST.min;

/**
 * The app settings of dashboard tests: 127.0.0.1 trusted as a proxy (each sign-in names its own
 * client address), a known session key, password hashes at TEST_HASH_COST, and Redis when the
 * machine has it (rate limits shared as in production) under a prefix of this run.
 */
export function dashboardEnv(): Record<string, string> {
  const redis = testDatabaseUrls().redis;
  return {
    TRUSTED_PROXIES: '127.0.0.1',
    SESSION_SECRET: TEST_SESSION_SECRET,
    PASSWORD_HASH_COST: String(TEST_HASH_COST),
    ...(redis ? { REDIS_URL: redis, RATE_LIMIT_REDIS_PREFIX: `test:${randomUUID()}:` } : {}),
  };
}

let addressCounter = 0;
/** A client address of its own per call (apps that trust 127.0.0.1 as a proxy), so sign-in limits never cross tests. */
export const nextAddress = (): string => `10.${(process.pid % 200) + 1}.${Math.floor(++addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;

/** `svc_session=<token>` from a response's Set-Cookie, or null. */
export function cookieOf(res: Response): string | null {
  const header = res.headers.get('set-cookie');
  return header ? header.split(';')[0]! : null;
}

export const login = (t: Pick<TestApp, 'url'>, email: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), ...headers },
    body: JSON.stringify({ email, password }),
  });

/** Signs in and returns the cookie (throws when the sign-in is refused). */
export async function signIn(t: Pick<TestApp, 'url'>, email: string, password: string): Promise<string> {
  const res = await login(t, email, password);
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return cookieOf(res)!;
}

/** A GraphQL POST with the cookie and, unless other headers are given, the CSRF header. */
export const cookieGraphql = (
  t: Pick<TestApp, 'url'>,
  cookie: string,
  query: string,
  headers: Record<string, string> = { 'apollo-require-preflight': '1' },
  variables: Record<string, unknown> = {},
) =>
  fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...headers },
    body: JSON.stringify({ query, variables }),
  });

/** The password of the users that signedInUser and insertUser make. */
export const TEST_USER_PASSWORD = 'correct horse battery';

/** TEST_USER_PASSWORD hashed (scrypt at TEST_HASH_COST) once per test file, on first use. */
let testPasswordHash: Promise<string> | undefined;

/**
 * A dashboard user of the account whose password is TEST_USER_PASSWORD, inserted with a hash made
 * once per file: for tests about what a signed-in user may do, not about hashing at creation (which
 * createDashboardUser does, about 70 ms of CPU each at the default cost; its own tests use it).
 * Every such user has the same stored hash, salt included, at TEST_HASH_COST: signing in verifies it
 * at that cost, whatever the app's PASSWORD_HASH_COST.
 */
export async function insertUser(prisma: PrismaClient, accountId: string, email: string, role: DashboardRole): Promise<DashboardUser> {
  testPasswordHash ??= hashPassword(TEST_USER_PASSWORD, TEST_HASH_COST);
  return prisma.dashboardUser.create({
    data: { id: randomUUID(), accountId, email: email.toLowerCase(), role, passwordHash: await testPasswordHash },
    select: { id: true, accountId: true, email: true, role: true, mustChangePassword: true, sessionVersion: true, createdAt: true, lastSignInAt: true },
  });
}

/** A new dashboard user of the account with this role (a random e-mail), signed in. */
export async function signedInUser(t: Pick<TestApp, 'url' | 'db'>, accountId: string, role: 'owner' | 'member') {
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`;
  const user = await insertUser(t.db.prisma, accountId, email, role);
  return { id: user.id, email, cookie: await signIn(t, email, TEST_USER_PASSWORD) };
}

/** A GraphQL POST with the session cookie and the CSRF header, its body read as JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const sessionGraphql = async (t: Pick<TestApp, 'url'>, cookie: string, query: string, variables: Record<string, unknown> = {}): Promise<any> =>
  readJson(await cookieGraphql(t, cookie, query, undefined, variables));
