import { useState, type FormEvent } from 'react';
import type { TwoFactorLoginBody } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';

/**
 * The login's second step for an account with two-factor sign-in (issue 25): a code from the authenticator app, or
 * one recovery code. `submit` signs in and resolves with null, or with the server's message when it refused.
 */
export function TwoFactorStep({
  challenge,
  submit,
  onRestart,
}: {
  challenge: string;
  submit: (body: TwoFactorLoginBody) => Promise<string | null>;
  onRestart: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const refused = await submit(recovery ? { challenge, recoveryCode: value } : { challenge, code: value });
    setBusy(false);
    if (refused === null) return;
    toast({ title: 'Login failed', description: refused, variant: 'destructive' });
    setValue('');
    // A spent or expired challenge cannot be retried: back to the password.
    if (/sign in again/i.test(refused)) onRestart();
  }

  const id = recovery ? 'login-recovery-code' : 'login-two-factor-code';
  return (
    <form onSubmit={handleSubmit} className="space-y-4" aria-label="Two-factor sign-in">
      <div className="space-y-1.5">
        <Label htmlFor={id}>
          {recovery
            ? 'Enter one of your recovery codes'
            : 'Enter the 6-digit code from your authenticator app'}
        </Label>
        <Input
          key={id}
          id={id}
          name={recovery ? 'recoveryCode' : 'code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          required
          maxLength={recovery ? 20 : 10}
          placeholder={recovery ? 'abcde-fghij' : '123456'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        Verify
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-neutral-900 underline-offset-4 hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
          }}
        >
          {recovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
        </button>
        <button
          type="button"
          className="text-neutral-600 underline-offset-4 hover:underline"
          onClick={onRestart}
        >
          Back to sign in
        </button>
      </div>
    </form>
  );
}
