// The hot reads' path to the pool (src/db/statements.ts): the same rows as pg's own parsers give
// (timestamptz read by V8's ISO parser, in UTC and in an offset zone with minutes, and the values
// only pg's parser reads: infinity, BC, years past 9999), on a PostgreSQL server with prepared
// statements, past the number of texts a process prepares, and on the embedded database unnamed;
// reads asked for in one turn go together (src/db/read-batch.ts): one transaction, and a read
// that fails there fails alone. A transaction of connectedTransaction (the ingestion's writes)
// sends statements on its own connection, inside it, and on no connection once it has ended.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { type DirectStatements, connectedTransaction, poolOf, statementsOf } from '../../src/db/client.ts';
import { Prisma } from '../../src/db/__generated__/prisma/client.ts';
import { queryRows, sqlInt } from '../../src/db/statements.ts';
import * as ingestionSql from '../../src/domain/ingestion/sql.ts';

const INSTANTS = [
  '2026-11-23 22:31:10+00',
  '2026-11-23 22:31:10.123+00',
  '2026-01-02 03:04:05.6789+00',
  '1969-12-31 23:59:59.999+00',
  '2024-02-29 23:59:59.999999+00',
  '2026-11-23 22:31:10.1+00',
  '2026-11-23 22:31:10.12+00',
  '0099-06-30 12:00:00.5+00',
  '0100-03-01 00:00:00+00',
  '0044-03-15 12:00:00+00 BC',
  '12026-01-01 00:00:00+00',
  'infinity',
  '-infinity',
];

describeEachDatabase('hot reads through the pool', (target) => {
  let database: TestDatabase;
  const opened: Database[] = [];
  // One connection by default: a turn's reads then share it (they are spread over free connections).
  const open = async (options = '', poolSize = 1) => {
    const url = new URL(database.connectionString);
    // Startup options reach a PostgreSQL server; the embedded database's socket keeps UTC.
    if (options && target.name === 'postgres') url.searchParams.set('options', options);
    const db = await connectDatabase(url.toString(), database.kind, { poolSize });
    opened.push(db);
    return db;
  };

  beforeAll(async () => {
    database = await target.create({ migrate: false });
  });
  afterAll(async () => {
    for (const db of opened) await db.close();
    await database.close();
  });

  it.each(['', '-c TimeZone=Asia/Kolkata', '-c TimeZone=America/St_Johns'])('reads timestamptz as pg does (%s)', async (options) => {
    const db = await open(options);
    const statement = Prisma.sql`SELECT v::timestamptz AS at FROM unnest(${INSTANTS}::text[]) WITH ORDINALITY AS t(v, n) ORDER BY n`;
    const ours = await queryRows(db.prisma, statement);
    const theirs = (await poolOf(db.prisma).query(statement.text, statement.values as unknown[])).rows;
    const times = (rows: unknown[]) => rows.map((r) => (r as { at: Date | number }).at.valueOf());
    expect(times(ours)).toEqual(times(theirs));
    expect((ours[0] as { at: Date }).at.toISOString()).toBe('2026-11-23T22:31:10.000Z');
    expect((ours[2] as { at: Date }).at.toISOString()).toBe('2026-01-02T03:04:05.678Z');
  });

  it('answers every statement text, past the number a process prepares', async () => {
    const db = await open();
    for (let round = 0; round < 2; round++) {
      for (let n = 1; n <= 230; n++) {
        const rows = await queryRows(db.prisma, Prisma.sql`SELECT g FROM generate_series(1, ${n}::int) g LIMIT ${sqlInt(n)}`);
        expect(rows).toHaveLength(n);
      }
    }
  });

  it('names the statements on a server unless DATABASE_PREPARED_STATEMENTS is off (a pooler that drops them)', async () => {
    const preparedBy = async (preparedStatements: boolean) => {
      const db = await connectDatabase(database.connectionString, database.kind, { poolSize: 1, preparedStatements });
      opened.push(db);
      // The text the test above names first (a process names at most 200, whichever test runs first).
      const statement = Prisma.sql`SELECT g FROM generate_series(1, ${1}::int) g LIMIT ${sqlInt(1)}`;
      expect(await queryRows(db.prisma, statement)).toHaveLength(1);
      // One connection: the pool's next statement runs in the session that ran the read.
      const { rows } = await poolOf(db.prisma).query('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1', [statement.text]);
      return rows[0].n as number;
    };
    expect(await preparedBy(false)).toBe(0);
    expect(await preparedBy(true)).toBe(target.name === 'postgres' ? 1 : 0);
  });

  it('sends the reads of one turn together, in one transaction, each with its own rows', async () => {
    const db = await open();
    const read = (n: number) =>
      queryRows(db.prisma, Prisma.sql`SELECT pg_backend_pid() AS pid, now() AS at, g FROM generate_series(1, ${n}::int) g ORDER BY g LIMIT ${sqlInt(n)}`);
    for (let round = 0; round < 2; round++) {
      const answers = (await Promise.all([1, 2, 3, 40].map(read))) as Array<Array<{ pid: number; at: Date; g: number }>>;
      expect(answers.map((rows) => rows.map((r) => r.g))).toEqual([1, 2, 3, 40].map((n) => Array.from({ length: n }, (_, i) => i + 1)));
      // One connection, one transaction (now() is the transaction's start).
      expect(new Set(answers.map((rows) => rows[0]!.pid)).size).toBe(1);
      expect(new Set(answers.map((rows) => rows[0]!.at.getTime())).size).toBe(1);
    }
  });

  it('spreads the reads of one turn over the free connections: a slow read holds back no other request', async () => {
    if (target.name !== 'postgres') return; // the embedded database has one session for all connections
    const db = await open('', 4);
    const read = (n: number) => queryRows(db.prisma, Prisma.sql`SELECT pg_backend_pid() AS pid, ${n}::int AS n`);
    // A fresh pool may open four connections: four reads go on four backends.
    const answers = (await Promise.all([1, 2, 3, 4].map(read))) as Array<Array<{ pid: number; n: number }>>;
    expect(answers.map((rows) => rows[0]!.n)).toEqual([1, 2, 3, 4]);
    expect(new Set(answers.map((rows) => rows[0]!.pid)).size).toBe(4);
    // Eight reads over the free connections (up to four): shared, each answered with its own row.
    const eight = (await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(read))) as Array<Array<{ pid: number; n: number }>>;
    expect(eight.map((rows) => rows[0]!.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(eight.map((rows) => rows[0]!.pid)).size).toBeGreaterThan(1);
  });

  it('answers every read of a turn with more reads than one batch holds', async () => {
    const db = await open();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => queryRows(db.prisma, Prisma.sql`SELECT ${n}::int AS n, ${`r${n}`}::text AS t`)));
    expect(answers).toEqual(Array.from({ length: 40 }, (_, n) => [{ n, t: `r${n}` }]));
  });

  it('fails only the read that failed: those after it in its batch are answered', async () => {
    const db = await open();
    for (let round = 0; round < 2; round++) {
      const [before, failed, after, bad] = await Promise.allSettled([
        queryRows(db.prisma, Prisma.sql`SELECT ${1}::int AS n`),
        queryRows(db.prisma, Prisma.sql`SELECT 1 / ${0}::int AS n`),
        queryRows(db.prisma, Prisma.sql`SELECT ${3}::int AS n`),
        queryRows(db.prisma, Prisma.sql`SELECT * FROM no_such_table_here WHERE id = ${4}::int`),
      ]);
      expect(before).toEqual({ status: 'fulfilled', value: [{ n: 1 }] });
      expect(failed.status === 'rejected' && (failed.reason as { code?: string }).code).toBe('22012');
      expect(after).toEqual({ status: 'fulfilled', value: [{ n: 3 }] });
      expect(bad.status === 'rejected' && (bad.reason as { code?: string }).code).toBe('42P01');
    }
    // The pool still answers (a connection whose statement failed is dropped, as pool.query does).
    expect(await queryRows(db.prisma, Prisma.sql`SELECT ${5}::int AS n`)).toEqual([{ n: 5 }]);
  });

  it('answers the rest of a batch whose connection is terminated under it', async () => {
    if (target.name !== 'postgres') return; // the embedded database's session cannot be terminated
    const db = await open();
    const admin = await open();
    const slow = queryRows(db.prisma, Prisma.sql`SELECT pg_backend_pid() AS pid, pg_sleep(${2}::float8) AS slept`);
    const after = queryRows(db.prisma, Prisma.sql`SELECT ${7}::int AS n`);
    // The batch's backend: the one running pg_sleep.
    let pid: number | undefined;
    for (let i = 0; i < 100 && pid === undefined; i++) {
      const rows = await queryRows(admin.prisma, Prisma.sql`SELECT pid FROM pg_stat_activity WHERE query LIKE ${'%pg_sleep%'} AND pid <> pg_backend_pid()`);
      pid = (rows[0] as { pid?: number } | undefined)?.pid;
      if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pid).toBeDefined();
    await queryRows(admin.prisma, Prisma.sql`SELECT pg_terminate_backend(${pid!}::int)`);
    await expect(slow).rejects.toThrow();
    expect(await after).toEqual([{ n: 7 }]);
    expect(await queryRows(db.prisma, Prisma.sql`SELECT ${8}::int AS n`)).toEqual([{ n: 8 }]);
  });

  it("sends a transaction's statements on its own connection, in the transaction, until it ends (connectedTransaction)", async () => {
    const db = await open('', 2);
    const options = { timeout: 10_000, maxWait: 5_000 };
    const sql = `SELECT pg_backend_pid() AS pid, txid_current()::text AS xid`;
    let kept: DirectStatements | null = null;
    const [viaPrisma, direct] = await connectedTransaction(
      db.prisma,
      async (tx) => {
        kept = statementsOf(tx);
        return [(await tx.$queryRawUnsafe<unknown[]>(sql))[0], (await kept!.rows(sql, []))[0]];
      },
      options,
    );
    expect(direct).toEqual(viaPrisma);
    await expect(kept!.rows('SELECT 1', [])).rejects.toThrow('Transaction already closed');
    expect(statementsOf(db.prisma)).toBeNull();
    // A failed transaction rolls back what its direct statements did.
    const failed = connectedTransaction(
      db.prisma,
      async (tx) => {
        await statementsOf(tx)!.count('CREATE TABLE direct_rolled_back (n int)', []);
        throw new Error('the work failed');
      },
      options,
    );
    await expect(failed).rejects.toThrow('the work failed');
    expect((await poolOf(db.prisma).query(`SELECT to_regclass('direct_rolled_back')::text AS "table"`)).rows).toEqual([{ table: null }]);
  });

  it('runs statement steps one behind the other, on the connection or through Prisma, failing with the first failure (inOrder)', async () => {
    const db = await open('', 2);
    const options = { timeout: 10_000, maxWait: 5_000 };
    const { execute, inOrder, queryRows: rows } = ingestionSql;
    const steps = (tx: Parameters<typeof execute>[0]) =>
      inOrder(
        tx,
        () => execute(tx, `SELECT set_config('steps.n', '1', true)`),
        () => rows<unknown[]>(tx, `SELECT set_config('steps.n', (current_setting('steps.n')::int + 1)::text, true) AS n`),
        () => rows<unknown[]>(tx, `SELECT current_setting('steps.n')::int AS total`),
      );
    const failing = (tx: Parameters<typeof execute>[0]) =>
      inOrder(
        tx,
        () => execute(tx, 'SELECT 1 / 0'),
        () => execute(tx, 'SELECT 1'),
      );
    expect(await connectedTransaction(db.prisma, steps, options)).toEqual([1, [{ n: '2' }], [{ total: 2 }]]);
    expect(await db.prisma.$transaction(steps)).toEqual([1, [{ n: '2' }], [{ total: 2 }]]);
    await expect(connectedTransaction(db.prisma, failing, options)).rejects.toThrow('division by zero');
    await expect(db.prisma.$transaction(failing)).rejects.toThrow('division by zero');
  });

  it('refuses anything but a count as text', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 60]) expect(() => sqlInt(bad)).toThrow('not a count');
    expect(sqlInt(25).text).toBe('25');
  });
});
