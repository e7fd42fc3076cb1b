// Dashboard users' powers through real HTTP (docs/dashboard.md): a member is refused owner-only
// actions with owner_required and may do the member's ones; an owner manages users; account A's
// session never sees account B's objects; the Authorization header (API keys, external session
// JWTs) works as before and wins over the cookie; REST ignores cookies; a WebSocket upgrade
// carrying the cookie from another origin is refused.
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import pg from 'pg';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';
import { makeStoredSubscription } from '../factories/webhooks.ts';
import { toGlobalId } from '../../src/graphql/global-id.ts';
import { dashboardEnv, sessionGraphql, signedInUser, signIn, TEST_USER_PASSWORD as PASSWORD } from '../helpers/dashboard.ts';

const JWT_SECRET = 'an-external-issuer-secret-0123456789abcdef';

describeEachDatabase('dashboard roles and tenancy', (target) => {
  let database: TestDatabase;
  let t: TestApp;
  let accountA: string;
  let accountB: string;
  let owner: { id: string; cookie: string };
  let member: { id: string; cookie: string };

  const user = (accountId: string, role: 'owner' | 'member') => signedInUser(t, accountId, role);
  const gql = (cookie: string, query: string, variables: Record<string, unknown> = {}) => sessionGraphql(t, cookie, query, variables);
  const codes = (body: { errors?: Array<{ extensions: { code: string } }> }) => (body.errors ?? []).map((e) => e.extensions.code);

  beforeAll(async () => {
    database = await target.create();
    t = await startTestApp(database, { ...dashboardEnv(), JWT_SECRET, WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
    accountA = (await makeAccount(t.db.prisma, { name: 'Store A' })).id;
    accountB = (await makeAccount(t.db.prisma, { name: 'Store B' })).id;
    owner = await user(accountA, 'owner');
    member = await user(accountA, 'member');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  test('a member is refused every owner-only action with owner_required, and nothing changes', async () => {
    const refused = [
      'mutation { createApiKey(input: { scopes: [read] }) { key } }',
      'mutation { pauseAiAccess(input: { reason: "x" }) { userErrors { code } } }',
      'mutation { createWebhook(input: { url: "https://hooks.example.com/x" }) { userErrors { code } } }',
      'mutation { createDashboardUser(input: { email: "new@example.com", role: owner }) { oneTimePassword } }',
      `mutation { removeDashboardUser(id: "${toGlobalId('DashboardUser', owner.id)}") { removedUserId } }`,
      '{ dashboardUsers { email } }',
    ];
    for (const query of refused) expect([query, codes(await gql(member.cookie, query))]).toEqual([query, ['owner_required']]);
    expect((await gql(owner.cookie, '{ aiAccess { state } }')).data.aiAccess.state).toBe('enabled');
    expect(await t.services.users.getUserByEmail('new@example.com')).toBeNull();
    expect(await t.db.prisma.apiKey.count({ where: { accountId: accountA } })).toBe(0);
  });

  test("a member may do the member's actions and reads everything", async () => {
    const id = toGlobalId('ReorderSuggestion', 999_999);
    const body = await gql(member.cookie, `mutation { setReorderStatus(input: { id: "${id}", status: dismissed }) { userErrors { code } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.setReorderStatus.userErrors).toEqual([expect.objectContaining({ code: 'not_found' })]);
    const viewer = await gql(member.cookie, '{ viewer { credential account { name } user { id email role mustChangePassword lastSignInAt } apiKeys { id } } }');
    expect(viewer.data.viewer).toMatchObject({
      credential: 'session',
      account: { name: 'Store A' },
      user: { id: toGlobalId('DashboardUser', member.id), role: 'member', mustChangePassword: false },
      apiKeys: [],
    });
  });

  test("node(id) of a dashboard user: a member sees only themselves, an owner the account's users", async () => {
    const ids = [toGlobalId('DashboardUser', member.id), toGlobalId('DashboardUser', owner.id), toGlobalId('DashboardUser', 'not-a-uuid')];
    const query = 'query ($ids: [ID!]!) { nodes(ids: $ids) { ... on DashboardUser { role } } }';
    expect((await gql(member.cookie, query, { ids })).data.nodes).toEqual([{ role: 'member' }, null, null]);
    expect((await gql(owner.cookie, query, { ids })).data.nodes).toEqual([{ role: 'member' }, { role: 'owner' }, null]);
  });

  test('an owner creates and removes users; not themselves, duplicates are user errors', async () => {
    const created = await gql(
      owner.cookie,
      'mutation { createDashboardUser(input: { email: "Second@Example.com" }) { user { id email role mustChangePassword } oneTimePassword userErrors { code } } }',
    );
    const payload = created.data.createDashboardUser;
    expect(payload.user).toMatchObject({ email: 'second@example.com', role: 'member', mustChangePassword: true });
    expect(payload.oneTimePassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const second = await signIn(t, 'second@example.com', payload.oneTimePassword);

    const duplicate = await gql(
      owner.cookie,
      'mutation { createDashboardUser(input: { email: "second@example.com" }) { user { id } userErrors { field code } } }',
    );
    expect(duplicate.data.createDashboardUser).toEqual({ user: null, userErrors: [{ field: ['input', 'email'], code: 'conflict' }] });
    const bad = await gql(owner.cookie, 'mutation { createDashboardUser(input: { email: "not an address" }) { userErrors { field code } } }');
    expect(bad.data.createDashboardUser.userErrors).toEqual([{ field: ['input', 'email'], code: 'invalid_parameter' }]);

    const list = await gql(owner.cookie, '{ dashboardUsers { id email role } }');
    expect(list.data.dashboardUsers.map((u: { email: string }) => u.email)).toContain('second@example.com');

    const self = await gql(
      owner.cookie,
      `mutation { removeDashboardUser(id: "${toGlobalId('DashboardUser', owner.id)}") { removedUserId userErrors { code message } } }`,
    );
    expect(self.data.removeDashboardUser.userErrors).toEqual([{ code: 'conflict', message: 'You cannot remove yourself.' }]);

    const removed = await gql(owner.cookie, `mutation { removeDashboardUser(id: "${payload.user.id}") { removedUserId userErrors { code } } }`);
    expect(removed.data.removeDashboardUser).toEqual({ removedUserId: payload.user.id, userErrors: [] });
    // The removed user's session ends at once.
    expect((await fetch(`${t.url}/auth/session`, { headers: { cookie: second } })).status).toBe(401);
  });

  test("the account's last owner cannot be removed (by another account's owner neither)", async () => {
    const ownerB = await user(accountB, 'owner');
    const other = await gql(ownerB.cookie, `mutation { removeDashboardUser(id: "${toGlobalId('DashboardUser', owner.id)}") { userErrors { code } } }`);
    expect(other.data.removeDashboardUser.userErrors).toEqual([{ code: 'not_found' }]);
    const externalOwner = await externalSession(accountA);
    const last = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${externalOwner}` },
      body: JSON.stringify({ query: `mutation { removeDashboardUser(id: "${toGlobalId('DashboardUser', owner.id)}") { userErrors { code message } } }` }),
    });
    expect((await readJson(last)).data.removeDashboardUser.userErrors).toEqual([{ code: 'conflict', message: "The account's last owner cannot be removed." }]);
    expect(await t.services.users.getUser(owner.id)).not.toBeNull();
  });

  test('two owners removed at the same time: one is removed, the other stays as the last owner', async () => {
    const accountC = (await makeAccount(t.db.prisma, { name: 'Store C' })).id;
    const [first, second] = [await user(accountC, 'owner'), await user(accountC, 'owner')];
    const external = await externalSession(accountC);
    const remove = (id: string) =>
      fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${external}` },
        body: JSON.stringify({
          query: `mutation { removeDashboardUser(id: "${toGlobalId('DashboardUser', id)}") { removedUserId userErrors { code message } } }`,
        }),
      }).then(readJson);
    const outcome = (a: { data: { removeDashboardUser: { userErrors: Array<{ code: string }> } } }) =>
      a.data.removeDashboardUser.userErrors.map((e) => e.code).join() || 'removed';
    const owners = () => t.db.prisma.dashboardUser.count({ where: { accountId: accountC, role: 'owner' } });
    if (database.kind === 'server') {
      // Deterministic on PostgreSQL: another connection deletes the first owner in a transaction
      // left open; the removal of the second must wait for it and then find one owner left.
      const other = new pg.Client({ connectionString: database.connectionString });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('DELETE FROM dashboard_users WHERE id = $1', [first.id]);
        let answered = false;
        const pending = remove(second.id).finally(() => (answered = true));
        // Until the removal waits on the open transaction's row lock (a session of this test's database
        // waiting on a lock), or answers without waiting (then it could not have seen the deletion).
        const waiting = async () =>
          Number((await other.query("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0].n) >
          0;
        while (!answered && !(await waiting())) await new Promise((r) => setTimeout(r, 20));
        await other.query('COMMIT');
        expect(outcome(await pending)).toBe('conflict');
      } finally {
        await other.end();
      }
    } else {
      const answers = await Promise.all([remove(first.id), remove(second.id)]);
      expect(answers.map(outcome).sort()).toEqual(['conflict', 'removed']);
    }
    expect(await owners()).toBe(1);
  });

  test("account A's session never sees account B's data", async () => {
    const keyB = await makeKey(t.db.prisma, accountB);
    const keyBRow = await t.services.keys.findKey(keyB);
    const hookB = await makeStoredSubscription(t.db.prisma, accountB, 'https://hooks.example.com/b');
    const ownerB = await user(accountB, 'owner');
    const ids = [
      toGlobalId('Account', accountB),
      toGlobalId('ApiKey', keyBRow!.id),
      toGlobalId('WebhookSubscription', hookB.id),
      toGlobalId('DashboardUser', ownerB.id),
    ];
    const nodes = await gql(owner.cookie, 'query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
    expect(nodes.data.nodes).toEqual([null, null, null, null]);
    const mine = await gql(owner.cookie, '{ viewer { account { id } apiKeys { id } } dashboardUsers { email } webhookSubscriptions { nodes { id } } }');
    expect(mine.data.viewer.account.id).toBe(toGlobalId('Account', accountA));
    expect(mine.data.viewer.apiKeys).toEqual([]);
    expect(mine.data.webhookSubscriptions.nodes).toEqual([]);
    expect(mine.data.dashboardUsers.map((u: { email: string }) => u.email)).not.toContain(ownerB.email);
    const revoke = await gql(owner.cookie, `mutation { revokeApiKey(input: { id: "${ids[1]}" }) { apiKey { id } userErrors { code } } }`);
    expect(revoke.data.revokeApiKey.userErrors).toEqual([{ code: 'not_found' }]);
    expect((await t.services.keys.findKey(keyB))!.revokedAt).toBeNull();
  });

  async function externalSession(accountId: string): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(accountId)
      .setIssuer(t.config.jwt.issuer)
      .setAudience(t.config.jwt.audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(JWT_SECRET));
  }

  test('external session JWTs and API keys work as before; the Authorization header wins over the cookie', async () => {
    const external = await externalSession(accountA);
    const asExternal = (query: string, extra: Record<string, string> = {}) =>
      fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${external}`, ...extra },
        body: JSON.stringify({ query }),
      }).then(readJson);
    const viewer = await asExternal('{ viewer { credential user { id } account { name } } }');
    expect(viewer.data.viewer).toEqual({ credential: 'session', user: null, account: { name: 'Store A' } });
    // No CSRF header needed, owner powers, and the member's cookie beside it changes nothing.
    const created = await asExternal('mutation { createApiKey(input: { scopes: [read], name: "ext" }) { key userErrors { code } } }', {
      cookie: member.cookie,
    });
    expect(created.data.createApiKey.key).toMatch(/^svc_test_/);

    const key = created.data.createApiKey.key as string;
    const withKey = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, cookie: owner.cookie, 'apollo-require-preflight': '1' },
      body: JSON.stringify({ query: '{ viewer { credential } }' }),
    }).then(readJson);
    expect(withKey.data.viewer.credential).toBe('api_key');

    // REST reads the Authorization header only.
    const rest = await fetch(`${t.url}/api/v1/me`, { headers: { cookie: owner.cookie } });
    expect(rest.status).toBe(401);
    expect((await readJson(rest)).error).toBe('missing_authorization');
  });

  /** Opens a graphql-ws socket with the cookie; resolves with the upgrade's refusal status or the first message after connection_init. */
  function wsWithCookie(cookie: string, origin: string): Promise<{ status: number } | { message: { type: string } } | { closed: string }> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`${t.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: { cookie, origin } });
      socket.on('unexpected-response', (_request, response) => {
        resolve({ status: response.statusCode ?? 0 });
        socket.terminate();
      });
      socket.on('error', () => {});
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
      socket.on('message', (data) => {
        resolve({ message: JSON.parse(String(data)) as { type: string } });
        socket.close();
      });
      socket.on('close', (_code, reason) => resolve({ closed: String(reason) }));
    });
  }

  test("the service's own session token is refused as Bearer (REST, GraphQL, WebSocket): it counts only as the cookie", async () => {
    const token = member.cookie.slice(member.cookie.indexOf('=') + 1);
    const bearer = { authorization: `Bearer ${token}` };
    const before = await t.db.prisma.webhookSubscription.count({ where: { accountId: accountA } });
    const rest = await fetch(`${t.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer },
      body: JSON.stringify({ url: 'https://hooks.example.com/bearer' }),
    });
    expect(rest.status).toBe(401);
    expect((await readJson(rest)).error).toBe('key_not_found');
    const graphql = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer },
      body: JSON.stringify({ query: 'mutation { createWebhook(input: { url: "https://hooks.example.com/bearer" }) { userErrors { code } } }' }),
    });
    expect(codes(await readJson(graphql))).toEqual(['key_not_found']);
    expect(await t.db.prisma.webhookSubscription.count({ where: { accountId: accountA } })).toBe(before);
    // In connection_init (no cookie on the upgrade): refused like an unknown token.
    const closed = await new Promise<{ code: number; reason: string }>((resolve) => {
      const socket = new WebSocket(`${t.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
      socket.on('error', () => {});
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });
    expect(closed).toEqual({ code: 4403, reason: 'key_not_found' });
  });

  /** A subscribed socket opened with the cookie; `closed` resolves with its close code and reason (wrapped: awaiting it waits for the close). */
  async function subscribedWithCookie(cookie: string) {
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: { cookie, origin: t.url } });
    socket.on('error', () => {});
    const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
    const acked = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as { type: string }).type === 'connection_ack') resolve();
      }),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    const before = t.services.live.size();
    socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    await acked;
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { insightCreated { title } }' } }));
    while (t.services.live.size() <= before) await new Promise((r) => setTimeout(r, 20));
    return { closed };
  }

  test('a subscribed cookie socket is closed (4401) by sign-out everywhere, a password change and the removal of its user', async () => {
    const csrf = { 'apollo-require-preflight': '1' };
    const a = await user(accountA, 'member');
    const { closed: closedA } = await subscribedWithCookie(a.cookie);
    const { closed: other } = await subscribedWithCookie(owner.cookie);
    expect((await fetch(`${t.url}/auth/logout-everywhere`, { method: 'POST', headers: { cookie: a.cookie, ...csrf } })).status).toBe(204);
    expect(await closedA).toEqual({ code: 4401, reason: 'not_signed_in' });

    const b = await user(accountA, 'member');
    const { closed: closedB } = await subscribedWithCookie(b.cookie);
    const changed = await fetch(`${t.url}/auth/password`, {
      method: 'POST',
      headers: { cookie: b.cookie, 'content-type': 'application/json', ...csrf },
      body: JSON.stringify({ currentPassword: PASSWORD, newPassword: 'another long passphrase' }),
    });
    expect(changed.status).toBe(200);
    expect(await closedB).toEqual({ code: 4401, reason: 'not_signed_in' });

    const c = await user(accountA, 'member');
    const { closed: closedC } = await subscribedWithCookie(c.cookie);
    const removed = await gql(owner.cookie, `mutation { removeDashboardUser(id: "${toGlobalId('DashboardUser', c.id)}") { removedUserId } }`);
    expect(removed.data.removeDashboardUser.removedUserId).toBe(toGlobalId('DashboardUser', c.id));
    expect(await closedC).toEqual({ code: 4401, reason: 'not_signed_in' });

    // Another user's socket stays open: it still receives its subscription's events.
    const stillOpen = await Promise.race([other.then(() => 'closed'), new Promise((r) => setImmediate(() => r('open')))]);
    expect(stillOpen).toBe('open');
  });

  test('a WebSocket upgrade takes the cookie from the same origin and refuses it from another', async () => {
    expect(await wsWithCookie(member.cookie, t.url)).toEqual({ message: { type: 'connection_ack' } });
    expect(await wsWithCookie(member.cookie, 'https://evil.example.net')).toEqual({ status: 403 });
  });
});
