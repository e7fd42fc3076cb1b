// Settings › Refund attribution: which day a refund counts on in the profit figures. An owner's
// choice (order's day or refund's day) saved by setRefundAttribution, which has the days any
// refund touches recomputed by the analytics catch-up; a member sees the setting as text.
import { useState } from 'preact/hooks';
import { SetRefundAttributionDocument, type RefundAttribution } from '../__generated__/graphql.ts';
import { count } from '../format.ts';
import { FormErrors, type UserProblem } from '../ui.tsx';
import { useMutation } from '../use-query.ts';

const LABELS: Record<RefundAttribution, string> = {
  ORDER_DAY: "On the order's day",
  REFUND_DAY: "On the refund's day",
};

/** The setting in words. */
export const refundAttributionText = (a: RefundAttribution): string => (a === 'REFUND_DAY' ? "on the refund's own day" : "on their order's day");

export function RefundAttributionForm({ attribution, owner, onSaved }: { attribution: RefundAttribution; owner: boolean; onSaved(): void }) {
  const set = useMutation(SetRefundAttributionDocument);
  const [userErrors, setUserErrors] = useState<UserProblem[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  if (!owner) {
    return (
      <>
        <p data-refund-attribution={attribution}>Refunds count {refundAttributionText(attribution)}.</p>
        <p class="notice">Only an owner can change where refunds count.</p>
      </>
    );
  }
  const submit = async (event: Event) => {
    event.preventDefault();
    setSaved(null);
    const chosen = new FormData(event.currentTarget as HTMLFormElement).get('attribution') === 'REFUND_DAY' ? 'REFUND_DAY' : 'ORDER_DAY';
    const payload = (await set.run({ input: { attribution: chosen } }))?.setRefundAttribution;
    setUserErrors(payload?.userErrors ?? []);
    if (payload?.account) {
      const now = refundAttributionText(payload.account.refundAttribution);
      setSaved(
        payload.changed
          ? `Saved: refunds count ${now}. ${count(payload.markedDays ?? 0)} days with refunds are being recomputed; the reports follow within seconds.`
          : `Refunds already count ${now}.`,
      );
      onSaved();
    }
  };
  return (
    <form onSubmit={submit} aria-label="Refund attribution" data-refund-attribution={attribution}>
      <fieldset>
        <legend>Count a refund in the profit figures</legend>
        {(['ORDER_DAY', 'REFUND_DAY'] as const).map((value) => (
          <label key={value}>
            <input type="radio" name="attribution" value={value} defaultChecked={attribution === value} /> {LABELS[value]}
          </label>
        ))}
      </fieldset>
      <p class="muted">Both are exact to the cent; changing it recomputes every day that has a refund.</p>
      <button type="submit" disabled={set.pending}>
        Save
      </button>
      <FormErrors userErrors={userErrors} errors={set.errors} />
      {saved ? <p role="status">{saved}</p> : null}
    </form>
  );
}
