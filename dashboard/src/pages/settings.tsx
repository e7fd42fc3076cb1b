// Settings: AI access (pause and resume, owners), credits, auto top-up (auto-topup.tsx: a form for
// owners), refund attribution (refund-attribution.tsx: a choice for owners) and the account's
// dashboard users (users.tsx).
import { useState } from 'preact/hooks';
import { PauseAiDocument, ResumeAiDocument, SettingsDocument } from '../__generated__/graphql.ts';
import { count, dateTime } from '../format.ts';
import { isOwner, type PageProps } from '../page.ts';
import { Badge, FormErrors, Loading, Problems, type UserProblem } from '../ui.tsx';
import { useMutation, useQuery } from '../use-query.ts';
import { errorsAt } from '../api.ts';
import { Users } from './users.tsx';
import { AutoTopupForm } from './auto-topup.tsx';
import { RefundAttributionForm } from './refund-attribution.tsx';

export function Settings({ session, locale }: PageProps) {
  const { data, errors, loading, reload } = useQuery(SettingsDocument, {});
  const pause = useMutation(PauseAiDocument);
  const resume = useMutation(ResumeAiDocument);
  const [userErrors, setUserErrors] = useState<UserProblem[]>([]);
  const owner = isOwner(session);
  const ai = data?.aiAccess;
  const credits = data?.viewer?.credits;

  const togglePause = async (event: Event) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget as HTMLFormElement).get('reason') ?? '') || null;
    const result = ai?.state === 'paused' ? (await resume.run({}))?.resumeAiAccess : (await pause.run({ reason }))?.pauseAiAccess;
    setUserErrors(result?.userErrors ?? []);
    reload();
  };
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      {loading && !data ? <Loading /> : null}
      {!data ? <Problems errors={errors} what="Settings" /> : null}
      {data ? (
        <div class="panels">
          <section class="panel" aria-labelledby="ai-title">
            <h2 id="ai-title">AI access</h2>
            {ai ? (
              <>
                <p data-ai-state={ai.state}>
                  AI is <Badge tone={ai.state}>{ai.state}</Badge>
                  {ai.changedAt ? ` since ${dateTime(locale, ai.changedAt)}` : ''}
                  {ai.changedBy ? ` (by ${ai.changedBy})` : ''}
                  {ai.reason ? `: ${ai.reason}` : '.'}
                </p>
                <p class="muted">{ai.autoPause ? 'AI pauses itself when spending crosses the critical threshold.' : 'Automatic pause is off.'}</p>
                <form class="form-row" onSubmit={togglePause} aria-label="Pause or resume AI">
                  {ai.state === 'enabled' ? (
                    <label>
                      Reason (optional)
                      <input name="reason" maxLength={200} />
                    </label>
                  ) : null}
                  <button type="submit" disabled={!owner || pause.pending || resume.pending} class={ai.state === 'enabled' ? 'danger' : undefined}>
                    {ai.state === 'enabled' ? 'Pause AI' : 'Resume AI'}
                  </button>
                </form>
                {!owner ? <p class="notice">Only an owner can pause or resume AI.</p> : null}
                <FormErrors userErrors={userErrors} errors={[...pause.errors, ...resume.errors]} />
              </>
            ) : (
              <Problems errors={errorsAt(errors, 'aiAccess')} what="AI access" />
            )}
          </section>
          <section class="panel" aria-labelledby="credits-title">
            <h2 id="credits-title">Credits</h2>
            {credits ? (
              <dl class="facts">
                <dt>Balance</dt>
                <dd>{count(credits.balance)}</dd>
                <dt>Bought in all</dt>
                <dd>{count(credits.totalPurchased)}</dd>
                <dt>Spent in all</dt>
                <dd>{count(credits.totalSpent)}</dd>
                <dt>Last top-up</dt>
                <dd>{dateTime(locale, credits.autoTopup.lastChargedAt)}</dd>
              </dl>
            ) : (
              <Problems errors={errorsAt(errors, 'viewer')} what="Credits" />
            )}
          </section>
          {credits ? (
            <section class="panel" aria-labelledby="topup-title">
              <h2 id="topup-title">Auto top-up</h2>
              <AutoTopupForm autoTopup={credits.autoTopup} owner={owner} onSaved={reload} />
            </section>
          ) : null}
          {data.viewer ? (
            <section class="panel" aria-labelledby="refunds-title">
              <h2 id="refunds-title">Refund attribution</h2>
              <RefundAttributionForm attribution={data.viewer.account.refundAttribution} owner={owner} onSaved={reload} />
            </section>
          ) : null}
          <Users session={session} locale={locale} />
        </div>
      ) : null}
    </section>
  );
}
