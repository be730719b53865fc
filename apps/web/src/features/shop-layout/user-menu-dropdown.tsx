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

export interface UserMenuDropdownProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The avatar button (user-menu.tsx), made the menu's trigger. */
  trigger: ReactElement;
  userName: string;
  onLogout: () => void;
}

/** The account menu itself (spec §2), loaded on first open by UserMenu. */
export function UserMenuDropdown({ open, onOpenChange, trigger, userName, onLogout }: UserMenuDropdownProps) {
  const navigate = useNavigate();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
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
