import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { AuthUser } from '@emporium/contract';
import { rememberForSignIn } from '@/lib/payment-return';
import { openStorefront, isPublicPage } from '@/lib/storefront-mode';

interface CheckAuthProps {
  isAuthenticated: boolean;
  user: AuthUser | null;
  children: ReactNode;
}

function isAuthPage(pathname: string): boolean {
  return pathname.startsWith('/auth/login') || pathname.startsWith('/auth/register');
}

function homeFor(user: AuthUser | null): string {
  return user?.role === 'admin' ? '/admin/dashboard' : '/shop/home';
}

/**
 * The access guard of spec §4. In the open storefront (issue 41) a visitor also sees home, the listing, product
 * pages and search, and `/` leads to the shop's home; every other page still needs a login.
 */
export function CheckAuth({ isAuthenticated, user, children }: CheckAuthProps) {
  const { pathname, search } = useLocation();

  if (pathname === '/') {
    const visitorHome = openStorefront ? '/shop/home' : '/auth/login';
    return <Navigate to={isAuthenticated ? homeFor(user) : visitorHome} replace />;
  }
  if (!isAuthenticated && !isAuthPage(pathname) && !isPublicPage(pathname)) {
    // A payment's return (another browser, a payment app) or an e-mail's order link opened signed out: shown once
    // they have signed in.
    rememberForSignIn(pathname, search);
    return <Navigate to="/auth/login" replace />;
  }
  if (isAuthenticated && isAuthPage(pathname)) {
    return <Navigate to={homeFor(user)} replace />;
  }
  if (isAuthenticated && user?.role !== 'admin' && pathname.startsWith('/admin')) {
    return <Navigate to="/unauth-page" replace />;
  }
  if (isAuthenticated && user?.role === 'admin' && pathname.startsWith('/shop')) {
    return <Navigate to="/admin/dashboard" replace />;
  }
  return <>{children}</>;
}
