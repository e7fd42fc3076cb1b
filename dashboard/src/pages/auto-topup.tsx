// Settings › Auto top-up: an owner's form (on or off, threshold, credits per recharge) over
// updateAutoTopup, each userError shown beside its field; a member sees the settings as text.
import { useState } from 'preact/hooks';
import { UpdateAutoTopupDocument, type SettingsQuery } from '../__generated__/graphql.ts';
import { count } from '../format.ts';
import { FormErrors, type UserProblem } from '../ui.tsx';
import { useMutation } from '../use-query.ts';

type AutoTopup = NonNullable<SettingsQuery['viewer']>['credits']['autoTopup'];

/** The auto top-up in words. */
export const autoTopupText = (a: AutoTopup): string =>
  a.enabled ? `on: ${count(a.topUpAmount)} credits when the balance falls below ${count(a.threshold)}` : 'off';

function FieldError({ problems, id }: { problems: UserProblem[]; id: string }) {
  if (!problems.length) return null;
  return (
    <span class="problem" id={id} data-field-error>
      {problems.map((p) => `${p.message} (${p.code})`).join(' ')}
    </span>
  );
}

export function AutoTopupForm({ autoTopup, owner, onSaved }: { autoTopup: AutoTopup; owner: boolean; onSaved(): void }) {
  const update = useMutation(UpdateAutoTopupDocument);
  const [userErrors, setUserErrors] = useState<UserProblem[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  if (!owner) {
    return (
      <>
        <p data-auto-topup={autoTopup.enabled ? 'on' : 'off'}>Auto top-up is {autoTopupText(autoTopup)}.</p>
        <p class="notice">Only an owner can change the auto top-up.</p>
      </>
    );
  }
  const at = (field: string) => userErrors.filter((e) => e.field?.[1] === field);
  const elsewhere = userErrors.filter((e) => !['threshold', 'topUpAmount'].includes(e.field?.[1] ?? ''));

  const submit = async (event: Event) => {
    event.preventDefault();
    setSaved(null);
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const input = { enabled: form.get('enabled') === 'on', threshold: Number(form.get('threshold')), topUpAmount: Number(form.get('topUpAmount')) };
    const payload = (await update.run({ input }))?.updateAutoTopup;
    setUserErrors(payload?.userErrors ?? []);
    if (payload?.autoTopup) {
      setSaved(`Saved: auto top-up is ${autoTopupText(payload.autoTopup)}.`);
      onSaved();
    }
  };
  const invalid = (field: string) => (at(field).length ? { 'aria-invalid': true as const, 'aria-describedby': `topup-${field}-error` } : {});
  return (
    <form class="form-row" onSubmit={submit} aria-label="Auto top-up" data-auto-topup={autoTopup.enabled ? 'on' : 'off'}>
      <label>
        <input type="checkbox" name="enabled" defaultChecked={autoTopup.enabled} /> Auto top-up on
      </label>
      <label>
        Threshold (credits)
        <input name="threshold" type="number" step={1} required defaultValue={String(autoTopup.threshold)} {...invalid('threshold')} />
        <FieldError problems={at('threshold')} id="topup-threshold-error" />
      </label>
      <label>
        Credits per recharge
        <input name="topUpAmount" type="number" step={1} required defaultValue={String(autoTopup.topUpAmount)} {...invalid('topUpAmount')} />
        <FieldError problems={at('topUpAmount')} id="topup-topUpAmount-error" />
      </label>
      <button type="submit" disabled={update.pending}>
        Save
      </button>
      <FormErrors userErrors={elsewhere} errors={update.errors} />
      {saved ? <p role="status">{saved}</p> : null}
    </form>
  );
}
