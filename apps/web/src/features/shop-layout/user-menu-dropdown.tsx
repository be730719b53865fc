import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { LogOut, UserRound } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useFirstItemFocus } from '@/components/ui/deferred-popup';

export interface UserMenuDropdownProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The avatar button (user-menu.tsx), made the menu's trigger. */
  trigger: ReactElement;
  userName: string;
  onLogout: () => void;
  /** The menu mounts open from a key press on the stand-in button: focus its first item, as Radix would. */
  focusFirstItem: boolean;
}

/** The account menu itself (spec §2), loaded on first open by UserMenu. */
export function UserMenuDropdown({
  open,
  onOpenChange,
  trigger,
  userName,
  onLogout,
  focusFirstItem,
}: UserMenuDropdownProps) {
  const navigate = useNavigate();
  // Only for the open the menu mounts with; later opens go through Radix's own trigger.
  const onFocus = useFirstItemFocus(focusFirstItem);
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56" onFocus={onFocus}>
        <DropdownMenuLabel>{`Logged in as ${userName}`}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate('/shop/account')}>
          <UserRound className="h-4 w-4" aria-hidden="true" />
          Account
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
