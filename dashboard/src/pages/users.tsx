// Settings › Users: the account's dashboard users; an owner adds one (the one-time password shown
// once, to hand over; it must be changed at first sign-in) or removes one.
import { useState } from 'preact/hooks';
import { CreateDashboardUserDocument, DashboardUsersDocument, RemoveDashboardUserDocument, type DashboardRole } from '../__generated__/graphql.ts';
import { dateTime } from '../format.ts';
import { isOwner, type PageProps } from '../page.ts';
import { Badge, FormErrors, Loading, Problems, ShownOnce, type UserProblem } from '../ui.tsx';
import { DataTable } from '../table.tsx';
import { useMutation, useQuery } from '../use-query.ts';

function UsersList({ session, locale }: PageProps) {
  const { data, errors, loading, reload } = useQuery(DashboardUsersDocument, {});
  const create = useMutation(CreateDashboardUserDocument);
  const remove = useMutation(RemoveDashboardUserDocument);
  const [userErrors, setUserErrors] = useState<UserProblem[]>([]);
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const result = await create.run({ input: { email: String(form.get('email') ?? ''), role: form.get('role') as DashboardRole } });
    const payload = result?.createDashboardUser;
    setUserErrors(payload?.userErrors ?? []);
    if (payload?.oneTimePassword && payload.user) {
      setCreated({ email: payload.user.email, password: payload.oneTimePassword });
      (event.target as HTMLFormElement).reset();
      reload();
    }
  };
  return (
    <>
      <form class="form-row" onSubmit={submit} aria-label="Add a user">
        <label>
          E-mail
          <input name="email" type="email" required autocomplete="off" />
        </label>
        <label>
          Role
          <select name="role">
            <option value="member">member (reads, resolves insights)</option>
            <option value="owner">owner (also keys, webhooks, AI, users)</option>
          </select>
        </label>
        <button type="submit" disabled={create.pending}>
          Add user
        </button>
      </form>
      <FormErrors userErrors={userErrors} errors={[...create.errors, ...remove.errors]} />
      {created ? <ShownOnce label={`One-time password for ${created.email}.`} value={created.password} /> : null}
      {loading && !data ? <Loading /> : null}
      <Problems errors={errors} what={data ? undefined : 'Users'} />
      {data ? (
        <DataTable
          label="Users"
          rows={data.dashboardUsers}
          rowKey={(user) => user.id}
          rowProps={(user) => ({ 'data-user': user.email })}
          columns={[
            {
              title: 'E-mail',
              cell: (user) => (
                <>
                  {user.email} {user.mustChangePassword ? <Badge tone="warn">must change password</Badge> : null}
                </>
              ),
            },
            { title: 'Role', cell: (user) => user.role },
            { title: 'Added', cell: (user) => dateTime(locale, user.createdAt) },
            { title: 'Last sign-in', cell: (user) => (user.lastSignInAt ? dateTime(locale, user.lastSignInAt) : 'never') },
            {
              title: 'Actions',
              hiddenTitle: true,
              cell: (user) =>
                user.id !== session.user.id ? (
                  <button
                    type="button"
                    class="danger"
                    aria-label={`Remove ${user.email}`}
                    disabled={remove.pending}
                    onClick={async () => {
                      if (!window.confirm(`Remove ${user.email}? Their sessions end at once.`)) return;
                      setUserErrors((await remove.run({ id: user.id }))?.removeDashboardUser?.userErrors ?? []);
                      reload();
                    }}
                  >
                    Remove
                  </button>
                ) : (
                  <span class="muted">you</span>
                ),
            },
          ]}
        />
      ) : null}
    </>
  );
}

export function Users(props: PageProps) {
  return (
    <section class="panel" aria-labelledby="users-title">
      <h2 id="users-title">Users</h2>
      {isOwner(props.session) ? <UsersList {...props} /> : <p class="notice">Only an owner of the account can see and manage its users.</p>}
    </section>
  );
}
