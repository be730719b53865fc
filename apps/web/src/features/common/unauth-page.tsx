import { Link } from 'react-router';

export function UnauthPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">You are not authorized to access this page!</h1>
      <Link to="/" className="text-sm text-neutral-600 underline underline-offset-4 hover:text-neutral-900">
        Go to the start page
      </Link>
    </main>
  );
}
