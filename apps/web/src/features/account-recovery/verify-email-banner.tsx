import { useState } from 'react';
import { errorMessage } from '@/lib/api';
import { resendVerification } from './recovery-api';

/**
 * The shop layout's banner for a shopper whose address `email` is not verified yet (issue 25), with "Resend". The
 * layout renders it only when check-auth says so.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      const answer = await resendVerification();
      setNote({ text: answer.message ?? 'We sent a new verification link.', error: false });
    } catch (error) {
      setNote({ text: errorMessage(error, 'Could not send the link. Please try again.'), error: true });
    }
    setBusy(false);
  }

  return (
    <div
      role="region"
      aria-label="E-mail verification"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1">
        <p className="min-w-0 break-words">
          Please verify your e-mail address <span className="font-medium break-all">{email}</span>: we sent
          you a link.
        </p>
        <button
          type="button"
          onClick={() => void resend()}
          disabled={busy}
          className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center font-medium underline underline-offset-4 hover:text-amber-950 disabled:opacity-60 lg:min-h-0"
        >
          {busy ? 'Sending...' : 'Resend'}
        </button>
        {note ? (
          <p
            role={note.error ? 'alert' : 'status'}
            className={note.error ? 'text-red-700' : 'text-amber-900'}
          >
            {note.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
