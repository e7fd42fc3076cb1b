// Integrations: connect a Shopify store (the shop domain, then the OAuth round trip through the
// install route, which comes back here with ?connected=shopify), and for each integration its
// state, the backfill's progress, the last sync and its recent errors (the sync's and the failed
// webhook deliveries', with their attempts and next retry), with re-sync (a full backfill again),
// reconnect (the install again) and disconnect. Owners only may change anything.
import { useEffect, useState } from 'preact/hooks';
import {
  DisconnectIntegrationDocument,
  IntegrationsDocument,
  ResyncIntegrationDocument,
  StartShopifyInstallDocument,
  type IntegrationViewFragment,
} from '../__generated__/graphql.ts';
import { count, dateTime, percent, type Locale } from '../format.ts';
import { isOwner, type PageProps } from '../page.ts';
import { Badge, Empty, FormErrors, Loading, Problems, type UserProblem } from '../ui.tsx';
import { useMutation, useQuery } from '../use-query.ts';

/** How often the page reads the integrations again while a backfill is running. */
const POLL_MS = 2000;

const STATUS_TONE: Record<string, string> = { connected: 'good', stale: 'warn', revoked: 'bad', never_synced: 'neutral' };
const PHASE_WORDS: Record<string, string> = { IDLE: 'waiting to start', BACKFILL: 'backfilling history', SYNCED: 'backfill done', FAILED: 'failed' };

export function Integrations({ session, locale }: PageProps) {
  const { data, errors, loading, reload } = useQuery(IntegrationsDocument, {});
  const start = useMutation(StartShopifyInstallDocument);
  const disconnect = useMutation(DisconnectIntegrationDocument);
  const resync = useMutation(ResyncIntegrationDocument);
  const [userErrors, setUserErrors] = useState<UserProblem[]>([]);
  const owner = isOwner(session);
  const nodes = data?.integrations?.nodes ?? [];
  const connected = new URLSearchParams(window.location.search).get('shop');

  // A backfill in progress (or one not started yet on a live integration), or a backfill done
  // whose first sync run has not completed yet (its reconciliation and last sync come after the
  // backfill's streams): read again shortly.
  const running = nodes.some(
    (i) =>
      i.status !== 'revoked' &&
      i.syncStatus &&
      (i.syncStatus.phase === 'BACKFILL' || i.syncStatus.phase === 'IDLE' || (i.syncStatus.phase === 'SYNCED' && i.status === 'never_synced')),
  );
  useEffect(() => {
    if (!running || loading) return;
    const timer = setTimeout(reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, loading, data]);

  const install = async (shop: string) => {
    const result = await start.run({ input: { shop } });
    const payload = result?.startShopifyInstall;
    setUserErrors(payload?.userErrors ?? []);
    // The install route sets this browser's state cookie, then sends it to the shop's authorize page.
    if (payload?.installUrl) window.location.assign(payload.installUrl);
  };

  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    void install(String(form.get('shop') ?? '').trim());
  };

  const act = async (kind: 'disconnect' | 'resync', integration: IntegrationViewFragment) => {
    if (kind === 'disconnect' && !window.confirm(`Disconnect ${integration.shop}? Its tokens are deleted; its data stays.`)) return;
    const input = { input: { id: integration.id } };
    const result = kind === 'disconnect' ? (await disconnect.run(input))?.disconnectIntegration : (await resync.run(input))?.resyncIntegration;
    setUserErrors(result?.userErrors ?? []);
    reload();
  };

  return (
    <section aria-labelledby="integrations-title">
      <h1 id="integrations-title">Integrations</h1>
      <p>Connect a Shopify store: its history is read once (the backfill), then new orders arrive by webhook and a reconciliation every 15 minutes.</p>
      {connected ? <p class="notice" role="status">{`Connected ${connected}.`}</p> : null}
      <form class="card form-row" onSubmit={submit} aria-label="Connect Shopify">
        <label>
          Shop domain
          <input name="shop" required placeholder="your-store.myshopify.com" autocomplete="off" spellcheck={false} />
        </label>
        <button type="submit" disabled={start.pending || !owner} title={owner ? undefined : 'Only an owner can connect a store'}>
          Connect Shopify
        </button>
      </form>
      {!owner ? <p class="notice">Only an owner of the account can connect, re-sync or disconnect a store.</p> : null}
      <FormErrors userErrors={userErrors} errors={[...start.errors, ...disconnect.errors, ...resync.errors]} />
      {!data && loading ? (
        <Loading />
      ) : !data ? (
        <Problems errors={errors} what="The integrations" />
      ) : !nodes.length ? (
        <Empty>No store is connected yet.</Empty>
      ) : (
        <ul class="integrations" aria-label="Connected stores">
          {nodes.map((integration) => (
            <li
              key={integration.id}
              class="card"
              aria-label={integration.shop}
              data-status={integration.status}
              data-phase={integration.syncStatus?.phase ?? ''}
            >
              <p>
                <strong>{integration.shop}</strong> <span class="muted">{integration.provider}</span>{' '}
                <Badge tone={STATUS_TONE[integration.status] ?? 'neutral'}>{integration.status.replace('_', ' ')}</Badge>
              </p>
              <SyncLine integration={integration} />
              <p class="muted">
                Connected {dateTime(locale, integration.connectedAt)} · last sync {dateTime(locale, integration.lastSyncAt)}
                {integration.revokedAt ? ` · disconnected ${dateTime(locale, integration.revokedAt)}` : ''}
              </p>
              <RecentErrors integration={integration} locale={locale} />
              {owner ? (
                <div class="form-row">
                  {integration.status === 'revoked' ? (
                    <button type="button" disabled={start.pending} onClick={() => void install(integration.shop)}>
                      Reconnect
                    </button>
                  ) : (
                    <>
                      <button type="button" class="secondary" disabled={resync.pending} onClick={() => void act('resync', integration)}>
                        Re-sync
                      </button>
                      <button type="button" class="secondary" disabled={disconnect.pending} onClick={() => void act('disconnect', integration)}>
                        Disconnect
                      </button>
                    </>
                  )}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SyncLine({ integration }: { integration: IntegrationViewFragment }) {
  const sync = integration.syncStatus;
  if (!sync) return <p class="muted">No sync on this service for this integration.</p>;
  const { records, percent: done, etaSeconds } = sync.progress;
  return (
    <div aria-label="Backfill progress" aria-live="polite">
      <p>
        Backfill: <span data-testid="phase">{PHASE_WORDS[sync.phase] ?? sync.phase}</span> · {count(records)} records
        {done !== null && done !== undefined ? ` · ${percent(done)}` : ''}
        {etaSeconds ? ` · about ${count(Math.ceil(etaSeconds / 60))} min left` : ''}
      </p>
      {done !== null && done !== undefined ? <progress max={100} value={done} aria-label="Backfill percent" /> : null}
    </div>
  );
}

/**
 * The integration's recent errors, newest first: a sync stream's (the backfill, the reconciliation,
 * the webhook registration) or a webhook delivery's failed processing, with its attempts and when
 * it is tried again. A delivery processed since has left the list.
 */
function RecentErrors({ integration, locale }: { integration: IntegrationViewFragment; locale: Locale }) {
  const errors = integration.syncStatus?.recentErrors ?? [];
  if (!errors.length) return null;
  const id = `errors-${integration.id}`;
  return (
    <div class="sync-errors">
      <p id={id}>
        <strong>Recent errors</strong>
      </p>
      <ul aria-labelledby={id}>
        {errors.map((e, n) => (
          <li key={n} data-source={e.source}>
            <span class="muted">{dateTime(locale, e.at)}</span> · {e.source === 'WEBHOOK' ? `webhook ${e.topic ?? ''}` : 'sync'}: {e.message}
            <span class="muted">
              {e.attempts ? ` · ${count(e.attempts)} ${e.attempts === 1 ? 'attempt' : 'attempts'}` : ''}
              {e.nextAttemptAt ? ` · retry at ${dateTime(locale, e.nextAttemptAt)}` : e.willRetry ? ' · retried at the next sync' : ' · not retried'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
