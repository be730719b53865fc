import { NavLink } from 'react-router';
import {
  ClipboardList,
  Images,
  LayoutDashboard,
  Package,
  Receipt,
  Settings,
  ShieldCheck,
  Star,
  TicketPercent,
  Truck,
} from 'lucide-react';
import { cn } from '@/lib/cn';

const ADMIN_NAV = [
  { label: 'Dashboard', path: '/admin/dashboard', icon: LayoutDashboard },
  { label: 'Products', path: '/admin/products', icon: Package },
  { label: 'Orders', path: '/admin/orders', icon: ClipboardList },
  { label: 'Shipping', path: '/admin/shipping', icon: Truck },
  { label: 'Taxes', path: '/admin/taxes', icon: Receipt },
  { label: 'Discounts', path: '/admin/discounts', icon: TicketPercent },
  { label: 'Featured', path: '/admin/featured', icon: Star },
  { label: 'Feature Images', path: '/admin/features', icon: Images },
  { label: 'Settings', path: '/admin/settings', icon: Settings },
  { label: 'Security', path: '/admin/security', icon: ShieldCheck },
];

export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin" className="flex flex-col gap-1">
      {ADMIN_NAV.map(({ label, path, icon: Icon }) => (
        <NavLink
          key={path}
          to={path}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium lg:min-h-0',
              isActive ? 'bg-neutral-900 text-white' : 'text-neutral-700 hover:bg-neutral-100',
            )
          }
        >
          <Icon className="h-5 w-5" aria-hidden="true" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
