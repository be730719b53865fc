import { useSearchParams } from 'react-router';
import { ConfirmLink } from '@/components/ui/confirm-link';
import { RecoveryCard } from './recovery-card';
import { verifyEmail } from './recovery-links-api';

/**
 * `/auth/verify-email?token=…` (issue 25): confirms the address on a press, not on load, so that a mail scanner
 * opening the link changes nothing. Open to visitors: the link may open in any browser.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  return (
    <RecoveryCard title="Verify your e-mail address">
      <ConfirmLink
        token={params.get('token') ?? ''}
        prompt="Press the button to confirm this address for your Emporium account."
        label="Verify e-mail address"
        busyLabel="Verifying..."
        confirm={verifyEmail}
        doneText="Your e-mail address is verified."
        errorText="Could not verify the address. Please try again."
        buttonClassName="w-full"
      />
    </RecoveryCard>
  );
}
