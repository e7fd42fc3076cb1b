// npm run schema:snapshot: rewrites schema/__snapshot__/schema.graphql from schema/*.graphql,
// listing what breaks against the previous snapshot (a deliberate update; see docs/graphql.md).
import { changesSinceSnapshot, SNAPSHOT_FILE, writeSnapshot } from '../src/graphql/snapshot.ts';

let breaking: string[] = [];
try {
  breaking = changesSinceSnapshot().breaking;
} catch {
  // no snapshot yet
}
writeSnapshot();
console.log(`wrote ${SNAPSHOT_FILE}`);
if (breaking.length) console.log(`breaking changes accepted (name them in the changelog of docs/graphql.md):\n  ${breaking.join('\n  ')}`);
