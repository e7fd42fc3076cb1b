// The only Prisma access for dashboard users and the sign-in lockouts of unknown e-mails.
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { DashboardRole, FailureLock, FailureState } from './rules.ts';
import { isUniqueViolation } from '../shared/rows.ts';

export const userSelect = {
  id: true,
  accountId: true,
  email: true,
  role: true,
  mustChangePassword: true,
  sessionVersion: true,
  createdAt: true,
  lastSignInAt: true,
} as const;

/** A dashboard user as the service hands it out (never the password hash). */
export interface DashboardUser {
  id: string;
  accountId: string;
  email: string;
  role: DashboardRole;
  mustChangePassword: boolean;
  sessionVersion: number;
  createdAt: Date;
  lastSignInAt: Date | null;
}

export interface UserWithSecret extends DashboardUser, FailureState {
  passwordHash: string;
}

const secretSelect = { ...userSelect, passwordHash: true, failedAttempts: true, lockedUntil: true, lastFailedAt: true } as const;

/**
 * The failure count after one more failure, from the row being updated ($3: failures before it are
 * forgotten; an expired lock starts the count again). Computed in the UPDATE itself, never from a
 * row read earlier: a concurrent update makes PostgreSQL evaluate it again on the newest row.
 */
const nextCount = (row: string, lastFailed: string) =>
  `(CASE WHEN ${row}.locked_until IS NOT NULL OR ${row}.${lastFailed} IS NULL OR ${row}.${lastFailed} < $3::timestamptz THEN 1 ELSE ${row}.failed_attempts + 1 END)`;
/** SET of a failure ($2 now, $4 failures that lock, $5 the lock's end), and the WHERE leaving a locked row alone. */
const failureSet = (row: string, lastFailed: string) => `
  failed_attempts = CASE WHEN ${nextCount(row, lastFailed)} >= $4::int THEN 0 ELSE ${nextCount(row, lastFailed)} END,
  locked_until = CASE WHEN ${nextCount(row, lastFailed)} >= $4::int THEN $5::timestamptz ELSE NULL END,
  ${lastFailed} = $2::timestamptz
  WHERE (${row}.locked_until IS NULL OR ${row}.locked_until <= $2::timestamptz)`;
const RECORD_FAILURE = `UPDATE dashboard_users AS u SET ${failureSet('u', 'last_failed_at')} AND u.id = $1::uuid`;
const RECORD_UNKNOWN_FAILURE = `
  INSERT INTO sign_in_lockouts AS l (email, failed_attempts, locked_until, updated_at)
  VALUES ($1, CASE WHEN $4::int <= 1 THEN 0 ELSE 1 END, CASE WHEN $4::int <= 1 THEN $5::timestamptz END, $2::timestamptz)
  ON CONFLICT (email) DO UPDATE SET ${failureSet('l', 'updated_at')}`;

export function usersRepo(prisma: PrismaClient) {
  return {
    async create(data: {
      id: string;
      accountId: string;
      email: string;
      passwordHash: string;
      role: DashboardRole;
      mustChangePassword: boolean;
    }): Promise<DashboardUser> {
      try {
        return await prisma.dashboardUser.create({ data, select: userSelect });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', 'A dashboard user with this e-mail already exists.', { param: 'email' });
        if ((error as { code?: string } | null)?.code === 'P2003') throw new AppError('not_found', 'No such account.', { param: 'accountId' });
        throw error;
      }
    },
    findByEmail(email: string): Promise<UserWithSecret | null> {
      return prisma.dashboardUser.findUnique({ where: { email }, select: secretSelect });
    },
    findPlainByEmail(email: string): Promise<DashboardUser | null> {
      return prisma.dashboardUser.findUnique({ where: { email }, select: userSelect });
    },
    findById(id: string): Promise<DashboardUser | null> {
      return prisma.dashboardUser.findUnique({ where: { id }, select: userSelect });
    },
    findSecretById(id: string): Promise<UserWithSecret | null> {
      return prisma.dashboardUser.findUnique({ where: { id }, select: secretSelect });
    },
    list(accountId: string): Promise<DashboardUser[]> {
      return prisma.dashboardUser.findMany({ where: { accountId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: userSelect });
    },
    /**
     * Deletes the account's user unless it is the account's last owner, in one statement: the
     * subquery locks the account's owner rows (FOR UPDATE), so two owners removed at the same time
     * are counted one after the other and the second sees one owner left. 'removed', 'last_owner'
     * (the user is the last owner) or 'missing'.
     */
    async remove(accountId: string, id: string): Promise<'removed' | 'last_owner' | 'missing'> {
      const count = await prisma.$executeRaw`
        DELETE FROM dashboard_users
        WHERE id = ${id}::uuid AND account_id = ${accountId}
          AND (role <> 'owner' OR (SELECT count(*) FROM (
            SELECT 1 FROM dashboard_users WHERE account_id = ${accountId} AND role = 'owner' FOR UPDATE) AS owners) > 1)`;
      if (count > 0) return 'removed';
      const left = await prisma.dashboardUser.findFirst({ where: { id, accountId }, select: { role: true } });
      return left ? 'last_owner' : 'missing';
    },
    /**
     * A success: the failures reset and the sign-in time set, in one statement that holds only
     * while the user is not locked (a lock set by a concurrent failure stays). Null when locked (or gone).
     */
    async signedIn(id: string, at: Date): Promise<DashboardUser | null> {
      const { count } = await prisma.dashboardUser.updateMany({
        where: { id, OR: [{ lockedUntil: null }, { lockedUntil: { lte: at } }] },
        data: { failedAttempts: 0, lockedUntil: null, lastFailedAt: null, lastSignInAt: at },
      });
      return count === 1 ? prisma.dashboardUser.findUnique({ where: { id }, select: userSelect }) : null;
    },
    /**
     * One more failure, counted in the row itself (one UPDATE: parallel failures each count, and a
     * late one never writes back an older state): the count starts again after an expired lock or
     * a day without failures; the failure that reaches `lock.afterFailures` sets the lock until
     * `lock.until` (the count starts again after it). A user locked at `now` is left as is.
     */
    async recordFailure(id: string, now: Date, lock: FailureLock): Promise<void> {
      await prisma.$executeRawUnsafe(RECORD_FAILURE, id, now, lock.forgetBefore, lock.afterFailures, lock.until);
    },
    /**
     * A new password (clears must_change_password) and a new session version: every other session
     * ends. With `unlockedAt`, only while the user is not locked then (null otherwise): a user's own
     * change never clears a lock that a concurrent failure set.
     */
    async setPassword(id: string, passwordHash: string, mustChangePassword: boolean, unlockedAt?: Date): Promise<DashboardUser | null> {
      const unlocked = unlockedAt ? { OR: [{ lockedUntil: null }, { lockedUntil: { lte: unlockedAt } }] } : {};
      const { count } = await prisma.dashboardUser.updateMany({
        where: { id, ...unlocked },
        data: { passwordHash, mustChangePassword, sessionVersion: { increment: 1 }, failedAttempts: 0, lockedUntil: null, lastFailedAt: null },
      });
      if (count === 1) return prisma.dashboardUser.findUnique({ where: { id }, select: userSelect });
      if (!unlockedAt) throw new AppError('not_found');
      return null;
    },
    async bumpSessionVersion(id: string): Promise<void> {
      await prisma.dashboardUser.updateMany({ where: { id }, data: { sessionVersion: { increment: 1 } } });
    },
    async unknownLockout(email: string): Promise<FailureState | null> {
      const row = await prisma.signInLockout.findUnique({ where: { email }, select: { failedAttempts: true, lockedUntil: true, updatedAt: true } });
      return row && { failedAttempts: row.failedAttempts, lockedUntil: row.lockedUntil, lastFailedAt: row.updatedAt };
    },
    /** recordFailure for an e-mail of no user (its row created by the first failure; updated_at is the last failure's time). */
    async recordUnknownFailure(email: string, now: Date, lock: FailureLock): Promise<void> {
      await prisma.$executeRawUnsafe(RECORD_UNKNOWN_FAILURE, email, now, lock.forgetBefore, lock.afterFailures, lock.until);
    },
    /** Deletes the rows of unknown e-mails whose failures are forgotten (none holds a lock: a lock is shorter). */
    async forgetUnknownFailures(before: Date): Promise<number> {
      const { count } = await prisma.signInLockout.deleteMany({ where: { updatedAt: { lt: before } } });
      return count;
    },
  };
}

export type UsersRepo = ReturnType<typeof usersRepo>;
