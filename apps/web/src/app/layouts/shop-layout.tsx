import { Outlet } from 'react-router';
import { ShopHeader } from '@/features/shop-layout/shop-header';

export function ShopLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-neutral-50">
      <ShopHeader />
      <main className="flex w-full flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
