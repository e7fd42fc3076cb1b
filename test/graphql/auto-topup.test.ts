// updateAutoTopup through real HTTP (docs/graphql.md, docs/dashboard.md "Settings"): an owner's
// session sets the auto top-up and reads it back; a member gets owner_required and an API key
// session_required; bad values are userErrors at their input field and change nothing; one
// account's owner never changes another account's settings.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';
import { dashboardEnv, sessionGraphql, signedInUser } from '../helpers/dashboard.ts';
import { codes, gql } from './helpers.ts';

const UPDATE = `mutation Update($input: UpdateAutoTopupInput!) {
  updateAutoTopup(input: $input) { autoTopup { enabled threshold topUpAmount lastChargedAt } userErrors { field code message } }
}`;
const READ = '{ viewer { credits { autoTopup { enabled threshold topUpAmount lastChargedAt } } } }';

describeEachDatabase('updateAutoTopup', (target) => {
  let database: TestDatabase;
  let t: TestApp;
  let accountA: string;
  let accountB: string;
  let ownerA: string;
  let ownerB: string;
  let memberA: string;

  const cookieOf = async (accountId: string, role: 'owner' | 'member') => (await signedInUser(t, accountId, role)).cookie;
  const asSession = (cookie: string, query: string, variables: Record<string, unknown> = {}) => sessionGraphql(t, cookie, query, variables);
  const settingsOf = async (accountId: string) =>
    t.db.prisma.creditBalance.findUniqueOrThrow({
      where: { accountId },
      select: { autoTopupEnabled: true, autoTopupThreshold: true, autoTopupAmount: true },
    });

  beforeAll(async () => {
    database = await target.create();
    t = await startTestApp(database, dashboardEnv());
    accountA = (await makeAccount(t.db.prisma, { name: 'Store A' })).id;
    accountB = (await makeAccount(t.db.prisma, { name: 'Store B' })).id;
    ownerA = await cookieOf(accountA, 'owner');
    ownerB = await cookieOf(accountB, 'owner');
    memberA = await cookieOf(accountA, 'member');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  test("an owner's session sets the auto top-up and reads it back", async () => {
    const before = await settingsOf(accountA);
    expect(before).toEqual({ autoTopupEnabled: false, autoTopupThreshold: 100, autoTopupAmount: 500 });
    const set = await asSession(ownerA, UPDATE, { input: { enabled: true, threshold: 250, topUpAmount: 1_000 } });
    expect(set.errors).toBeUndefined();
    expect(set.data.updateAutoTopup).toEqual({ autoTopup: { enabled: true, threshold: 250, topUpAmount: 1_000, lastChargedAt: null }, userErrors: [] });
    const read = await asSession(ownerA, READ);
    expect(read.data.viewer.credits.autoTopup).toEqual({ enabled: true, threshold: 250, topUpAmount: 1_000, lastChargedAt: null });
    expect(await settingsOf(accountA)).toEqual({ autoTopupEnabled: true, autoTopupThreshold: 250, autoTopupAmount: 1_000 });

    const off = await asSession(ownerA, UPDATE, { input: { enabled: false, threshold: 1, topUpAmount: 1_000_000 } });
    expect(off.data.updateAutoTopup.autoTopup).toMatchObject({ enabled: false, threshold: 1, topUpAmount: 1_000_000 });
  });

  test('bad values are userErrors at their input field and change nothing', async () => {
    await asSession(ownerA, UPDATE, { input: { enabled: true, threshold: 300, topUpAmount: 700 } });
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ threshold: 0 }, ['input', 'threshold']],
      [{ threshold: -5 }, ['input', 'threshold']],
      [{ threshold: 1_000_001 }, ['input', 'threshold']],
      [{ topUpAmount: 0 }, ['input', 'topUpAmount']],
      [{ topUpAmount: 1_000_001 }, ['input', 'topUpAmount']],
    ];
    for (const [bad, field] of cases) {
      const body = await asSession(ownerA, UPDATE, { input: { enabled: false, threshold: 10, topUpAmount: 20, ...bad } });
      expect(body.errors).toBeUndefined();
      expect([bad, body.data.updateAutoTopup]).toEqual([
        bad,
        { autoTopup: null, userErrors: [{ field, code: 'invalid_parameter', message: expect.stringMatching(/from 1 to 1000000/) }] },
      ]);
    }
    // Not an Int at all: a variable error before any resolver runs (no data, no 500).
    const huge = await asSession(ownerA, UPDATE, { input: { enabled: true, threshold: 2 ** 40, topUpAmount: 5 } });
    expect(huge.data).toBeUndefined();
    expect(huge.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/threshold/) })]);
    expect(await settingsOf(accountA)).toEqual({ autoTopupEnabled: true, autoTopupThreshold: 300, autoTopupAmount: 700 });
  });

  test('a member gets owner_required and an API key session_required; nothing changes', async () => {
    const before = await settingsOf(accountA);
    const input = { enabled: !before.autoTopupEnabled, threshold: 42, topUpAmount: 43 };
    const member = await asSession(memberA, UPDATE, { input });
    expect(member.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['owner_required']);
    expect(member.data.updateAutoTopup).toBeNull();
    // A member still reads the settings (the read-only view of the Settings page).
    expect((await asSession(memberA, READ)).data.viewer.credits.autoTopup).toMatchObject({ threshold: before.autoTopupThreshold });

    const key = await makeKey(t.db.prisma, accountA, ['read', 'write']);
    const viaKey = await gql(t, key, UPDATE, { input });
    expect(codes(viaKey)).toEqual(['session_required']);
    expect(viaKey.body.data.updateAutoTopup).toBeNull();
    expect(await settingsOf(accountA)).toEqual(before);
  });

  test("one account's owner never changes another account's settings", async () => {
    const beforeB = await settingsOf(accountB);
    await asSession(ownerA, UPDATE, { input: { enabled: true, threshold: 777, topUpAmount: 888 } });
    expect(await settingsOf(accountB)).toEqual(beforeB);
    const setB = await asSession(ownerB, UPDATE, { input: { enabled: true, threshold: 5, topUpAmount: 6 } });
    expect(setB.data.updateAutoTopup.autoTopup).toMatchObject({ threshold: 5, topUpAmount: 6 });
    expect(await settingsOf(accountA)).toEqual({ autoTopupEnabled: true, autoTopupThreshold: 777, autoTopupAmount: 888 });
    expect((await asSession(ownerA, READ)).data.viewer.credits.autoTopup).toMatchObject({ threshold: 777, topUpAmount: 888 });
  });
});
