import { Skeleton } from '@/components/ui/skeleton';

/**
 * Shown while the stored session is being restored, so the login page never flashes. index.html carries the same
 * markup in #root, so that it is on screen before any script has run (keep the two alike).
 */
export function PageLoading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen flex-col gap-6 p-6">
      <span className="sr-only">Loading...</span>
      {/* The brand in the header's place: the first thing painted, before the page's own content arrives. */}
      <Skeleton className="flex h-14 w-full items-center px-4 font-extrabold text-neutral-600">
        Emporium
      </Skeleton>
      <div className="grid flex-1 gap-6 md:grid-cols-3">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
