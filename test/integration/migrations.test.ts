// The committed migrations build exactly the schema of prisma/schema.prisma, are recorded as
// `prisma migrate deploy` records them, and carry the database rules Prisma cannot express.
import pg from 'pg';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { applyMigrations, diffMigrationsToSchema, loadMigrations } from '../../src/db/migrator.ts';
import { migrationTarget } from '../../src/db/database.ts';

describeEachDatabase('migrations', (target) => {
  let db: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    db = await target.create({ migrate: false });
    client = new pg.Client({ connectionString: db.connectionString });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.close();
  });

  test('apply every committed migration and record it in _prisma_migrations', async () => {
    const folders = (await loadMigrations()).migrationDirectories.map((d) => d.path);
    expect(folders.length).toBeGreaterThan(0);
    const applied = await applyMigrations(migrationTarget(db.connectionString, db.kind));
    expect(applied).toEqual(folders);
    const rows = await client.query('SELECT migration_name, finished_at, rolled_back_at, checksum FROM _prisma_migrations ORDER BY migration_name');
    expect(rows.rows.map((r) => r.migration_name)).toEqual(folders);
    for (const row of rows.rows) {
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  test('a second apply is a no-op', async () => {
    expect(await applyMigrations(migrationTarget(db.connectionString, db.kind))).toEqual([]);
  });

  test('the migrations produce exactly schema.prisma (empty diff)', async () => {
    expect(await diffMigrationsToSchema(migrationTarget(db.connectionString, db.kind))).toBe('');
  });

  test('the credit ledger refuses UPDATE and DELETE, and a balance cannot go negative', async () => {
    await client.query(`INSERT INTO accounts (id, name, updated_at) VALUES ('acc_m', 'm', now())`);
    await client.query(`INSERT INTO credit_balances (account_id, balance) VALUES ('acc_m', 10)`);
    const { rows } = await client.query(
      `INSERT INTO credit_transactions (account_id, kind, amount, balance_after) VALUES ('acc_m', 'grant', 10, 10) RETURNING id`,
    );
    await expect(client.query('UPDATE credit_transactions SET amount = 11 WHERE id = $1', [rows[0].id])).rejects.toThrow(/append-only/);
    await expect(client.query('DELETE FROM credit_transactions WHERE id = $1', [rows[0].id])).rejects.toThrow(/append-only/);
    await expect(client.query(`UPDATE credit_balances SET balance = -1 WHERE account_id = 'acc_m'`)).rejects.toThrow(/nonnegative/);
    const after = await client.query(`SELECT amount FROM credit_transactions WHERE id = $1`, [rows[0].id]);
    expect(after.rows[0].amount).toBe(10);
  });
});
