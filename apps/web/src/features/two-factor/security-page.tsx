import { TwoFactorSection } from './two-factor-section';

/** The admin area's Security page (/admin/security): two-factor sign-in for the signed-in admin (issue 25). */
export function AdminSecurityPage() {
  return (
    <div className="w-full max-w-3xl min-w-0 space-y-4">
      <h1 className="text-2xl font-bold">Security</h1>
      <TwoFactorSection />
    </div>
  );
}
