import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getTwoFactorStatus, onTwoFactorChange } from './two-factor-api';

/** Where an admin sets up two-factor sign-in. */
export const ADMIN_SECURITY_PATH = '/admin/security';

/**
 * ADMIN_2FA_REQUIRED in the admin area (issue 25): while the server says this admin must set up two-factor sign-in
 * and has not, every admin page sends them to the security page (the server refuses the admin API meanwhile).
 */
export function AdminTwoFactorGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [state, setState] = useState<'checking' | 'allowed' | 'enrol'>('checking');
  const [version, setVersion] = useState(0);

  useEffect(() => onTwoFactorChange(() => setVersion((v) => v + 1)), []);
  useEffect(() => {
    let live = true;
    getTwoFactorStatus()
      .then((status) => live && setState(status.required && !status.enabled ? 'enrol' : 'allowed'))
      // The check cannot answer: the admin API's own 403 still holds, so the pages may show.
      .catch(() => live && setState('allowed'));
    return () => {
      live = false;
    };
  }, [version]);

  if (state === 'checking') return <p className="p-4 text-neutral-600">Loading...</p>;
  if (state === 'enrol' && pathname !== ADMIN_SECURITY_PATH)
    return <Navigate to={ADMIN_SECURITY_PATH} replace />;
  return children;
}
