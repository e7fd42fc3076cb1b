// Insights: the account's insights by status, resolve or dismiss one, generate new ones (AI,
// 5 credits each). When AI is paused or credits are short, generation is refused (the API's
// payment_required, REST's 402): the page says so and why instead of a generic error.
import { useState } from 'preact/hooks';
import { GenerateInsightsDocument, InsightsDocument, SetInsightStatusDocument, type InsightStatus } from '../__generated__/graphql.ts';
import { count, dateTime } from '../format.ts';
import type { PageProps } from '../page.ts';
import { Badge, Empty, FormErrors, Link, Loading, Problems, type UserProblem } from '../ui.tsx';
import { useMutation, useQuery } from '../use-query.ts';
import { StatusButtons } from '../table.tsx';

const STATUSES: Array<InsightStatus | 'all'> = ['open', 'resolved', 'dismissed', 'all'];

export function Insights({ locale }: PageProps) {
  const [status, setStatus] = useState<InsightStatus | 'all'>('open');
  const { data, errors, loading, reload } = useQuery(InsightsDocument, { status: status === 'all' ? null : status });
  const setInsight = useMutation(SetInsightStatusDocument);
  const generate = useMutation(GenerateInsightsDocument);
  const [userErrors, setUserErrors] = useState<UserProblem[]>([]);
  const [outcome, setOutcome] = useState<string | null>(null);

  const paused = data?.aiAccess?.state === 'paused';
  // The refusal (REST's 402) comes as a userError of generateInsights (or a top-level error from an older server).
  const refusal =
    userErrors.find((e) => e.code === 'payment_required')?.message ?? generate.errors.find((e) => e.extensions?.code === 'payment_required')?.message ?? null;
  const refused = refusal !== null;
  const run = async () => {
    setOutcome(null);
    const result = await generate.run({});
    const payload = result?.generateInsights;
    setUserErrors(payload?.userErrors ?? []);
    if (payload && !payload.userErrors.length) {
      setOutcome(
        payload.failed?.length
          ? `Generation failed${payload.refunded ? ' and was refunded' : ''}: ${payload.failed.map((f) => f.error).join('; ')}`
          : `${count(payload.insights?.length ?? 0)} new insights, ${count(payload.skippedOpen ?? 0)} already open. Balance: ${count(payload.balance)} credits.`,
      );
      reload();
    }
  };
  return (
    <section aria-labelledby="insights-title">
      <h1 id="insights-title">Insights</h1>
      <div class="toolbar">
        <label>
          Show{' '}
          <select value={status} onChange={(e) => setStatus(e.currentTarget.value as InsightStatus | 'all')}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={run} disabled={generate.pending}>
          {generate.pending ? 'Generating…' : 'Generate insights'}
        </button>
        {data?.viewer ? <span class="muted">{count(data.viewer.credits.balance)} credits left</span> : null}
      </div>
      {paused || refused ? (
        <div class="notice" role="alert" data-ai-refused>
          <strong>{paused ? 'AI is paused for this account.' : 'Not enough credits.'}</strong>{' '}
          {paused
            ? `New insights cannot be generated until an owner resumes AI${data?.aiAccess?.reason ? ` (reason: ${data.aiAccess.reason})` : ''}.`
            : 'Generating insights needs credits: buy credits or turn on auto top-up.'}{' '}
          <Link to="/settings">Settings</Link>
        </div>
      ) : null}
      <FormErrors
        userErrors={userErrors.filter((e) => e.code !== 'payment_required')}
        errors={[...generate.errors.filter((e) => e.extensions?.code !== 'payment_required'), ...setInsight.errors]}
      />
      {refused ? (
        <p class="problem" data-code="payment_required">
          Generation refused: {refusal}
        </p>
      ) : null}
      {outcome ? <p role="status">{outcome}</p> : null}
      {loading && !data ? <Loading /> : null}
      <Problems errors={errors} what={data ? undefined : 'Insights'} />
      {data?.insights && !data.insights.nodes.length ? <Empty>No {status === 'all' ? '' : status} insight.</Empty> : null}
      <ul class="plain">
        {(data?.insights?.nodes ?? []).map((insight) => (
          <li key={insight.id} class="card" data-insight={insight.title} data-status={insight.status}>
            <h2>
              <Badge tone={insight.severity}>{insight.severity}</Badge> {insight.title}
            </h2>
            <p>{insight.body}</p>
            <p>
              <strong>Suggested:</strong> {insight.suggestedAction} <span class="muted">Impact: {insight.impactEstimate}</span>
            </p>
            <p class="muted">
              {insight.category.replace(/_/g, ' ')} · {dateTime(locale, insight.computedAt)} · {insight.status}
              {insight.resolvedAt ? ` ${dateTime(locale, insight.resolvedAt)}` : ''}
            </p>
            {insight.status === 'open' ? (
              <StatusButtons
                choices={[
                  { status: 'resolved', label: 'Resolve' },
                  { status: 'dismissed', label: 'Dismiss' },
                ]}
                subject={insight.title}
                pending={setInsight.pending}
                onChoose={async (status) => {
                  const result = await setInsight.run({ id: insight.id, status });
                  setUserErrors(result?.setInsightStatus?.userErrors ?? []);
                  reload();
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
