import { Link, useSearchParams } from 'react-router';
import { ConfirmLink } from '@/components/ui/confirm-link';
import { postEmailConfirm } from './account-api';

/**
 * `/account/confirm-email?token=…` (issue 25): the link mailed to a new address. It confirms on a press, not on
 * load, so that a mail scanner opening the link changes nothing. Open to visitors: the link may open anywhere.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center p-6">
      <div className="w-full max-w-md space-y-4 rounded-2xl border border-neutral-200 bg-white p-6 text-center shadow-sm">
        <h1 className="text-2xl font-bold">Confirm your new e-mail</h1>
        <ConfirmLink
          token={params.get('token') ?? ''}
          prompt="Press the button to use this address for your Emporium account."
          label="Confirm e-mail address"
          busyLabel="Confirming..."
          confirm={postEmailConfirm}
          doneText="Your e-mail address is changed."
          errorText="Could not confirm the address. Please try again."
        />
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
