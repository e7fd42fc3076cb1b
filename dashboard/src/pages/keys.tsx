// API keys: the account's keys with their last use, a new key (shown once), revocation. Owners only
// may create or revoke (the API answers owner_required to members; shown beside the form).
import { useState } from 'preact/hooks';
import { ApiKeysDocument, CreateApiKeyDocument, RevokeApiKeyDocument, type KeyEnvironment, type Scope } from '../__generated__/graphql.ts';
import { dateTime } from '../format.ts';
import { isOwner, type PageProps } from '../page.ts';
import { Badge, Empty, FormErrors, Loading, Problems, ShownOnce, type UserProblem } from '../ui.tsx';
import { DataTable } from '../table.tsx';
import { useMutation, useQuery } from '../use-query.ts';

export function ApiKeys({ session, locale }: PageProps) {
  const { data, errors, loading, reload } = useQuery(ApiKeysDocument, {});
  const create = useMutation(CreateApiKeyDocument);
  const revoke = useMutation(RevokeApiKeyDocument);
  const [created, setCreated] = useState<string | null>(null);
  const [userErrors, setUserErrors] = useState<UserProblem[]>([]);
  const owner = isOwner(session);

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const scopes = form.getAll('scopes') as Scope[];
    const result = await create.run({ input: { name: String(form.get('name') ?? ''), scopes, environment: form.get('environment') as KeyEnvironment } });
    setUserErrors(result?.createApiKey?.userErrors ?? []);
    if (result?.createApiKey?.key) {
      setCreated(result.createApiKey.key);
      (event.target as HTMLFormElement).reset();
      reload();
    }
  };
  const keys = data?.viewer?.apiKeys ?? [];
  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">API keys</h1>
      <p>Keys let your scripts call the REST API (/api/v1) and GraphQL. A key is shown once, when it is made.</p>
      <form class="card form-row" onSubmit={submit} aria-label="New API key">
        <label>
          Name
          <input name="name" maxLength={100} placeholder="reporting script" />
        </label>
        <fieldset>
          <legend>Scopes</legend>
          <label class="chip">
            <input type="checkbox" name="scopes" value="read" defaultChecked /> read
          </label>
          <label class="chip">
            <input type="checkbox" name="scopes" value="write" /> write
          </label>
        </fieldset>
        <label>
          Environment
          <select name="environment">
            <option value="live">live</option>
            <option value="test">test</option>
          </select>
        </label>
        <button type="submit" disabled={create.pending || !owner} title={owner ? undefined : 'Only an owner can create keys'}>
          Create key
        </button>
      </form>
      {!owner ? <p class="notice">Only an owner of the account can create or revoke keys.</p> : null}
      <FormErrors userErrors={userErrors} errors={create.errors} />
      {created ? <ShownOnce label="Your new API key." value={created} /> : null}
      <FormErrors errors={revoke.errors} userErrors={null} />
      {loading && !data ? <Loading /> : null}
      <Problems errors={errors} what={data ? undefined : 'Your keys'} />
      {data && !keys.length ? <Empty>No API key yet.</Empty> : null}
      {keys.length ? (
        <DataTable
          label="API keys"
          rows={keys}
          rowKey={(key) => key.id}
          rowProps={(key) => ({ 'data-key-prefix': key.prefix })}
          columns={[
            { title: 'Name', cell: (key) => key.name || <span class="muted">unnamed</span> },
            {
              title: 'Key',
              cell: (key) => (
                <>
                  <code>{key.prefix}…</code> <Badge tone="neutral">{key.environment}</Badge>
                </>
              ),
            },
            { title: 'Scopes', cell: (key) => key.scopes.join(', ') },
            { title: 'Created', cell: (key) => dateTime(locale, key.createdAt) },
            { title: 'Last used', cell: (key) => (key.lastUsedAt ? dateTime(locale, key.lastUsedAt) : 'never') },
            {
              title: 'State',
              cell: (key) => (key.revokedAt ? <Badge tone="bad">revoked {dateTime(locale, key.revokedAt)}</Badge> : <Badge tone="good">active</Badge>),
            },
            {
              title: 'Actions',
              hiddenTitle: true,
              cell: (key) =>
                !key.revokedAt && owner ? (
                  <button
                    type="button"
                    class="danger"
                    aria-label={`Revoke key ${key.prefix}`}
                    disabled={revoke.pending}
                    onClick={async () => {
                      if (!window.confirm(`Revoke ${key.prefix}…? Scripts using it stop working at once.`)) return;
                      const result = await revoke.run({ id: key.id });
                      setUserErrors(result?.revokeApiKey?.userErrors ?? []);
                      reload();
                    }}
                  >
                    Revoke
                  </button>
                ) : null,
            },
          ]}
        />
      ) : null}
    </section>
  );
}
