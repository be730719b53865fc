import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the recovery pages: a centred card with a title, and a way back to sign in. */
export function RecoveryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-neutral-50 p-4 sm:p-6">
      <div className="w-full max-w-md space-y-5 rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900">{title}</h1>
        {children}
        <Link
          to="/auth/login"
          className="block text-sm text-neutral-600 underline underline-offset-4 hover:text-neutral-900"
        >
          Back to sign in
        </Link>
      </div>
    </main>
  );
}
