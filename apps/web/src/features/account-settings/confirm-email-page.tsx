import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { postEmailConfirm } from './account-api';

/**
 * `/account/confirm-email?token=…` (issue 25): the link mailed to a new address. It confirms on a press, not on
 * load, so that a mail scanner opening the link changes nothing. Open to visitors: the link may open anywhere.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'done' | 'error'; text: string }>({
    kind: 'idle',
  });

  async function confirm() {
    setState({ kind: 'busy' });
    try {
      const answer = await postEmailConfirm(token);
      setState({ kind: 'done', text: answer.message });
    } catch (error) {
      setState({
        kind: 'error',
        text: errorMessage(error, 'Could not confirm the address. Please try again.'),
      });
    }
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center p-6">
      <div className="w-full max-w-md space-y-4 rounded-2xl border border-neutral-200 bg-white p-6 text-center shadow-sm">
        <h1 className="text-2xl font-bold">Confirm your new e-mail</h1>
        {!token ? (
          <p role="alert" className="text-red-700">
            This link is incomplete. Open the link from the e-mail again.
          </p>
        ) : state.kind === 'done' ? (
          <p role="status" className="text-green-700">
            {state.text}
          </p>
        ) : (
          <>
            <p className="text-neutral-600">
              Press the button to use this address for your Emporium account.
            </p>
            {state.kind === 'error' ? (
              <p role="alert" className="text-red-700">
                {state.text}
              </p>
            ) : null}
            <Button disabled={state.kind === 'busy'} onClick={() => void confirm()}>
              {state.kind === 'busy' ? 'Confirming...' : 'Confirm e-mail address'}
            </Button>
          </>
        )}
        <Link
          to="/"
          className="block text-sm text-neutral-600 underline underline-offset-4 hover:text-neutral-900"
        >
          Go to the shop
        </Link>
      </div>
    </main>
  );
}
