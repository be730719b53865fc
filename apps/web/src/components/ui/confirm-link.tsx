import { useState } from 'react';
import { errorMessage } from '@/lib/api';
import { Button } from './button';

/**
 * The body of a page opened from an e-mailed single-use link (issue 25: verify an address, confirm a new e-mail). It
 * confirms on a press, not on load, so that a mail scanner opening the link changes nothing; then it shows the
 * server's answer, or its error with the button to try again. A missing `token` says the link is incomplete.
 */
export function ConfirmLink(props: {
  token: string;
  /** What pressing the button does, e.g. "Press the button to confirm this address for your Emporium account." */
  prompt: string;
  label: string;
  busyLabel: string;
  /**
   * Calls the API with the token; its `message` is shown on success, else `doneText`, and below it how many earlier
   * guest orders the proven address added to the account (`claimedOrders`, issue 41), when any did.
   */
  confirm: (token: string) => Promise<{ message?: string; claimedOrders?: number }>;
  doneText: string;
  errorText: string;
  buttonClassName?: string;
}) {
  const [state, setState] = useState<
    { kind: 'idle' | 'busy' } | { kind: 'done' | 'error'; text: string; note?: string }
  >({
    kind: 'idle',
  });

  async function confirm() {
    setState({ kind: 'busy' });
    try {
      const answer = await props.confirm(props.token);
      const n = answer.claimedOrders ?? 0;
      const note =
        n > 0 ? `${n} earlier order${n === 1 ? ' was' : 's were'} added to your account` : undefined;
      setState({ kind: 'done', text: answer.message ?? props.doneText, note });
    } catch (error) {
      setState({ kind: 'error', text: errorMessage(error, props.errorText) });
    }
  }

  if (!props.token) {
    return (
      <p role="alert" className="text-red-700">
        This link is incomplete. Open the link from the e-mail again.
      </p>
    );
  }
  if (state.kind === 'done') {
    return (
      <div role="status" className="space-y-2">
        <p className="text-green-700">{state.text}</p>
        {state.note ? (
          <p className="font-semibold text-neutral-900" data-testid="confirm-link-note">
            {state.note}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <p className="text-neutral-600">{props.prompt}</p>
      {state.kind === 'error' ? (
        <p role="alert" className="text-red-700">
          {state.text}
        </p>
      ) : null}
      <Button
        className={props.buttonClassName}
        disabled={state.kind === 'busy'}
        onClick={() => void confirm()}
      >
        {state.kind === 'busy' ? props.busyLabel : props.label}
      </Button>
    </>
  );
}
