import { Outlet, useLocation } from 'react-router';
import { ShoppingBag } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Welcome panel beside the form; on the register page the two swap sides (spec §2). */
export function AuthLayout() {
  const { pathname } = useLocation();
  const isRegister = pathname.startsWith('/auth/register');
  return (
    <div className={cn('flex min-h-screen w-full flex-col lg:flex-row', isRegister && 'lg:flex-row-reverse')}>
      <section
        aria-label="Welcome"
        className="flex items-center justify-center bg-neutral-900 px-8 py-10 text-white lg:w-1/2 lg:px-12"
      >
        <div className="max-w-md space-y-4 text-center">
          <ShoppingBag className="mx-auto h-12 w-12" aria-hidden="true" />
          <p className="text-3xl font-extrabold tracking-tight sm:text-4xl">Welcome to Emporium</p>
          <p className="text-neutral-300">Electronics, fashion, home and sports from the brands you love.</p>
        </div>
      </section>
      <main className="flex flex-1 items-center justify-center bg-white px-4 py-12 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
