import { useState, type FormEvent } from 'react';
import { LIMITS } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { postEmailChange, postPasswordChange } from './account-api';
import { FormNote, SettingsCard, type Note } from './settings-card';

/**
 * Change password (issue 25): the current one, then the new one (registration rules); other devices sign out, and
 * `onChanged` tells the page so (its sessions list shows only this device then).
 */
export function PasswordForm({ onChanged }: { onChanged?: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const tooShort = next.length > 0 && next.length < LIMITS.password.min;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNote(null);
    try {
      const answer = await postPasswordChange({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      const text = answer.message ?? 'Password changed';
      setNote({ kind: 'ok', text });
      toast({ title: 'Password changed', description: text });
      onChanged?.();
    } catch (error) {
      setNote({
        kind: 'error',
        text: errorMessage(error, 'Could not change the password. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard
      id="password-heading"
      title="Change password"
      description="Every other device you are signed in on will be signed out."
    >
      <form onSubmit={submit} className="grid max-w-md gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="current-password">Current password</Label>
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            value={current}
            maxLength={LIMITS.password.max}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="new-password">New password</Label>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            value={next}
            maxLength={LIMITS.password.max}
            aria-describedby="new-password-hint"
            onChange={(e) => setNext(e.target.value)}
          />
          <p
            id="new-password-hint"
            className={tooShort ? 'text-xs text-red-700' : 'text-xs text-neutral-500'}
          >
            At least {LIMITS.password.min} characters.
          </p>
        </div>
        <FormNote note={note} />
        <div>
          <Button type="submit" disabled={busy || !current || next.length < LIMITS.password.min}>
            {busy ? 'Saving...' : 'Change password'}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}

/** Change e-mail (issue 25): takes effect once the link sent to the new address is opened. */
export function EmailForm({ email }: { email: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNote(null);
    try {
      const answer = await postEmailChange({ newEmail, password });
      setPassword('');
      setNote({ kind: 'ok', text: answer.message ?? 'Check your new address for a confirmation link.' });
    } catch (error) {
      setNote({ kind: 'error', text: errorMessage(error, 'Could not start the change. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard
      id="email-heading"
      title="Change e-mail"
      description={`Now: ${email}. We send a link to the new address; the change happens when you open it.`}
    >
      <form onSubmit={submit} className="grid max-w-md gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="new-email">New e-mail</Label>
          <Input
            id="new-email"
            type="email"
            autoComplete="email"
            value={newEmail}
            maxLength={LIMITS.email.max}
            onChange={(e) => setNewEmail(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="email-password">Current password</Label>
          <Input
            id="email-password"
            type="password"
            autoComplete="current-password"
            value={password}
            maxLength={LIMITS.password.max}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <FormNote note={note} />
        <div>
          <Button type="submit" disabled={busy || !newEmail.trim() || !password}>
            {busy ? 'Sending...' : 'Send confirmation link'}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
