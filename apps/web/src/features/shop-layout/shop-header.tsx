import type { ReactNode } from 'react';
import { Suspense, useCallback, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Menu, Search, ShoppingBag } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { DeferredPopup, useDeferredPopup, type StandInProps } from '@/components/ui/deferred-popup';
import { useCartPanelRequests } from '@/app/product-actions';
import { useLogout, useSessionUser } from '@/app/session';
import { cn } from '@/lib/cn';
import { applySingleFilter, clearStoredFilters } from '@/lib/filters';
import { lazyComponent } from '@/lib/lazy-component';
import { openStorefront } from '@/lib/storefront-mode';
import { SHOP_NAV_ITEMS, type NavItem } from './nav-items';
import { UserMenu } from './user-menu';

/**
 * A visitor's Sign in / Create account (issue 41): only the open storefront shows them, so their code is a chunk of
 * its own, downloaded with the page's screens there (app/router.tsx) and never in the `members` shop.
 */
export const visitorLinks = lazyComponent(
  () => import('./visitor-links'),
  (m) => m.VisitorLinks,
);

// The drawer (Radix Dialog) downloads on first use, like the account menu and the cart panel.
const navSheet = lazyComponent(
  () => import('./nav-sheet'),
  (m) => m.NavSheet,
);

/** The header's buttons are 44 × 44 px below 1024 px (issue 40, item 11: WCAG 2.5.5's touch size), 40 from there. */
const HEADER_TAP = 'h-11 w-11 lg:h-10 lg:w-10';

function MenuItems({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const activeCategory = searchParams.get('category');

  const isActive = (item: NavItem) => {
    if (item.path !== pathname) return false;
    if (pathname !== '/shop/listing') return true;
    return item.category ? activeCategory === item.category : activeCategory === null;
  };

  const go = (item: NavItem) => {
    if (item.category) {
      void navigate(applySingleFilter('category', item.category));
    } else {
      clearStoredFilters();
      void navigate(item.path);
    }
    onNavigate?.();
  };

  return (
    <ul className="flex flex-col gap-1 xl:flex-row xl:items-center xl:gap-0">
      {SHOP_NAV_ITEMS.map((item) => {
        const href = item.category
          ? `/shop/listing?category=${encodeURIComponent(item.category)}`
          : item.path;
        return (
          <li key={item.id}>
            <a
              href={href}
              aria-current={isActive(item) ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                go(item);
              }}
              className={cn(
                // In the drawer each link is a 44 px row (issue 40, item 11); in the wide header's row, a line.
                'flex min-h-11 items-center rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap hover:bg-neutral-100 hover:text-neutral-900 xl:block xl:min-h-0 xl:px-1.5',
                isActive(item) ? 'text-neutral-900 underline underline-offset-4' : 'text-neutral-600',
              )}
            >
              {item.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The shop header (spec §2); `cart` is the cart button and panel, supplied by the app layout. A visitor of the open
 * storefront (issue 41) sees `visitorLinks` in place of the account menu, and the logo's icon only where the row
 * would not fit its text: below 640 px, and from 1280 to 1535 px, where the navigation shares the row.
 */
export function ShopHeader({ cart }: { cart: ReactNode }) {
  const user = useSessionUser();
  const visitor = !user && openStorefront;
  const logout = useLogout();
  const menu = useDeferredPopup('dialog', navSheet.preload);
  const setMenuOpen = menu.setOpen;
  const cartRef = useRef<HTMLSpanElement>(null);
  // "View cart" in the add-to-cart toast: the cart button owns its panel, so the request presses the button.
  const openCart = useCallback(() => {
    setMenuOpen(false);
    cartRef.current?.querySelector('button')?.click();
  }, [setMenuOpen]);
  useCartPanelRequests(openCart);
  const menuButton = (props?: StandInProps) => (
    <Button
      variant="outline"
      size="icon"
      className={cn(HEADER_TAP, 'xl:hidden')}
      aria-label="Toggle header menu"
      {...props}
    >
      <Menu className="h-5 w-5" aria-hidden="true" />
    </Button>
  );

  return (
    <header className="sticky top-0 z-40 w-full border-b border-neutral-200 bg-white/95 backdrop-blur">
      <div className="flex h-16 items-center justify-between gap-2 px-4 sm:gap-4 md:px-6">
        <Link
          to="/shop/home"
          className="flex min-h-11 items-center gap-2 font-extrabold"
          aria-label="Emporium home"
        >
          <ShoppingBag className="h-6 w-6" aria-hidden="true" />
          <span className={cn(visitor && 'sr-only sm:not-sr-only xl:sr-only 2xl:not-sr-only')}>Emporium</span>
        </Link>
        <nav aria-label="Main" className="hidden min-w-0 flex-1 justify-center xl:flex">
          <MenuItems />
        </nav>
        <div className="flex items-center gap-2 sm:gap-3">
          {/*
            Below xl the nav (with its Search link) is in the drawer: search is one tap away here (issue 28). Like
            that link it clears the stored filters (spec §4).
          */}
          <Link
            to="/shop/search"
            aria-label="Search"
            onClick={clearStoredFilters}
            className={buttonClasses({
              variant: 'outline',
              size: 'icon',
              className: `${HEADER_TAP} xl:hidden`,
            })}
          >
            <Search className="h-5 w-5" aria-hidden="true" />
          </Link>
          <span ref={cartRef} className="contents">
            {cart}
          </span>
          {visitor ? (
            <Suspense>
              <visitorLinks.Component />
            </Suspense>
          ) : (
            <UserMenu user={user} onLogout={logout} />
          )}
          <DeferredPopup loaded={menu.loaded} standIn={menuButton(menu.standInProps)}>
            <navSheet.Component open={menu.open} onOpenChange={setMenuOpen} trigger={menuButton()}>
              <MenuItems onNavigate={() => setMenuOpen(false)} />
              {visitor && <visitorLinks.Component inDrawer onNavigate={() => setMenuOpen(false)} />}
            </navSheet.Component>
          </DeferredPopup>
        </div>
      </div>
    </header>
  );
}
