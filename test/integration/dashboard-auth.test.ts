// Dashboard sign-in through real HTTP (docs/dashboard.md): the session cookie's attributes, the
// same answer for an unknown e-mail and a wrong password, the sign-in limits and the lockout, the
// CSRF header on cookie-borne requests, sliding renewal (tokens signed with a chosen iat, no
// sleeps), sign-out everywhere, the password change and the gate before it.
import { randomUUID } from 'node:crypto';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount } from '../factories/index.ts';
import { LOCKOUT, SCRYPT_PARAMS, SIGN_IN_LIMITS } from '../../src/domain/users/index.ts';
import { sessionTokens } from '../../src/domain/auth/index.ts';
import {
  cookieGraphql,
  cookieOf,
  dashboardEnv,
  insertUser,
  login as loginAt,
  nextAddress,
  signIn as signInAt,
  TEST_HASH_COST,
  TEST_SESSION_SECRET,
  TEST_USER_PASSWORD,
} from '../helpers/dashboard.ts';

const TTL_MINUTES = 10;

const PASSWORD = TEST_USER_PASSWORD;

describeEachDatabase('dashboard sign-in', (target) => {
  let database: TestDatabase;
  let t: TestApp;
  let accountId: string;

  beforeAll(async () => {
    database = await target.create();
    t = await startTestApp(database, { ...dashboardEnv(), SESSION_TTL_MINUTES: String(TTL_MINUTES) });
    accountId = (await makeAccount(t.db.prisma, { name: 'Sign-in store' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  /**
   * A user of the account with PASSWORD, inserted with the file's one hash of it (these tests are
   * about signing in); password null: a one-time password is generated and hashed, as the CLI does
   * (at the app's PASSWORD_HASH_COST, TEST_HASH_COST: the cost has a test of its own below).
   */
  async function newUser(role: 'owner' | 'member' = 'owner', password: typeof PASSWORD | null = PASSWORD) {
    const email = `user-${Math.random().toString(36).slice(2)}@example.com`;
    if (password === null) return { ...(await t.services.users.createUser({ accountId, email, role })), email };
    return { user: await insertUser(t.db.prisma, accountId, email, role), oneTimePassword: null, email };
  }

  const login = (email: string, password: string, headers: Record<string, string> = {}) => loginAt(t, email, password, headers);
  const signIn = (email: string, password = PASSWORD) => signInAt(t, email, password);

  const graphql = (cookie: string, query: string, headers?: Record<string, string>) => cookieGraphql(t, cookie, query, headers);

  test('login answers the user and account and sets the session cookie (no Secure on loopback http)', async () => {
    const { user, email } = await newUser('owner');
    const res = await login(email.toUpperCase(), PASSWORD);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.user).toEqual({ id: expect.any(String), email, role: 'owner', mustChangePassword: false });
    expect(body.account.name).toBe('Sign-in store');
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now() + (TTL_MINUTES - 1) * 60_000);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^svc_session=[\w-]+\.[\w-]+\.[\w-]+; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain(`Max-Age=${TTL_MINUTES * 60}`);
    expect(setCookie).not.toContain('Secure');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const stored = await t.services.users.getUser(user.id);
    expect(stored!.lastSignInAt).not.toBeNull();
  });

  test('the cookie is Secure behind an https proxy and for a non-loopback host', async () => {
    const { email } = await newUser();
    const viaProxy = await login(email, PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(viaProxy.headers.get('set-cookie')).toMatch(/^__Host-svc_session=[\w-]+\.[\w-]+\.[\w-]+; .*; Secure$/);
    const otherHost = await login(email, PASSWORD, { 'x-forwarded-host': 'shop.example.com' });
    expect(otherHost.headers.get('set-cookie')).toMatch(/^__Host-svc_session=.*; Secure$/);
    // Either name is read; the __Host- one wins when both are sent.
    const secure = cookieOf(viaProxy)!;
    expect((await session(secure)).status).toBe(200);
    expect((await session(`svc_session=a.b.c; ${secure}`)).status).toBe(200);
  });

  test('with NODE_ENV=production the cookie is Secure and __Host- even on loopback http; sign-out clears both names', async () => {
    // The app's production flag (src/http/app.ts sets it from NODE_ENV), on this test's database.
    const prod = await startTestApp(database, dashboardEnv(), (app) => {
      app.sessionCookieAlwaysSecure = true;
    });
    try {
      const { email } = await newUser();
      const res = await loginAt(prod, email, PASSWORD);
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^__Host-svc_session=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; .*; Secure$/);
      const cookie = cookieOf(res)!;
      expect((await fetch(`${prod.url}/auth/session`, { headers: { cookie } })).status).toBe(200);
      const out = await fetch(`${prod.url}/auth/logout`, {
        method: 'POST',
        headers: { cookie: `svc_session=old.plain.cookie; ${cookie}`, 'apollo-require-preflight': '1' },
      });
      expect(out.status).toBe(204);
      expect(out.headers.getSetCookie()).toEqual([
        expect.stringMatching(/^__Host-svc_session=; .*Max-Age=0.*; Secure$/),
        expect.stringMatching(/^svc_session=; .*Max-Age=0.*; Secure$/),
      ]);
    } finally {
      await prod.close();
    }
  });

  test("at the default PASSWORD_HASH_COST (production's), new hashes and the unknown e-mail's dummy are N = 2^15; stored hashes keep their own", async () => {
    const env = dashboardEnv();
    delete env.PASSWORD_HASH_COST;
    const standard = await startTestApp(database, env);
    try {
      expect(standard.config.session.passwordHashCost).toBe(SCRYPT_PARAMS.log2N);
      expect(t.config.session.passwordHashCost).toBe(TEST_HASH_COST);
      const email = `standard-${randomUUID()}@example.com`;
      const { user } = await standard.services.users.createUser({ accountId, email, role: 'member', password: PASSWORD });
      const stored = async () => (await t.db.prisma.dashboardUser.findUniqueOrThrow({ where: { id: user.id } })).passwordHash;
      expect(await stored()).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
      expect((await loginAt(standard, email, PASSWORD)).status).toBe(200);
      expect((await loginAt(standard, email, 'not the password at all')).status).toBe(401);
      expect((await loginAt(standard, `nobody-${randomUUID()}@example.com`, PASSWORD)).status).toBe(401);
      // The app hashing at TEST_HASH_COST verifies this hash at 2^15, and the standard app a user's hash at TEST_HASH_COST.
      expect((await login(email, PASSWORD)).status).toBe(200);
      const cheap = await newUser('member');
      expect((await t.db.prisma.dashboardUser.findUniqueOrThrow({ where: { id: cheap.user!.id } })).passwordHash).toMatch(`scrypt$${TEST_HASH_COST}$8$1$`);
      expect((await loginAt(standard, cheap.email, PASSWORD)).status).toBe(200);
      // A password changed on the standard app is hashed at its cost.
      const cookie = await signInAt(standard, email, PASSWORD);
      const NEW = 'another long passphrase';
      const changed = await fetch(`${standard.url}/auth/password`, {
        method: 'POST',
        headers: { cookie, 'apollo-require-preflight': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword: PASSWORD, newPassword: NEW }),
      });
      expect(changed.status).toBe(200);
      expect(await stored()).toMatch(/^scrypt\$15\$8\$1\$/);
      expect((await login(email, NEW)).status).toBe(200);
    } finally {
      await standard.close();
    }
  });

  test('an unknown e-mail and a wrong password get the same answer', async () => {
    const { email } = await newUser();
    const wrong = await login(email, 'not the password at all');
    const unknown = await login('nobody-here@example.com', 'not the password at all');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await readJson(wrong), await readJson(unknown)];
    expect(a).toEqual({ error: 'invalid_credentials', message: expect.any(String) });
    expect(b).toEqual(a);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(unknown.headers.get('set-cookie')).toBeNull();
  });

  test('a stored hash scrypt cannot use (over its memory bound, or malformed) is a failed sign-in, never a 500', async () => {
    const { user, email } = await newUser();
    const salt = Buffer.alloc(16, 1).toString('base64url');
    const key = Buffer.alloc(64, 2).toString('base64url');
    for (const stored of [`scrypt$17$32$1$${salt}$${key}`, `scrypt$20$8$1$${salt}$${key}`, `scrypt$99$8$1$${salt}$${key}`, `scrypt$15$8$1$${salt}$AA`]) {
      await t.db.prisma.dashboardUser.update({ where: { id: user.id }, data: { passwordHash: stored } });
      const res = await login(email, PASSWORD);
      expect(res.status).toBe(401);
      expect((await readJson(res)).error).toBe('invalid_credentials');
    }
  });

  test('login needs a JSON body with both fields', async () => {
    const form = await fetch(`${t.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a&password=b',
    });
    expect(form.status).toBe(415);
    expect((await readJson(form)).error).toBe('unsupported_media_type');
    const missing = await fetch(`${t.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"a@example.com"}' });
    expect(missing.status).toBe(400);
    expect(await readJson(missing)).toMatchObject({ error: 'invalid_parameter', param: 'password' });
  });

  test('GET /auth/session answers the same body as login, or 401', async () => {
    const { email } = await newUser('member');
    const cookie = await signIn(email);
    const res = await fetch(`${t.url}/auth/session`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect((await readJson(res)).user).toMatchObject({ email, role: 'member', mustChangePassword: false });
    const none = await fetch(`${t.url}/auth/session`);
    expect(none.status).toBe(401);
    expect((await readJson(none)).error).toBe('not_signed_in');
    const forged = await fetch(`${t.url}/auth/session`, { headers: { cookie: 'svc_session=a.b.c' } });
    expect(forged.status).toBe(401);
  });

  test('the cookie signs GraphQL requests in, only with the CSRF header', async () => {
    const { user, email } = await newUser('member');
    const cookie = await signIn(email);
    const ok = await graphql(cookie, '{ viewer { credential account { name } } }');
    expect(ok.status).toBe(200);
    expect((await readJson(ok)).data.viewer).toEqual({ credential: 'session', account: { name: 'Sign-in store' } });
    const named = await graphql(cookie, '{ viewer { credential } }', { 'x-apollo-operation-name': 'V' });
    expect(named.status).toBe(200);

    const refused = await graphql(cookie, 'mutation { pauseAi { userErrors { code } } }', {});
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).errors[0].extensions.code).toBe('csrf_required');
    const get = await fetch(`${t.url}/graphql?query=${encodeURIComponent('{ viewer { credential } }')}`, { headers: { cookie } });
    expect(get.status).toBe(403);

    // The principal carries the user and the role.
    const { principal } = await t.services.auth.authenticateSession(cookie.slice('svc_session='.length));
    expect(principal).toMatchObject({ accountId, kind: 'session', userId: user.id, role: 'member', mustChangePassword: false });
  });

  test('logout clears the cookie (CSRF header needed when a cookie is sent)', async () => {
    const { email } = await newUser();
    const cookie = await signIn(email);
    const refused = await fetch(`${t.url}/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).error).toBe('csrf_required');
    const res = await fetch(`${t.url}/auth/logout`, { method: 'POST', headers: { cookie, 'apollo-require-preflight': '1' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/^svc_session=; .*Max-Age=0/);
  });

  const session = (cookie: string) => fetch(`${t.url}/auth/session`, { headers: { cookie } });
  const post = (path: string, cookie: string, body?: object, csrf = true) =>
    fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { cookie, ...(csrf ? { 'apollo-require-preflight': '1' } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  test('a cookie request without the CSRF header changes nothing', async () => {
    const { email } = await newUser('owner');
    const cookie = await signIn(email);
    const pause = await graphql(cookie, 'mutation { pauseAiAccess(input: { reason: "x" }) { userErrors { code } } }', { 'content-type': 'application/json' });
    expect(pause.status).toBe(403);
    expect((await readJson(pause)).errors[0].extensions.code).toBe('csrf_required');
    const state = await graphql(cookie, '{ aiAccess { state } }');
    expect((await readJson(state)).data.aiAccess.state).toBe('enabled');
    const everywhere = await post('/auth/logout-everywhere', cookie, undefined, false);
    expect(everywhere.status).toBe(403);
    expect((await session(cookie)).status).toBe(200);
  });

  test('sliding renewal: a fresh cookie after half the lifetime, none before, 401 after it', async () => {
    const { user } = await newUser('member');
    const tokens = sessionTokens({ key: TEST_SESSION_SECRET, issuer: t.config.jwt.issuer, audience: t.config.jwt.audience, ttlSeconds: TTL_MINUTES * 60 });
    const at = (minutesAgo: number) => tokens.sign(user, new Date(Date.now() - minutesAgo * 60_000)).then((s) => `svc_session=${s.token}`);

    const young = await session(await at(1));
    expect(young.status).toBe(200);
    expect(young.headers.get('set-cookie')).toBeNull();

    const old = await session(await at(TTL_MINUTES / 2 + 1));
    expect(old.status).toBe(200);
    const renewed = cookieOf(old)!;
    expect(old.headers.get('set-cookie')).toContain(`Max-Age=${TTL_MINUTES * 60}`);
    expect(Date.parse((await readJson(old)).expiresAt)).toBeGreaterThan(Date.now() + (TTL_MINUTES - 1) * 60_000);
    expect((await session(renewed)).status).toBe(200);

    // GraphQL renews too.
    const viaGraphql = await graphql(await at(TTL_MINUTES / 2 + 1), '{ viewer { credential } }');
    expect(viaGraphql.status).toBe(200);
    expect(viaGraphql.headers.get('set-cookie')).toMatch(/^svc_session=[\w-]+\./);

    // A renewal due on a request that sets its own cookie gives way to it: one Set-Cookie.
    const signedOut = await post('/auth/logout-everywhere', await at(TTL_MINUTES / 2 + 1));
    expect(signedOut.status).toBe(204);
    expect(signedOut.headers.getSetCookie()).toEqual([expect.stringMatching(/^svc_session=; .*Max-Age=0/)]);

    const expired = await session(await at(TTL_MINUTES + 1));
    expect(expired.status).toBe(401);
    expect((await readJson(expired)).error).toBe('not_signed_in');
    expect(expired.headers.get('set-cookie')).toMatch(/^svc_session=; .*Max-Age=0/);
  });

  test('renewal never carries a sign-in past its absolute lifetime (12 hours)', async () => {
    const { user } = await newUser('member');
    const tokens = sessionTokens({ key: TEST_SESSION_SECRET, issuer: t.config.jwt.issuer, audience: t.config.jwt.audience, ttlSeconds: TTL_MINUTES * 60 });
    const hour = 3_600_000;
    // Signed in 11 h 59 min ago, renewed a moment before its half-life: the renewal ends at the 12-hour mark.
    const signedIn = new Date(Date.now() - 12 * hour + 60_000);
    const late = await tokens.sign(user, new Date(Date.now() - (TTL_MINUTES / 2 + 0.5) * 60_000), signedIn);
    const answer = await session(`svc_session=${late.token}`);
    expect(answer.status).toBe(200);
    const capped = Date.parse((await readJson(answer)).expiresAt);
    expect(capped).toBeLessThanOrEqual(signedIn.getTime() + 12 * hour);
    // At the cap there is nothing left to renew, and past it the session is gone.
    const atCap = await tokens.sign(user, new Date(), signedIn);
    const again = await session(`svc_session=${atCap.token}`);
    expect(again.status).toBe(200);
    expect(again.headers.get('set-cookie')).toBeNull();
    const stale = await tokens.sign(user, new Date(Date.now() - 60_000), new Date(Date.now() - 12 * hour - 120_000));
    expect((await session(`svc_session=${stale.token}`)).status).toBe(401);
  });

  test('sign out everywhere ends every session of the user at once', async () => {
    const { email } = await newUser('member');
    const [first, second] = [await signIn(email), await signIn(email)];
    expect((await session(second)).status).toBe(200);
    const res = await post('/auth/logout-everywhere', first);
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/^svc_session=; /);
    expect((await session(second)).status).toBe(401);
    expect((await graphql(second, '{ viewer { credential } }')).status).toBe(401);
    expect((await session(first)).status).toBe(401);
    // A new sign-in works.
    expect((await session(await signIn(email))).status).toBe(200);
  });

  test('a one-time password must be changed before anything but /auth/*', async () => {
    const { email, oneTimePassword } = await newUser('member', null);
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const res = await login(email, oneTimePassword!);
    expect(res.status).toBe(200);
    expect((await readJson(res)).user.mustChangePassword).toBe(true);
    const cookie = cookieOf(res)!;
    const other = await signIn(email, oneTimePassword!);

    const gated = await graphql(cookie, '{ viewer { credential } }');
    expect(gated.status).toBe(403);
    expect((await readJson(gated)).errors[0].extensions.code).toBe('password_change_required');
    expect((await session(cookie)).status).toBe(200);
    // The token copied into a Bearer header does not skip the gate: it is refused as an unknown token.
    const bearer = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${cookie.slice(cookie.indexOf('=') + 1)}` },
      body: JSON.stringify({ query: '{ viewer { credential } }' }),
    });
    expect((await readJson(bearer)).errors[0].extensions.code).toBe('invalid_token_format');

    const NEW = 'a much better passphrase';
    const noCsrf = await post('/auth/password', cookie, { currentPassword: oneTimePassword, newPassword: NEW }, false);
    expect(noCsrf.status).toBe(403);
    const wrong = await post('/auth/password', cookie, { currentPassword: 'not it at all!', newPassword: NEW });
    expect(wrong.status).toBe(400);
    expect(await readJson(wrong)).toMatchObject({ error: 'invalid_parameter', param: 'currentPassword' });
    const short = await post('/auth/password', cookie, { currentPassword: oneTimePassword, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(await readJson(short)).toMatchObject({ error: 'invalid_parameter', param: 'newPassword' });
    // Nothing changed so far: the one-time password still signs in.
    expect((await login(email, oneTimePassword!)).status).toBe(200);

    const changed = await post('/auth/password', cookie, { currentPassword: oneTimePassword, newPassword: NEW });
    expect(changed.status).toBe(200);
    expect((await readJson(changed)).user.mustChangePassword).toBe(false);
    const fresh = cookieOf(changed)!;
    expect((await graphql(fresh, '{ viewer { credential } }')).status).toBe(200);
    // Every other session ended; the old password no longer works, the new one does.
    expect((await session(cookie)).status).toBe(401);
    expect((await session(other)).status).toBe(401);
    expect((await login(email, oneTimePassword!)).status).toBe(401);
    expect((await login(email, NEW)).status).toBe(200);
  });

  test('attempts are limited per client address', async () => {
    const address = nextAddress();
    const attempt = (i: number) => login(`nobody-${i}@example.com`, 'wrong password', { 'x-forwarded-for': address });
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) expect((await attempt(i)).status).toBe(401);
    const refused = await attempt(SIGN_IN_LIMITS.perAddress);
    expect(refused.status).toBe(429);
    expect((await readJson(refused)).error).toBe('too_many_attempts');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  test('an IPv6 client is limited by its /64 (addresses through the trusted proxy)', async () => {
    const net = `2001:${randomUUID().slice(0, 4)}:${(process.pid % 0xffff).toString(16)}`;
    const prefix = `${net}:1`;
    const attempt = (address: string, i: number) => login(`nobody-v6-${i}@example.com`, 'wrong password', { 'x-forwarded-for': address });
    // Every attempt from another address of the same /64 counts against the same limit.
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) expect((await attempt(`${prefix}::${(i + 1).toString(16)}`, i)).status).toBe(401);
    const refused = await attempt(`${prefix}:ffff:ffff:ffff:ffff`, SIGN_IN_LIMITS.perAddress);
    expect(refused.status).toBe(429);
    expect((await readJson(refused)).error).toBe('too_many_attempts');
    // The next /64 has its own limit.
    const neighbour = `${net}:2::1`;
    expect((await attempt(neighbour, 0)).status).toBe(401);
  });

  test('consecutive failures lock the e-mail, known or not, without telling whether the password was right', async () => {
    const { email } = await newUser('member');
    const unknown = `nobody-${randomUUID()}@example.com`;
    for (let i = 0; i < LOCKOUT.afterFailures; i++) {
      expect((await login(email, `wrong password ${i}`)).status).toBe(401);
      expect((await login(unknown, `wrong password ${i}`)).status).toBe(401);
    }
    const right = await login(email, PASSWORD);
    const wrong = await login(email, 'still the wrong one');
    const stranger = await login(unknown, PASSWORD);
    for (const res of [right, wrong, stranger]) {
      expect(res.status).toBe(429);
      expect(res.headers.get('set-cookie')).toBeNull();
      // The lock's time left (15 minutes), not a minute's window.
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60 * (LOCKOUT.minutes - 1));
    }
    const bodies = await Promise.all([right, wrong, stranger].map(readJson));
    expect(bodies[0]).toEqual({ error: 'too_many_attempts', message: expect.any(String) });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  test('failures sent in parallel each count: 15 at once lock the e-mail, known or not', async () => {
    const { email } = await newUser('member');
    const unknown = `nobody-${randomUUID()}@example.com`;
    const burst = (address: string) => Promise.all(Array.from({ length: 15 }, (_, i) => login(address, `wrong password ${i}`)));
    for (const address of [email, unknown]) {
      // Each is refused: 401, or 429 once an earlier one of the burst has locked the e-mail.
      for (const res of await burst(address)) expect([401, 429]).toContain(res.status);
      const right = await login(address, PASSWORD);
      expect(right.status).toBe(429);
      expect((await readJson(right)).error).toBe('too_many_attempts');
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(60 * (LOCKOUT.minutes - 1));
    }
  });

  test('a success resets the count of failures', async () => {
    const { email } = await newUser('member');
    for (let i = 0; i < LOCKOUT.afterFailures - 1; i++) expect((await login(email, 'wrong password')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < LOCKOUT.afterFailures - 1; i++) expect((await login(email, 'wrong password')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  test('failures are forgotten after a day without one, for unknown e-mails too (and their rows deleted)', async () => {
    const { user, email } = await newUser('member');
    const unknown = `nobody-${randomUUID()}@example.com`;
    for (let i = 0; i < LOCKOUT.afterFailures - 1; i++) {
      expect((await login(email, 'wrong password')).status).toBe(401);
      expect((await login(unknown, 'wrong password')).status).toBe(401);
    }
    // A day passes (the rows are moved back, as makeExpiredKey moves a key's expiry).
    const dayAgo = new Date(Date.now() - (LOCKOUT.forgetAfterHours + 1) * 3_600_000);
    await t.db.prisma.dashboardUser.update({ where: { id: user.id }, data: { lastFailedAt: dayAgo } });
    await t.db.prisma.signInLockout.update({ where: { email: unknown }, data: { updatedAt: dayAgo } });
    const stale = `stale-${randomUUID()}@example.com`;
    expect((await login(stale, 'wrong password')).status).toBe(401);
    await t.db.prisma.signInLockout.update({ where: { email: stale }, data: { updatedAt: dayAgo } });

    // The tenth failure counts as the first: no lock.
    expect((await login(email, 'wrong password')).status).toBe(401);
    expect((await login(unknown, 'wrong password')).status).toBe(401);
    expect((await login(email, 'wrong password')).status).toBe(401);
    expect((await login(unknown, 'wrong password')).status).toBe(401);
    expect(await t.db.prisma.signInLockout.findUnique({ where: { email: stale } })).toBeNull();
    expect((await login(email, PASSWORD)).status).toBe(200);
  });
});
