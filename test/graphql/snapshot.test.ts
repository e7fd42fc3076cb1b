// Schema evolution: the committed snapshot is the contract. A breaking change against it fails
// here (graphql's findBreakingChanges) until the snapshot is updated deliberately with
// `npm run schema:snapshot`; a stale snapshot (an addition not recorded) fails too.
import { buildSchema, isObjectType, type GraphQLObjectType } from 'graphql';
import { changesSinceSnapshot, currentSdl, readSnapshot } from '../../src/graphql/snapshot.ts';

it('makes no breaking change against the committed snapshot', () => {
  expect(changesSinceSnapshot().breaking).toEqual([]);
});

it('has the snapshot up to date (npm run schema:snapshot)', () => {
  expect(readSnapshot() === currentSdl()).toBe(true);
});

it('dates every deprecation ("Use … . Removal on <date>.") at least 180 days after it was made', () => {
  const reasons = [...currentSdl().matchAll(/@deprecated\(reason: "([^"]*)"\)/g)].map((m) => m[1]!);
  expect(reasons.length).toBeGreaterThan(0);
  for (const reason of reasons) {
    const match = /^Use .+\. Removal on (\d{4}-\d{2}-\d{2})\.$/.exec(reason);
    expect({ reason, ok: Boolean(match) }).toEqual({ reason, ok: true });
    // Deprecations of issue 13 (made 2026-11-23) name 2027-06-01: 190 days.
    expect(Date.parse(match![1]!) - Date.parse('2026-11-23')).toBeGreaterThanOrEqual(180 * 86_400_000);
  }
});

it('gives every connection edges, nodes, pageInfo and totalCount', () => {
  const schema = buildSchema(currentSdl());
  const connections = Object.values(schema.getTypeMap()).filter((t) => isObjectType(t) && t.getFields().edges && t.getFields().pageInfo);
  expect(connections.length).toBeGreaterThan(5);
  const missing = connections.flatMap((t) =>
    ['edges', 'nodes', 'pageInfo', 'totalCount'].filter((f) => !(t as GraphQLObjectType).getFields()[f]).map((f) => `${t.name}.${f}`),
  );
  expect(missing).toEqual([]);
});
