// `svc users create|list`: the operator's door to dashboard users (the same service the dashboard
// uses). A new user gets a one-time password, printed once, that they change at first sign-in.
import { withCore } from '../main.ts';
import { json, parse, print, requireString, UsageError, type Command } from './args.ts';
import { DASHBOARD_ROLES, type DashboardRole } from '../domain/users/index.ts';

export const usersCreateCommand: Command = async ({ config, io, args }) => {
  const { values } = parse(args, { ...json, account: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } });
  const accountId = requireString(values, 'account');
  const email = requireString(values, 'email');
  // The operator usually creates an account's first user, who must be able to add the others.
  const role = (values.role ?? 'owner') as DashboardRole;
  if (!DASHBOARD_ROLES.includes(role)) throw new UsageError('--role: owner or member');
  const { user, oneTimePassword } = await withCore(config, ({ services }) => services.users.createUser({ accountId, email, role }));
  const summary = { id: user.id, account_id: user.accountId, email: user.email, role: user.role, one_time_password: oneTimePassword };
  print(io, !!values.json, summary, `${oneTimePassword}\n(one-time password for ${user.email}, ${user.role}: shown once; it must be changed at first sign-in)`);
  return 0;
};

export const usersListCommand: Command = async ({ config, io, args }) => {
  const { values } = parse(args, { ...json, account: { type: 'string' } });
  const accountId = requireString(values, 'account');
  const users = await withCore(config, ({ services }) => services.users.listUsers(accountId));
  const rows = users.map((u) => ({
    id: u.id,
    email: u.email,
    role: u.role,
    must_change_password: u.mustChangePassword,
    created_at: u.createdAt.toISOString(),
    last_sign_in_at: u.lastSignInAt?.toISOString() ?? null,
  }));
  const text = rows.length
    ? rows
        .map((r) => `${r.email}  ${r.role}${r.must_change_password ? '  (must change password)' : ''}  last sign-in ${r.last_sign_in_at ?? 'never'}`)
        .join('\n')
    : 'no dashboard users';
  print(io, !!values.json, { users: rows }, text);
  return 0;
};
