// Dashboard users: creation (CLI, an owner in the dashboard, the demo seed), sign-in with the
// lockout, password changes and "sign out everywhere". Sessions themselves are the auth module's
// (src/domain/auth): it asks here whether a session's user and version still hold.
import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors.ts';
import type { PrismaClient } from '../../db/client.ts';
import { usersRepo, type DashboardUser, type UserWithSecret } from './repo.ts';
import { dummyHash, generatePassword, hashPassword, matchFingerprint, verifyPassword } from './password.ts';
import { checkNewPassword, failureLock, forgetFailuresBefore, lockedForSeconds, normalizeEmail, type DashboardRole } from './rules.ts';

export interface CreateDashboardUserInput {
  accountId: string;
  email: string;
  role?: DashboardRole;
  /** Given: the user signs in with it and need not change it. Absent: a one-time password is generated. */
  password?: string;
}

/**
 * A new user and, when no password was given, the one-time password they must change at first
 * sign-in (null otherwise); `fingerprint` is that of a successful check of the password (password.ts).
 */
export async function createDashboardUser(
  prisma: PrismaClient,
  input: CreateDashboardUserInput,
  /** log2 N of the password's hash (PASSWORD_HASH_COST); default: SCRYPT_PARAMS'. */
  hashCost?: number,
): Promise<{ user: DashboardUser; oneTimePassword: string | null; fingerprint: string }> {
  const email = normalizeEmail(input.email);
  const role = input.role ?? 'member';
  if (role !== 'owner' && role !== 'member') throw new AppError('invalid_parameter', 'role is owner or member.', { param: 'role' });
  if (input.password !== undefined) checkNewPassword(input.password, 'password');
  const oneTimePassword = input.password === undefined ? generatePassword() : null;
  const password = input.password ?? oneTimePassword!;
  const passwordHash = await hashPassword(password, hashCost);
  const user = await usersRepo(prisma).create({
    id: randomUUID(),
    accountId: input.accountId,
    email,
    passwordHash,
    role,
    mustChangePassword: oneTimePassword !== null,
  });
  return { user, oneTimePassword, fingerprint: matchFingerprint(passwordHash, password) };
}

export interface UsersServiceOptions {
  /** Called after a user's sessions were revoked or the user removed (the auth cache forgets it). */
  onSessionsChanged?: (userId: string) => void;
  /** log2 N of new password hashes and of the unknown e-mail's dummy (config.session.passwordHashCost). */
  hashCost?: number;
}

const invalidCredentials = () => new AppError('invalid_credentials');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const noSuchUser = () => new AppError('not_found', 'No such dashboard user.', { param: 'id' });
const locked = (seconds: number) => new AppError('too_many_attempts', undefined, { retryAfterSeconds: seconds });

export function usersService(prisma: PrismaClient, options: UsersServiceOptions = {}) {
  const repo = usersRepo(prisma);
  const changed = (id: string) => options.onSessionsChanged?.(id);
  const { hashCost } = options;

  /**
   * Counts a failure against the e-mail (a user's row, or the lockout row of an unknown e-mail),
   * and deletes the forgotten rows of unknown e-mails: on both paths, so both do the same work.
   */
  async function fail(email: string, user: UserWithSecret | null, now: Date): Promise<never> {
    if (user) await repo.recordFailure(user.id, now, failureLock(now));
    else await repo.recordUnknownFailure(email, now, failureLock(now));
    await repo.forgetUnknownFailures(forgetFailuresBefore(now));
    throw invalidCredentials();
  }

  /** The lockout answer for a user found locked when their success was to be recorded (a concurrent failure locked them). */
  async function lockedNow(userId: string, now: Date): Promise<AppError> {
    const seconds = lockedForSeconds(await repo.findSecretById(userId), now);
    return seconds ? locked(seconds) : invalidCredentials();
  }

  return {
    createUser: (input: CreateDashboardUserInput) => createDashboardUser(prisma, input, hashCost),
    getUser: async (id: string): Promise<DashboardUser | null> => (UUID.test(id) ? repo.findById(id) : null),
    /** The account's user, or not_found (another account's id, or no id at all, answers the same). */
    async getAccountUser(accountId: string, id: string): Promise<DashboardUser> {
      const user = UUID.test(id) ? await repo.findById(id) : null;
      if (!user || user.accountId !== accountId) throw noSuchUser();
      return user;
    },
    listUsers: (accountId: string) => repo.list(accountId),
    getUserByEmail: (email: string): Promise<DashboardUser | null> => repo.findPlainByEmail(email.trim().toLowerCase()),
    /**
     * Whether `password` is the password of the user with this e-mail (null: no such user), with
     * the fingerprint of a match (password.ts); no sign-in, no failure counted: the demo checks its
     * saved password. Given the fingerprint of an earlier match that still holds (same stored hash,
     * same password), it answers without hashing.
     */
    async checkPasswordByEmail(email: string, password: string, lastMatch?: string): Promise<{ userId: string; fingerprint: string | null } | null> {
      const user = await repo.findByEmail(normalizeEmail(email));
      if (!user) return null;
      const fingerprint = matchFingerprint(user.passwordHash, password);
      if (lastMatch !== undefined && lastMatch === fingerprint) return { userId: user.id, fingerprint };
      return { userId: user.id, fingerprint: (await verifyPassword(password, user.passwordHash)) ? fingerprint : null };
    },
    /** Sets a password without the current one (the operator, the demo); every session of the user ends. */
    async resetPassword(userId: string, password: string, mustChangePassword: boolean): Promise<DashboardUser> {
      checkNewPassword(password, 'password');
      const user = (await repo.setPassword(userId, await hashPassword(password, hashCost), mustChangePassword))!;
      changed(userId);
      return user;
    },

    /**
     * Checks an e-mail and password. Unknown e-mail and wrong password throw the same
     * invalid_credentials after the same work (a dummy hash is verified); a locked e-mail, known
     * or not, throws too_many_attempts without saying whether the password was right.
     */
    async signIn(emailInput: string, password: string, now = new Date()): Promise<DashboardUser> {
      const email = emailInput.trim().toLowerCase();
      const user = email.length <= 254 ? await repo.findByEmail(email) : null;
      const unknown = user ? null : await repo.unknownLockout(email);
      const lockedSeconds = lockedForSeconds(user ?? unknown, now);
      const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash(hashCost)));
      if (lockedSeconds) throw locked(lockedSeconds);
      if (!user || !matches) return fail(email, user, now);
      const signedIn = await repo.signedIn(user.id, now);
      if (!signedIn) throw await lockedNow(user.id, now);
      return signedIn;
    },

    /** A new password for a signed-in user: the current one must match; every other session ends. */
    async changePassword(userId: string, currentPassword: string, newPassword: string, now = new Date()): Promise<DashboardUser> {
      const user = await repo.findSecretById(userId);
      if (!user) throw new AppError('not_found');
      const lockedSeconds = lockedForSeconds(user, now);
      const matches = await verifyPassword(currentPassword, user.passwordHash);
      if (lockedSeconds) throw locked(lockedSeconds);
      if (!matches) {
        await repo.recordFailure(user.id, now, failureLock(now));
        throw new AppError('invalid_parameter', 'The current password is wrong.', { param: 'currentPassword' });
      }
      checkNewPassword(newPassword);
      if (newPassword === currentPassword)
        throw new AppError('invalid_parameter', 'Choose a password different from the current one.', { param: 'newPassword' });
      const updated = await repo.setPassword(user.id, await hashPassword(newPassword, hashCost), false, now);
      if (!updated) throw await lockedNow(user.id, now);
      changed(user.id);
      return updated;
    },

    /** Ends every session of the user (the session version moves on). */
    async signOutEverywhere(userId: string): Promise<void> {
      await repo.bumpSessionVersion(userId);
      changed(userId);
    },

    /** Removes an account's user; not yourself, and never the account's last owner. */
    async removeUser(accountId: string, actorUserId: string | null, id: string): Promise<string> {
      const user = UUID.test(id) ? await repo.findById(id) : null;
      if (!user || user.accountId !== accountId) throw noSuchUser();
      if (user.id === actorUserId) throw new AppError('conflict', 'You cannot remove yourself.', { param: 'id' });
      const removed = await repo.remove(accountId, id);
      if (removed === 'last_owner') throw new AppError('conflict', "The account's last owner cannot be removed.", { param: 'id' });
      if (removed === 'missing') throw noSuchUser();
      changed(id);
      return id;
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
