import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { clearToken } from '@/lib/token-storage';
import { RecoveryCard } from './recovery-card';
import { confirmPasswordReset } from './recovery-links-api';

/**
 * `/auth/reset-password?token=…` (issue 25): a new password twice. On success every session of the account has
 * ended, so the shopper signs in again with the new password (the login page, with its two-factor step when the
 * account has one), with a toast that says so.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [form, setForm] = useState({ password: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.password.length < LIMITS.password.min) {
      setProblem(`Password must be at least ${LIMITS.password.min} characters`);
      return;
    }
    if (form.password !== form.confirm) {
      setProblem('The two passwords do not match.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await confirmPasswordReset(token, form.password);
      // Any session this browser kept has just been signed out by the server.
      clearToken();
      toast({ title: 'Password changed', description: answer.message });
      void navigate('/auth/login', { replace: true });
    } catch (error) {
      setProblem(errorMessage(error, 'Could not change the password. Please try again.'));
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <RecoveryCard title="Choose a new password">
        <p role="alert" className="text-red-700">
          This link is incomplete. Open the link from the e-mail again, or{' '}
          <Link to="/auth/forgot-password" className="underline underline-offset-4">
            ask for a new one
          </Link>
          .
        </p>
      </RecoveryCard>
    );
  }

  return (
    <RecoveryCard title="Choose a new password">
      <form onSubmit={submit} className="space-y-4" aria-label="Choose a new password">
        <div className="space-y-1.5">
          <Label htmlFor="reset-password">New password</Label>
          <Input
            id="reset-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={LIMITS.password.min}
            maxLength={LIMITS.password.max}
            value={form.password}
            onChange={(event) => setForm({ ...form, password: event.target.value })}
          />
          <p className="text-xs text-neutral-600">At least {LIMITS.password.min} characters.</p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="reset-confirm">Confirm new password</Label>
          <Input
            id="reset-confirm"
            type="password"
            autoComplete="new-password"
            required
            maxLength={LIMITS.password.max}
            value={form.confirm}
            onChange={(event) => setForm({ ...form, confirm: event.target.value })}
          />
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}{' '}
            {/invalid|expired|used/i.test(problem) ? (
              <Link to="/auth/forgot-password" className="underline underline-offset-4">
                Ask for a new link
              </Link>
            ) : null}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </RecoveryCard>
  );
}
