import { Suspense, type ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { lazyComponent } from '@/lib/lazy-component';
import { OrderHistory } from './order-history';

// The Address tab's content downloads when the tab opens (the Orders tab is the one shown first), with the
// checkout's pieces (purchase-screens.ts); pointing at or focusing the tab starts the download (issue 46).
const addressBook = lazyComponent(
  () => import('./purchase-screens'),
  (m) => m.AccountAddresses,
);

const trigger =
  'min-h-11 cursor-pointer rounded-md px-4 py-2 text-sm sm:min-h-0 font-semibold text-neutral-600 data-[state=active]:bg-white data-[state=active]:text-neutral-900 data-[state=active]:shadow-sm';

/**
 * The Account page (spec §2): tabs Orders (default) and Address, and Settings (issue 25) when the app hands the
 * settings over (`settings`, a lazily loaded feature: its chunk downloads only when the tab opens).
 */
export function AccountPage({ settings }: { settings?: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-6xl min-w-0 space-y-4 p-4 md:p-6">
      <h1 className="text-2xl font-bold">Account</h1>
      <Tabs defaultValue="orders" className="space-y-4">
        <TabsList aria-label="Account sections" className="inline-flex rounded-lg bg-neutral-100 p-1">
          <TabsTrigger value="orders" className={trigger}>
            Orders
          </TabsTrigger>
          <TabsTrigger
            value="address"
            className={trigger}
            onPointerEnter={addressBook.preload}
            onFocus={addressBook.preload}
          >
            Address
          </TabsTrigger>
          {settings ? (
            <TabsTrigger value="settings" className={trigger}>
              Settings
            </TabsTrigger>
          ) : null}
        </TabsList>
        <TabsContent
          value="orders"
          className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm md:p-6"
        >
          <OrderHistory />
        </TabsContent>
        <TabsContent
          value="address"
          className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm md:p-6"
        >
          <Suspense fallback={<p className="text-neutral-600">Loading addresses...</p>}>
            <addressBook.Component />
          </Suspense>
        </TabsContent>
        {settings ? (
          <TabsContent
            value="settings"
            className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm md:p-6"
          >
            {settings}
          </TabsContent>
        ) : null}
      </Tabs>
    </section>
  );
}
