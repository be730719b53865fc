import { useEffect, useState } from 'react';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { LIMITS, type Product } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { formatPrice } from '@/lib/format';
import { adminApi } from '@/lib/admin/admin-api';
import { featuredApi } from './featured-api';
import { ListSearch } from '@/components/admin/list-controls';
import { runWithToast } from '@/components/admin/pricing-ui';

const SEARCH_DELAY_MS = 300;
/** How many search results are offered at once. */
const RESULTS = 10;
const MAX = LIMITS.featuredProducts.max;

/** Buttons 44 px tall on a phone, compact from `sm`. */
const TAP = 'h-11 sm:h-9';

/** The product's thumbnail, title and price (sale price when on sale). */
function ProductSummary({ product }: { product: Product }) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <img
        src={product.image}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        className="h-12 w-12 shrink-0 rounded-lg border border-neutral-200 object-cover"
      />
      <div className="min-w-0">
        <p className="truncate font-medium">{product.title}</p>
        <p className="text-sm text-neutral-600">
          {formatPrice(product.salePrice > 0 ? product.salePrice : product.price)} · {product.brand} ·{' '}
          {product.totalStock > 0 ? `${product.totalStock} in stock` : 'Out of stock'}
        </p>
      </div>
    </div>
  );
}

/** `list` with the item at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * Featured products (issue 28, /admin/featured): the products Home shows first, in order, with Move up / Move down /
 * Remove (named after the product for screen readers); a search (title or brand, the admin product list) whose
 * results have Feature; Save replaces the picks (the server's message as a toast). With none picked Home shows the
 * 12 cheapest products in stock.
 */
export function AdminFeaturedPage() {
  const [picked, setPicked] = useState<Product[] | null>(null);
  /** The ids as last loaded or saved: Save is offered only when the list differs. */
  const [savedIds, setSavedIds] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  /** The last search's answer, with the text it answers. */
  const [found, setFound] = useState<{ search: string; products: Product[] } | null>(null);

  useEffect(() => {
    let live = true;
    featuredApi.list().then(
      ({ data }) => {
        if (!live) return;
        setPicked(data);
        setSavedIds(data.map((p) => p._id));
      },
      (error: unknown) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to load featured products'),
          variant: 'destructive',
        }),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    if (!search) return;
    let live = true;
    adminApi.products({ search, category: '', stock: '', sortBy: 'title-asc', page: 1, limit: RESULTS }).then(
      ({ data }) => live && setFound({ search, products: data }),
      (error: unknown) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to search products'),
          variant: 'destructive',
        }),
    );
    return () => {
      live = false;
    };
  }, [search]);

  const list = picked ?? [];
  // Nothing is offered for an empty box, nor the answer to an older text while the new one loads.
  const results = search && found?.search === search ? found.products : null;
  const ids = list.map((p) => p._id);
  const dirty =
    picked !== null && (ids.length !== savedIds.length || ids.some((id, i) => id !== savedIds[i]));
  const full = list.length >= MAX;

  async function save() {
    setSaving(true);
    await runWithToast(
      async () => {
        const answer = await featuredApi.save(ids);
        setPicked(answer.data);
        setSavedIds(answer.data.map((p) => p._id));
        return answer;
      },
      'Featured products saved',
      'Could not save the featured products',
    );
    setSaving(false);
  }

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Featured Products</h1>
        <div className="flex items-center gap-3">
          {dirty && <span className="text-sm text-neutral-700">Unsaved changes</span>}
          <Button className="h-11 sm:h-10" disabled={!dirty || saving} onClick={() => void save()}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </div>
      <p className="max-w-2xl text-sm text-neutral-700">
        Home shows these products first, in this order (at most {MAX}). With none picked, it shows the 12
        cheapest products in stock.
      </p>

      <div className="rounded-2xl border border-neutral-200 bg-white p-3 shadow-sm sm:p-4">
        <h2 id="picked-heading" className="mb-3 font-semibold">
          On the home page {picked !== null && `(${list.length} of ${MAX})`}
        </h2>
        {picked === null ? (
          <p className="text-neutral-600">Loading…</p>
        ) : list.length === 0 ? (
          <p className="text-neutral-600">
            No products picked: Home shows the 12 cheapest products in stock.
          </p>
        ) : (
          <ol aria-labelledby="picked-heading" className="divide-y divide-neutral-100">
            {list.map((product, index) => (
              <li
                key={product._id}
                data-testid="featured-row"
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
              >
                <span className="sr-only">{index + 1}.</span>
                <ProductSummary product={product} />
                <div className="flex shrink-0 gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    className={TAP}
                    aria-label={`Move ${product.title} up`}
                    disabled={index === 0}
                    onClick={() => setPicked(moved(list, index, index - 1))}
                  >
                    <ArrowUp className="h-4 w-4" aria-hidden="true" />
                    Up
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    className={TAP}
                    aria-label={`Move ${product.title} down`}
                    disabled={index === list.length - 1}
                    onClick={() => setPicked(moved(list, index, index + 1))}
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden="true" />
                    Down
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    className={TAP}
                    aria-label={`Remove ${product.title}`}
                    onClick={() => setPicked(list.filter((p) => p._id !== product._id))}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>

      <div className="space-y-3 rounded-2xl border border-neutral-200 bg-white p-3 shadow-sm sm:p-4">
        <h2 className="font-semibold">Add products</h2>
        <div className="max-w-md space-y-1">
          <ListSearch
            id="featured-search"
            label="Find products"
            placeholder="Title or brand"
            value={searchText}
            onChange={setSearchText}
          />
        </div>
        {results === null ? (
          <p className="text-sm text-neutral-600">Type a title or brand to find products to feature.</p>
        ) : results.length === 0 ? (
          <p className="text-sm text-neutral-600">No products found</p>
        ) : (
          <ul aria-label="Search results" className="divide-y divide-neutral-100">
            {results.map((product) => {
              const already = ids.includes(product._id);
              return (
                <li
                  key={product._id}
                  data-testid="featured-result"
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
                >
                  <ProductSummary product={product} />
                  <Button
                    size="sm"
                    className={`${TAP} shrink-0 self-start sm:self-auto`}
                    aria-label={already ? `${product.title} is featured` : `Feature ${product.title}`}
                    disabled={already || full || picked === null}
                    onClick={() => setPicked([...list, product])}
                  >
                    {already ? 'Featured' : 'Feature'}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {full && (
          <p className="text-sm text-neutral-700">The list is full: remove a product to add another.</p>
        )}
      </div>
    </section>
  );
}
