import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** A text link of the header's row, 44 px tall below 1024 px like its buttons (issue 40, item 11). */
const HEADER_LINK =
  'flex min-h-11 items-center rounded-md px-2 text-sm font-semibold whitespace-nowrap text-neutral-900 hover:bg-neutral-100 lg:min-h-10';

/**
 * A visitor's "Sign in" and "Create account", where a shopper's avatar is (issue 41, open storefront). Below 640 px
 * the row keeps "Sign in" and the drawer has both, so that a 360 px header fits.
 */
export function VisitorLinks({
  inDrawer = false,
  onNavigate,
}: {
  inDrawer?: boolean;
  onNavigate?: () => void;
}) {
  if (inDrawer) {
    return (
      <ul className="mt-4 flex flex-col gap-1 border-t border-neutral-200 pt-4 sm:hidden">
        <li>
          <Link to="/auth/login" className={HEADER_LINK} onClick={onNavigate}>
            Sign in
          </Link>
        </li>
        <li>
          <Link to="/auth/register" className={HEADER_LINK} onClick={onNavigate}>
            Create account
          </Link>
        </li>
      </ul>
    );
  }
  return (
    <>
      <Link to="/auth/login" className={HEADER_LINK}>
        Sign in
      </Link>
      <Link to="/auth/register" className={buttonClasses({ className: 'h-11 max-sm:hidden lg:h-10' })}>
        Create account
      </Link>
    </>
  );
}
