// Webhooks: subscriptions with their recent deliveries; create (the signing secret shown once),
// send a test, resend a delivery, rotate the secret (the new one shown once), re-enable, delete.
import { useState } from 'preact/hooks';
import {
  CreateWebhookDocument,
  DeleteWebhookDocument,
  EnableWebhookDocument,
  ResendDeliveryDocument,
  RotateWebhookSecretDocument,
  TestWebhookDocument,
  WebhooksDocument,
  type WebhooksQuery,
} from '../__generated__/graphql.ts';
import { count, dateTime, type Locale } from '../format.ts';
import { isOwner, type PageProps } from '../page.ts';
import { Badge, Empty, FormErrors, Loading, Problems, ShownOnce, type UserProblem } from '../ui.tsx';
import { DataTable } from '../table.tsx';
import { useMutation, useQuery } from '../use-query.ts';

type Hook = NonNullable<WebhooksQuery['webhookSubscriptions']>['nodes'][number];

function Deliveries({ hook, locale, onResend }: { hook: Hook; locale: Locale; onResend(id: string): void }) {
  if (!hook.deliveries.nodes.length) return <Empty>No delivery yet.</Empty>;
  return (
    <DataTable
      label={`Recent deliveries to ${hook.url}`}
      rows={hook.deliveries.nodes}
      rowKey={(d) => d.id}
      rowProps={(d) => ({ 'data-delivery': d.event, 'data-status': d.status })}
      columns={[
        { title: 'Event', cell: (d) => d.event },
        { title: 'Status', cell: (d) => <Badge tone={d.status}>{d.status}</Badge> },
        { title: 'Attempts', cell: (d) => count(d.attemptCount) },
        { title: 'Last error', cell: (d) => d.lastError ?? (d.nextAttemptAt ? `next try ${dateTime(locale, d.nextAttemptAt)}` : '—') },
        { title: 'Created', cell: (d) => dateTime(locale, d.createdAt) },
        {
          title: 'Actions',
          hiddenTitle: true,
          cell: (d) => (
            <button type="button" class="secondary" aria-label={`Resend ${d.event} delivery`} onClick={() => onResend(d.id)}>
              Resend
            </button>
          ),
        },
      ]}
    />
  );
}

export function Webhooks({ session, locale }: PageProps) {
  const { data, errors, loading, reload } = useQuery(WebhooksDocument, {});
  const create = useMutation(CreateWebhookDocument);
  const action = useMutation(TestWebhookDocument);
  const other = {
    remove: useMutation(DeleteWebhookDocument),
    enable: useMutation(EnableWebhookDocument),
    rotate: useMutation(RotateWebhookSecretDocument),
    resend: useMutation(ResendDeliveryDocument),
  };
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [userErrors, setUserErrors] = useState<UserProblem[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const owner = isOwner(session);

  const after = (payload: { userErrors: UserProblem[] } | null | undefined, message?: string) => {
    setUserErrors(payload?.userErrors ?? []);
    if (payload && !payload.userErrors.length && message) setStatus(message);
    reload();
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const events = String(form.get('events') ?? '*')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const result = await create.run({ input: { url: String(form.get('url') ?? ''), events: events.length ? events : ['*'] } });
    if (result?.createWebhook?.secret) {
      setSecret({ label: 'The signing secret of your new webhook.', value: result.createWebhook.secret });
      (event.target as HTMLFormElement).reset();
    }
    after(result?.createWebhook, result?.createWebhook?.warning ?? undefined);
  };
  const hooks = data?.webhookSubscriptions?.nodes ?? [];
  const allErrors = [...create.errors, ...action.errors, ...Object.values(other).flatMap((m) => m.errors)];
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <form class="card form-row" onSubmit={submit} aria-label="New webhook">
        <label>
          Endpoint URL (https)
          <input name="url" type="url" required placeholder="https://example.com/hooks" size={40} />
        </label>
        <label>
          Events (comma-separated, * for all)
          <input name="events" defaultValue="*" />
        </label>
        <button type="submit" disabled={create.pending || !owner}>
          Add webhook
        </button>
      </form>
      {!owner ? (
        <p class="notice">Only an owner of the account can add, rotate, re-enable or delete webhooks; members can send tests and resend deliveries.</p>
      ) : null}
      <FormErrors userErrors={userErrors} errors={allErrors} />
      {secret ? <ShownOnce label={secret.label} value={secret.value} /> : null}
      {status ? <p role="status">{status}</p> : null}
      {loading && !data ? <Loading /> : null}
      <Problems errors={errors} what={data ? undefined : 'Your webhooks'} />
      {data && !hooks.length ? <Empty>No webhook yet.</Empty> : null}
      {hooks.map((hook) => (
        <article key={hook.id} class="card" data-webhook={hook.url}>
          <h2>{hook.url}</h2>
          <p>
            {hook.active ? <Badge tone="good">active</Badge> : <Badge tone="bad">disabled</Badge>} events: {hook.events.join(', ')} · {count(hook.totalFired)}{' '}
            sent, {count(hook.totalFailed)} failed{hook.lastFiredAt ? ` · last ${dateTime(locale, hook.lastFiredAt)} (${hook.lastStatus ?? 'no answer'})` : ''}
          </p>
          <div class="actions">
            <button
              type="button"
              onClick={async () => {
                const r = await action.run({ id: hook.id });
                after(
                  r?.testWebhook,
                  r?.testWebhook
                    ? `Test delivery: ${r.testWebhook.success ? 'delivered' : 'failed'} (${r.testWebhook.statusCode ?? r.testWebhook.error ?? 'no answer'}).`
                    : undefined,
                );
              }}
            >
              Send test
            </button>
            {owner ? (
              <>
                <button
                  type="button"
                  class="secondary"
                  onClick={async () => {
                    const r = await other.rotate.run({ id: hook.id });
                    if (r?.rotateWebhookSecret?.secret) setSecret({ label: 'The new signing secret.', value: r.rotateWebhookSecret.secret });
                    after(
                      r?.rotateWebhookSecret,
                      r?.rotateWebhookSecret?.previousSecretExpiresAt
                        ? `The old secret works until ${dateTime(locale, r.rotateWebhookSecret.previousSecretExpiresAt)}.`
                        : undefined,
                    );
                  }}
                >
                  Rotate secret
                </button>
                {!hook.active ? (
                  <button
                    type="button"
                    class="secondary"
                    onClick={async () => after((await other.enable.run({ id: hook.id }))?.enableWebhook, 'Webhook enabled again.')}
                  >
                    Re-enable
                  </button>
                ) : null}
                <button
                  type="button"
                  class="danger"
                  onClick={async () => {
                    if (window.confirm(`Delete the webhook to ${hook.url}?`))
                      after((await other.remove.run({ id: hook.id }))?.revokeWebhook, 'Webhook deleted.');
                  }}
                >
                  Delete
                </button>
              </>
            ) : null}
          </div>
          <h3>Recent deliveries ({count(hook.deliveries.totalCount)})</h3>
          <Deliveries
            hook={hook}
            locale={locale}
            onResend={async (id) => after((await other.resend.run({ id }))?.resendWebhookDelivery, 'Delivery queued again.')}
          />
        </article>
      ))}
    </section>
  );
}
