// jest globalTeardown, once after the last suite: drops the PostgreSQL databases the run's suites
// were copied into (test/helpers/templates.ts, cloneServerDatabase: a suite's `drop` only ends its
// sessions). PostgreSQL makes every DROP DATABASE wait for a checkpoint; dropped here, several at
// once, they share a few instead of each suite waiting on one of its own. Databases left by an
// earlier run that never got here (killed) are dropped too once they are a day old: their names
// carry their run's start time (`<prefix>_r<base 36 ms>_<random>`).
import pg from 'pg';

const DAY_MS = 24 * 60 * 60 * 1000;
const PARALLEL = 4;
const NAMED = /^[a-z0-9]+_r([0-9a-z]{8,10})_[0-9a-f]{16}$/;

/** Whether a database is this run's, or an earlier run's left for a day. */
function ours(name, tag, now) {
  const match = NAMED.exec(name);
  if (!match) return false;
  return `r${match[1]}` === tag || now - parseInt(match[1], 36) > DAY_MS;
}

export default async function globalTeardown() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const tag = process.env.TEST_RUN_TAG;
  if (!adminUrl || !tag) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname ~ '_r[0-9a-z]+_[0-9a-f]{16}$'`);
    const names = rows.map((row) => row.datname).filter((name) => ours(name, tag, Date.now()));
    const clients = await Promise.all(
      Array.from({ length: Math.min(PARALLEL, names.length) }, async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        return client;
      }),
    );
    try {
      await Promise.all(
        clients.map(async (client) => {
          for (let name = names.pop(); name !== undefined; name = names.pop()) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        }),
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  } finally {
    await admin.end();
  }
}
