import { useEffect, useState } from 'react';
import { Download } from 'lucide-react';
import {
  ADMIN_PRODUCT_DEFAULT_SORT,
  CATEGORIES,
  LOW_STOCK_MAX,
  type AdminProductSort,
  type AdminStockFilter,
  type Product,
} from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { formatCount } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { adminApi, type AdminProductQuery } from '@/lib/admin/admin-api';
import { ADMIN_PRODUCTS_PAGE, fetchAllProducts, selectAdminProducts } from '@/app/admin-slices';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { LabelledSelect, ListPager, ListSearch } from '@/components/admin/list-controls';
import { ProductForm } from './product-form';
import { ProductsTable } from './products-table';

/** How long typing in the search box waits before asking the server. */
const SEARCH_DELAY_MS = 300;

const SORT_LABELS: Record<AdminProductSort, string> = {
  'newest-desc': 'Newest first',
  'newest-asc': 'Oldest first',
  'title-asc': 'Title: A to Z',
  'title-desc': 'Title: Z to A',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  'stock-asc': 'Stock: Low to High',
  'stock-desc': 'Stock: High to Low',
};

/**
 * Admin products (spec §2, §4, §5; issue 11): a searchable, filterable, sortable, paginated table (thumbnail,
 * title, category, brand, price, sale price, stock red at 0 and amber when low) with Edit and Delete (asked first),
 * Add New Product, Export CSV, and the right-side drawer in add or edit mode (prefilled, image control disabled in
 * edit, reset on close; submit disabled until every field is filled). On a phone each row is a stacked card.
 */
export function AdminProductsPage() {
  const dispatch = useAppDispatch();
  const { productList, pagination, shownQuery, isLoading } = useAppSelector(selectAdminProducts);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [exporting, setExporting] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState<AdminProductQuery>({
    search: '',
    category: '',
    stock: '',
    sortBy: ADMIN_PRODUCT_DEFAULT_SORT,
    page: 1,
    limit: ADMIN_PRODUCTS_PAGE,
  });
  const reload = () => dispatch(fetchAllProducts(query));
  /** Changes filters or sort and goes back to the first page. */
  const filter = (change: Partial<AdminProductQuery>) => setQuery((q) => ({ ...q, ...change, page: 1 }));

  useEffect(() => {
    void dispatch(fetchAllProducts(query));
  }, [dispatch, query]);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery((q) => (q.search === searchText ? q : { ...q, search: searchText, page: 1 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  async function remove(product: Product) {
    try {
      await adminApi.deleteProduct(product._id);
      toast({ title: 'Product Deleted Successfully' });
      setDeleting(null);
      // The last row of a later page: step back a page rather than show an empty one.
      if (productList.length === 1 && query.page > 1) setQuery((q) => ({ ...q, page: q.page - 1 }));
      else await reload();
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to delete product'),
        variant: 'destructive',
      });
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await adminApi.exportProducts(query);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Export failed'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  const total = pagination?.total ?? 0;
  // From the query the total answers: while a new search is on its way, the old total keeps its old label.
  const filtered = Boolean(shownQuery && (shownQuery.search || shownQuery.category || shownQuery.stock));

  return (
    <section className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Products</h1>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-neutral-600" aria-live="polite">
            {`${formatCount(total, pagination?.totalIsLowerBound)} ${filtered ? 'matching ' : ''}products`}
          </span>
          <Button variant="outline" disabled={exporting} onClick={() => void exportCsv()}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
          <Button
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            Add New Product
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4" role="search">
        <div className="col-span-2 space-y-1 xl:col-span-1">
          <ListSearch
            id="product-search"
            label="Search products"
            placeholder="Title or brand"
            value={searchText}
            onChange={setSearchText}
          />
        </div>
        <div className="min-w-0 space-y-1">
          <LabelledSelect
            id="product-filter-category"
            label="Category"
            value={query.category}
            onChange={(category) => filter({ category })}
            options={CATEGORIES}
            placeholder="All categories"
          />
        </div>
        <div className="min-w-0 space-y-1">
          <LabelledSelect<AdminStockFilter>
            id="product-filter-stock"
            label="Stock"
            value={query.stock}
            onChange={(stock) => filter({ stock })}
            options={[
              { value: 'out', label: 'Out of stock' },
              { value: 'low', label: `Low (1 to ${LOW_STOCK_MAX})` },
            ]}
            placeholder="Any stock"
          />
        </div>
        <div className="col-span-2 space-y-1 xl:col-span-1">
          <LabelledSelect<AdminProductSort>
            id="product-sort"
            label="Sort by"
            value={query.sortBy}
            onChange={(sortBy) => sortBy && filter({ sortBy })}
            options={Object.entries(SORT_LABELS).map(([value, label]) => ({
              value: value as AdminProductSort,
              label,
            }))}
          />
        </div>
      </div>

      <div className="rounded-2xl border border-neutral-200 bg-white p-3 shadow-sm md:p-4">
        {isLoading ? (
          <p className="text-neutral-600">Loading...</p>
        ) : (
          // From `md` on a real table (scrolling inside its box if a long word ever needs it, never the page);
          // below `md` each row is a stacked card with labels.
          <div className="md:overflow-x-auto">
            <ProductsTable
              products={productList}
              sortBy={query.sortBy}
              onSort={(sortBy) => filter({ sortBy })}
              onEdit={(p) => {
                setEditing(p);
                setOpen(true);
              }}
              onDelete={setDeleting}
            />
          </div>
        )}
        {pagination && pagination.pages > 1 && (
          <ListPager
            label="Product pages"
            page={pagination.page}
            pages={pagination.pages}
            onPage={(page) => setQuery((q) => ({ ...q, page }))}
          />
        )}
      </div>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this product?"
        description={
          <>
            <strong className="text-neutral-900">{deleting?.title}</strong> is removed from the shop for good.
            Past orders keep their copy of it.
          </>
        }
        confirmLabel="Delete Product"
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
        onCancel={() => setDeleting(null)}
      />
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-md">
          <SheetTitle>{editing ? 'Edit Product' : 'Add New Product'}</SheetTitle>
          <SheetDescription className="sr-only">Every field is required.</SheetDescription>
          {open && (
            <ProductForm
              key={editing?._id ?? 'new'}
              editing={editing}
              onDone={async () => {
                setOpen(false);
                await reload();
              }}
            />
          )}
        </SheetContent>
      </Sheet>
    </section>
  );
}
