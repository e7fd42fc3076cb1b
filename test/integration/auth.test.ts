// Authentication through the domain service: every 401 code in the decided order, scopes,
// dashboard session JWTs (pinned algorithm, issuer, audience, age) and coalesced last-used times.
import { SignJWT, UnsecuredJWT } from 'jose';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { authService, type AuthService } from '../../src/domain/auth/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { AppError } from '../../src/errors.ts';
import { makeAccount } from '../factories/index.ts';
import { testConfig } from '../helpers/app.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const jwtConfig = testConfig({ JWT_SECRET: SECRET }).jwt;

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

function session(sub: string, overrides: { iss?: string; aud?: string; exp?: string | number; alg?: string; secret?: string; iat?: number } = {}) {
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg: overrides.alg ?? 'HS256' })
    .setSubject(sub)
    .setIssuer(overrides.iss ?? jwtConfig.issuer)
    .setAudience(overrides.aud ?? jwtConfig.audience)
    .setIssuedAt(overrides.iat)
    .setExpirationTime(overrides.exp ?? '10m');
  return jwt.sign(new TextEncoder().encode(overrides.secret ?? SECRET));
}

describeEachDatabase('authentication', (target) => {
  let database: TestDatabase;
  let db: Database;
  let auth: AuthService;
  let accountId: string;
  let keys: ReturnType<typeof keysService>;

  beforeAll(async () => {
    database = await target.create();
    db = await connectDatabase(database.connectionString, database.kind);
    auth = authService(db.prisma, jwtConfig, { lastUsedFlushMs: 3_600_000 });
    keys = keysService(db.prisma);
    accountId = (await makeAccount(db.prisma)).id;
  });
  afterAll(async () => {
    await auth.close();
    await db.close();
    await database.close();
  });

  test('the 401 codes, in order', async () => {
    const live = await keys.createKey({ accountId, scopes: ['read'] });
    const revoked = await keys.createKey({ accountId, scopes: ['read'] });
    await keys.revokeKey(String(revoked.id));
    const expiring = await keys.createKey({ accountId, scopes: ['read'], expiresAt: new Date(Date.now() + 1000) });
    const typo = live.key.slice(0, 12) + (live.key[12] === 'a' ? 'b' : 'a') + live.key.slice(13);

    expect(await codeOf(auth.authenticate(undefined))).toBe('missing_authorization');
    expect(await codeOf(auth.authenticate(''))).toBe('invalid_token_format');
    expect(await codeOf(auth.authenticate(`Basic ${live.key}`))).toBe('invalid_token_format');
    expect(await codeOf(auth.authenticate(live.key))).toBe('invalid_token_format');
    expect(await codeOf(auth.authenticate('Bearer sk_live_abc'))).toBe('invalid_token_format');
    expect(await codeOf(auth.authenticate(`Bearer ${live.key} extra`))).toBe('invalid_token_format');
    expect(await codeOf(auth.authenticate(`Bearer ${typo}`))).toBe('key_not_found');
    expect(await codeOf(auth.authenticate('Bearer svc_test_000000000000000000000000000000'))).toBe('key_not_found');
    expect(await codeOf(auth.authenticate(`Bearer ${revoked.key}`))).toBe('key_revoked');
    expect(await codeOf(auth.authenticate(`Bearer ${expiring.key}`, new Date(Date.now() + 2000)))).toBe('key_expired');
    const principal = await auth.authenticate(`bearer ${live.key}`);
    expect(principal).toMatchObject({ accountId, kind: 'api_key', keyId: live.id, budgetKey: `key:${live.id}` });
    expect([...principal.scopes]).toEqual(['read']);
  });

  test('scopes are independent: write does not imply read', async () => {
    const writer = await keys.createKey({ accountId, scopes: ['write'] });
    const principal = await auth.authenticate(`Bearer ${writer.key}`);
    expect(() => auth.requireScope(principal, 'write')).not.toThrow();
    expect(() => auth.requireScope(principal, 'read')).toThrow(expect.objectContaining({ code: 'scope_required:read' }));
    expect(() => auth.requireSession(principal)).toThrow(expect.objectContaining({ code: 'session_required' }));
  });

  test('dashboard sessions: a valid JWT has both scopes; alg none, wrong issuer, audience, secret or age are refused', async () => {
    const principal = await auth.authenticate(`Bearer ${await session(accountId)}`);
    expect(principal).toMatchObject({ accountId, kind: 'session', keyId: null, budgetKey: `session:${accountId}` });
    expect([...principal.scopes].sort()).toEqual(['read', 'write']);

    const unsigned = new UnsecuredJWT({})
      .setSubject(accountId)
      .setIssuer(jwtConfig.issuer)
      .setAudience(jwtConfig.audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .encode();
    expect(await codeOf(auth.authenticate(`Bearer ${unsigned}`))).toBe('key_not_found');
    expect(await codeOf(auth.authenticate(`Bearer ${await session(accountId, { iss: 'someone-else' })}`))).toBe('key_not_found');
    expect(await codeOf(auth.authenticate(`Bearer ${await session(accountId, { aud: 'other-api' })}`))).toBe('key_not_found');
    expect(await codeOf(auth.authenticate(`Bearer ${await session(accountId, { secret: 'x'.repeat(44) })}`))).toBe('key_not_found');
    expect(await codeOf(auth.authenticate(`Bearer ${await session(accountId, { alg: 'HS512' })}`))).toBe('key_not_found');
    expect(await codeOf(auth.authenticate(`Bearer ${await session(accountId, { exp: Math.floor(Date.now() / 1000) - 10 })}`))).toBe('key_expired');
    const old = Math.floor(Date.now() / 1000) - 2 * jwtConfig.maxAgeSeconds;
    expect(await codeOf(auth.authenticate(`Bearer ${await session(accountId, { iat: old, exp: '10m' })}`))).not.toBe('ok');
    expect(await codeOf(auth.authenticate(`Bearer ${await session('acc_nobody')}`))).toBe('key_not_found');
  });

  test('without JWT settings a JWT is not a credential', async () => {
    const noJwt = authService(db.prisma, testConfig().jwt);
    try {
      expect(await codeOf(noJwt.authenticate(`Bearer ${await session(accountId)}`))).toBe('invalid_token_format');
    } finally {
      await noJwt.close();
    }
  });

  test('key lookups are cached briefly: an in-process revocation applies at once, one made elsewhere within the cache time', async () => {
    const cached = authService(db.prisma, jwtConfig, { keyCacheMs: 800 });
    const here = keysService(db.prisma, { onRevoke: (id) => cached.forgetKey(id) });
    try {
      const first = await keys.createKey({ accountId, scopes: ['read'] });
      await cached.authenticate(`Bearer ${first.key}`);
      await here.revokeKey(String(first.id));
      expect(await codeOf(cached.authenticate(`Bearer ${first.key}`))).toBe('key_revoked');

      const second = await keys.createKey({ accountId, scopes: ['read'] });
      await cached.authenticate(`Bearer ${second.key}`);
      await keys.revokeKey(String(second.id)); // another process: no hook reaches this cache
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(await codeOf(cached.authenticate(`Bearer ${second.key}`))).toBe('key_revoked');

      const expiring = await keys.createKey({ accountId, scopes: ['read'], expiresAt: new Date(Date.now() + 60_000) });
      await cached.authenticate(`Bearer ${expiring.key}`);
      expect(await codeOf(cached.authenticate(`Bearer ${expiring.key}`, new Date(Date.now() + 61_000)))).toBe('key_expired');
    } finally {
      await cached.close();
    }
  });

  test('last_used_at is written coalesced, not per request', async () => {
    const key = await keys.createKey({ accountId, scopes: ['read'] });
    for (let i = 0; i < 5; i++) await auth.authenticate(`Bearer ${key.key}`);
    expect((await db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toBeNull();
    await auth.flushLastUsed();
    const used = (await db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt;
    expect(used).not.toBeNull();
    expect(Math.abs(used!.getTime() - Date.now())).toBeLessThan(60_000);
  });
});
