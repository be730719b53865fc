import type { AuthUser } from '@emporium/contract';
import { DeferredPopup, useDeferredPopup, type StandInProps } from '@/components/ui/deferred-popup';
import { lazyComponent } from '@/lib/lazy-component';

// The menu and its Radix primitives (about 13 kB brotli) download on first use, not with the page.
const dropdown = lazyComponent(
  () => import('./user-menu-dropdown'),
  (m) => m.UserMenuDropdown,
);

interface UserMenuProps {
  user: AuthUser | null;
  onLogout: () => void;
}

/** The header's avatar button and its account menu (Account, Logout). */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const menu = useDeferredPopup('menu', dropdown.preload);
  const userName = user?.userName ?? '';
  const avatar = (props?: StandInProps) => (
    <button
      aria-label="Account menu"
      className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-full bg-neutral-900 font-extrabold text-white uppercase focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:ring-offset-2 focus-visible:outline-none lg:h-10 lg:w-10"
      {...props}
    >
      <span data-testid="user-avatar">{userName.charAt(0).toUpperCase()}</span>
    </button>
  );
  return (
    <DeferredPopup loaded={menu.loaded} standIn={avatar(menu.standInProps)}>
      <dropdown.Component
        open={menu.open}
        onOpenChange={menu.setOpen}
        trigger={avatar()}
        focusFirstItem={menu.openedByKeyboard}
        userName={userName}
        onLogout={onLogout}
      />
    </DeferredPopup>
  );
}
