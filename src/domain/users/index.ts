// The users module's public surface: dashboard users, their passwords and sign-in rules.
export { createDashboardUser, usersService, type CreateDashboardUserInput, type UsersService, type UsersServiceOptions } from './service.ts';
export type { DashboardUser } from './repo.ts';
export { HASH_COST, SCRYPT_PARAMS, hashPassword, verifyPassword } from './password.ts';
export { DASHBOARD_ROLES, LOCKOUT, MIN_PASSWORD_LENGTH, SIGN_IN_LIMITS, normalizeEmail, signInClient, type DashboardRole } from './rules.ts';
export { HASH_LIMITS, hashLimiter, type HashLimiter } from './hash-limit.ts';
export { MEMBER_ACTIONS, roleMay, type DashboardAction, type MemberAction } from './roles.ts';
