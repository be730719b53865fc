import { Skeleton } from '@/components/ui/skeleton';

/**
 * Shown while the stored session is being restored, so the login page never flashes. index.html carries the same
 * markup in #root, so that it is on screen before any script has run (keep the two alike).
 */
export function PageLoading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen flex-col gap-6 p-6">
      <span className="sr-only">Loading...</span>
      <Skeleton className="h-14 w-full" />
      <div className="grid flex-1 gap-6 md:grid-cols-3">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
