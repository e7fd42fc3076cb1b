// Dashboard users: the signed-in user (viewer.user), the account's users and an owner's user
// management. Who may call them (an owner's session) is decided by the field guards (field-limits.ts).
import type { Resolvers } from '../__generated__/resolvers.ts';
import { ok } from '../user-errors.ts';
import { parseNodeKey, toGlobalId } from '../global-id.ts';
import { markShownOnce } from '../../domain/idempotency/index.ts';

export const userResolvers: Resolvers = {
  Query: {
    dashboardUsers: (_parent, _args, { principal, services }) => services.users.listUsers(principal.accountId),
  },
  Viewer: {
    user: ({ principal }, _args, { services }) => (principal.userId ? services.users.getAccountUser(principal.accountId, principal.userId) : null),
  },
  DashboardUser: {
    id: (user) => toGlobalId('DashboardUser', user.id),
  },
  Mutation: {
    async createDashboardUser(_parent, { input }, { principal, services, idempotency }) {
      const { user, oneTimePassword } = await services.users.createUser({ accountId: principal.accountId, email: input.email, role: input.role ?? 'member' });
      markShownOnce(idempotency, oneTimePassword);
      return ok({ user, oneTimePassword });
    },
    async removeDashboardUser(_parent, { id }, { principal, services }) {
      const removed = await services.users.removeUser(principal.accountId, principal.userId, parseNodeKey(id, 'DashboardUser'));
      return ok({ removedUserId: toGlobalId('DashboardUser', removed) });
    },
  },
};
