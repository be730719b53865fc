import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { ChartNoAxesCombined, LogOut, Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useLogout } from '@/app/session';
import { AdminNav } from './admin-nav';

/** The admin shell: side navigation (a left drawer on small screens) and a header with Logout (spec §2). */
export default function AdminLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const logout = useLogout();

  return (
    <div className="flex min-h-screen w-full bg-neutral-50">
      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent side="left">
          <SheetTitle className="flex items-center gap-2">
            <ChartNoAxesCombined className="h-6 w-6" aria-hidden="true" />
            Admin Panel
          </SheetTitle>
          <SheetDescription className="sr-only">Admin navigation</SheetDescription>
          <AdminNav onNavigate={() => setDrawerOpen(false)} />
        </SheetContent>
      </Sheet>
      <aside className="hidden w-64 flex-col gap-6 border-r border-neutral-200 bg-white p-6 lg:flex">
        <Link to="/admin/dashboard" className="flex items-center gap-2 text-xl font-extrabold">
          <ChartNoAxesCombined className="h-6 w-6" aria-hidden="true" />
          Admin Panel
        </Link>
        <AdminNav />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 items-center justify-between border-b border-neutral-200 bg-white px-4 md:px-6">
          <Button
            variant="outline"
            size="icon"
            className="lg:hidden"
            aria-label="Toggle admin menu"
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="h-5 w-5" aria-hidden="true" />
          </Button>
          <div className="flex flex-1 justify-end">
            <Button onClick={logout}>
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Logout
            </Button>
          </div>
        </header>
        <main className="flex flex-1 flex-col p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
