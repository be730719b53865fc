import { useState, type FormEvent } from 'react';
import { LIMITS } from '@emporium/contract';
import { useLogout } from '@/app/session';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { getAccountExport, postAccountDelete } from './account-api';
import { FormNote, SettingsCard, type Note } from './settings-card';

/** Download my data (issue 25): the export as a JSON file. */
export function DataExport() {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const data = await getAccountExport();
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `emporium-account-${data.exportedAt.slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast({
        title: 'Download failed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard
      id="export-heading"
      title="Download my data"
      description="Your profile, addresses, orders, reviews and sessions, as a JSON file."
    >
      <Button variant="outline" disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing...' : 'Download my data'}
      </Button>
    </SettingsCard>
  );
}

/**
 * Delete my account (issue 25): a dialog asks for the password; then the account is erased, this device signs out
 * and goes to the login page.
 */
export function DeleteAccount() {
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNote(null);
    try {
      await postAccountDelete(password);
      setOpen(false);
      toast({ title: 'Account deleted', description: 'Your account and its personal data were deleted.' });
      logout();
    } catch (error) {
      setNote({
        kind: 'error',
        text: errorMessage(error, 'Could not delete the account. Please try again.'),
      });
      setBusy(false);
    }
  }

  return (
    <SettingsCard
      id="delete-heading"
      title="Delete my account"
      description="Your profile, addresses, cart and sessions are deleted and your orders keep no name or address. This cannot be undone."
    >
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword('');
            setNote(null);
          }
        }}
      >
        <DialogContent>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription className="mt-2">
            Enter your password to confirm. You will be signed out everywhere and cannot sign in again with
            this account.
          </DialogDescription>
          <form onSubmit={submit} className="mt-4 grid gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="delete-password">Password</Label>
              <Input
                id="delete-password"
                type="password"
                autoComplete="current-password"
                value={password}
                maxLength={LIMITS.password.max}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <FormNote note={note} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={busy || !password}>
                {busy ? 'Deleting...' : 'Delete account'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </SettingsCard>
  );
}
