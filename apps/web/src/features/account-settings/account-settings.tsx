import { useCallback, useState, type ReactNode } from 'react';
import { useSessionUser } from '@/app/session';
import { EmailForm, PasswordForm } from './credentials-forms';
import { DataExport, DeleteAccount } from './data-and-deletion';
import { SessionsList } from './sessions-list';

/**
 * The Settings tab of the Account page (issue 25 "Accounts a shopper can keep"): change password, change e-mail,
 * active sessions, download my data and delete my account. Loaded only when the tab opens.
 */
export function AccountSettings({ twoFactor }: { twoFactor?: ReactNode }) {
  const user = useSessionUser();
  // Bumped when a password change signed the other devices out: the sessions list reads itself again (issue 40).
  const [signOuts, setSignOuts] = useState(0);
  const othersSignedOut = useCallback(() => setSignOuts((n) => n + 1), []);
  if (!user) return <p className="text-neutral-600">Loading user data...</p>;
  return (
    <div className="min-w-0 space-y-4">
      <h2 className="text-xl font-bold">Settings</h2>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <PasswordForm onChanged={othersSignedOut} />
        <EmailForm email={user.email} />
      </div>
      {twoFactor}
      <SessionsList refresh={signOuts} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <DataExport />
        <DeleteAccount />
      </div>
    </div>
  );
}
