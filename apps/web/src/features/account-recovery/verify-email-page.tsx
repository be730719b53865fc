import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { RecoveryCard } from './recovery-card';
import { verifyEmail } from './recovery-api';

/**
 * `/auth/verify-email?token=…` (issue 25): confirms the address on a press, not on load, so that a mail scanner
 * opening the link changes nothing. Open to visitors: the link may open in any browser.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'done' | 'error'; text: string }>({
    kind: 'idle',
  });

  async function confirm() {
    setState({ kind: 'busy' });
    try {
      const answer = await verifyEmail(token);
      setState({ kind: 'done', text: answer.message ?? 'Your e-mail address is verified.' });
    } catch (error) {
      setState({
        kind: 'error',
        text: errorMessage(error, 'Could not verify the address. Please try again.'),
      });
    }
  }

  return (
    <RecoveryCard title="Verify your e-mail address">
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
            Press the button to confirm this address for your Emporium account.
          </p>
          {state.kind === 'error' ? (
            <p role="alert" className="text-red-700">
              {state.text}
            </p>
          ) : null}
          <Button className="w-full" disabled={state.kind === 'busy'} onClick={() => void confirm()}>
            {state.kind === 'busy' ? 'Verifying...' : 'Verify e-mail address'}
          </Button>
        </>
      )}
    </RecoveryCard>
  );
}
