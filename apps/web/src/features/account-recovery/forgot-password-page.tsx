import { useState, type FormEvent } from 'react';
import { LIMITS, PASSWORD_RESET_REQUESTED } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { RecoveryCard } from './recovery-card';
import { requestPasswordReset } from './recovery-links-api';

/**
 * `/auth/forgot-password` (issue 25): asks for the address and then says the same thing whatever the account's
 * existence (the server answers identically).
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<
    { kind: 'idle' | 'busy' } | { kind: 'sent'; text: string } | { kind: 'error'; text: string }
  >({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ kind: 'busy' });
    try {
      const answer = await requestPasswordReset(email);
      setState({ kind: 'sent', text: answer.message ?? PASSWORD_RESET_REQUESTED });
    } catch (error) {
      setState({ kind: 'error', text: errorMessage(error, 'Could not send the link. Please try again.') });
    }
  }

  return (
    <RecoveryCard title="Forgot your password?">
      {state.kind === 'sent' ? (
        <div role="status" className="space-y-2">
          <p className="text-neutral-800">{state.text}</p>
          <p className="text-sm text-neutral-600">
            Check your inbox (and spam folder) for an e-mail from Emporium. You can close this page.
          </p>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" aria-label="Reset password">
          <p className="text-sm text-neutral-600">
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </p>
          <div className="space-y-1.5">
            <Label htmlFor="forgot-email">Email</Label>
            <Input
              id="forgot-email"
              type="email"
              autoComplete="email"
              placeholder="Enter your email"
              required
              maxLength={LIMITS.email.max}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          {state.kind === 'error' ? (
            <p role="alert" className="text-sm text-red-700">
              {state.text}
            </p>
          ) : null}
          <Button type="submit" className="w-full" disabled={state.kind === 'busy'}>
            {state.kind === 'busy' ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </RecoveryCard>
  );
}
