import { useSearchParams } from 'react-router';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The search box; the query is kept in the searchQuery parameter (spec §2). */
export function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('searchQuery') ?? '';
  return (
    <section className="mx-auto w-full max-w-5xl space-y-4 p-4 md:p-6">
      <Label htmlFor="search-products" className="sr-only">
        Search for products
      </Label>
      <Input
        id="search-products"
        type="search"
        placeholder="Search for products"
        value={query}
        onChange={(event) =>
          setSearchParams(event.target.value ? { searchQuery: event.target.value } : {}, { replace: true })
        }
        className="h-12 text-base"
      />
    </section>
  );
}
