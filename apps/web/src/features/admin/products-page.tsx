import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import {
  ADMIN_PRODUCT_DEFAULT_SORT,
  BRANDS,
  CATEGORIES,
  LIMITS,
  LOW_STOCK_MAX,
  type AdminProductSort,
  type AdminStockFilter,
  type Brand,
  type Category,
  type Product,
  type ProductInput,
} from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { adminApi, type AdminProductQuery } from './admin-api';
import { ADMIN_PRODUCTS_PAGE, fetchAllProducts, selectAdminProducts } from './admin-slices';
import { ConfirmDialog } from './confirm-dialog';
import { LabelledSelect, ListPager, ListSearch } from './list-controls';
import { ImageUpload } from './image-upload';

type FormState = Record<Exclude<keyof ProductInput, 'version'>, string>;
const EMPTY: FormState = {
  image: '',
  title: '',
  description: '',
  category: '',
  brand: '',
  price: '',
  salePrice: '',
  totalStock: '',
};

function fromProduct(p: Product): FormState {
  return {
    image: p.image,
    title: p.title,
    description: p.description,
    category: p.category,
    brand: p.brand,
    price: String(p.price),
    salePrice: String(p.salePrice),
    totalStock: String(p.totalStock),
  };
}

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

/** Stock at 0 is red, at 1..LOW_STOCK_MAX amber; the word keeps it readable without the colour. */
function StockCell({ stock }: { stock: number }) {
  const level = stock === 0 ? 'out' : stock <= LOW_STOCK_MAX ? 'low' : 'ok';
  return (
    <span
      data-stock={level}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        level === 'out' && 'bg-red-100 text-red-800',
        level === 'low' && 'bg-amber-100 text-amber-900',
        level === 'ok' && 'text-neutral-800',
      )}
    >
      {stock}
      {level === 'out' && <span> · Out of stock</span>}
      {level === 'low' && <span> · Low</span>}
    </span>
  );
}

/** A table header that sorts by its field: the first click ascending, the next descending. */
function SortHeader({
  field,
  sortBy,
  onSort,
  children,
  className,
}: {
  field: 'title' | 'price' | 'stock';
  sortBy: AdminProductSort;
  onSort: (sort: AdminProductSort) => void;
  children: ReactNode;
  className?: string;
}) {
  const [current, direction] = sortBy.split('-') as [string, 'asc' | 'desc'];
  const active = current === field;
  const Icon = !active ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('py-2 pr-3 font-semibold', className)}
    >
      <button
        type="button"
        className="inline-flex cursor-pointer items-center gap-1 rounded hover:text-neutral-900 focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none"
        onClick={() => onSort(active && direction === 'asc' ? `${field}-desc` : `${field}-asc`)}
      >
        {children}
        <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      </button>
    </th>
  );
}

/** A row: a stacked card below `md`, a table row from `md` on (as All Orders does below `sm`). */
const row =
  'grid grid-cols-[64px_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-xl border border-neutral-200 p-3 md:table-row md:rounded-none md:border-0 md:border-b md:border-neutral-100 md:p-0';
const cell = 'min-w-0 break-words md:py-2 md:pr-3 md:align-middle';
const cellLabel = 'mr-1 font-sans text-xs text-neutral-600 md:hidden';

/**
 * Admin products (spec §2, §4, §5; issue 11): a searchable, filterable, sortable, paginated table (thumbnail,
 * title, category, brand, price, sale price, stock red at 0 and amber when low) with Edit and Delete (asked first),
 * Add New Product, Export CSV, and the right-side drawer in add or edit mode (prefilled, image control disabled in
 * edit, reset on close; submit disabled until every field is filled). On a phone each row is a stacked card.
 */
export function AdminProductsPage() {
  const dispatch = useAppDispatch();
  const { productList, pagination, isLoading } = useAppSelector(selectAdminProducts);
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
  const filtered = Boolean(query.search || query.category || query.stock);

  return (
    <section className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Products</h1>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-neutral-600" aria-live="polite">
            {`${total} ${filtered ? 'matching ' : ''}products`}
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
            <table className="block w-full text-left text-sm md:table" data-testid="admin-products-table">
              <caption className="sr-only">Products</caption>
              <thead className="hidden border-b border-neutral-200 text-neutral-600 md:table-header-group">
                <tr>
                  <th scope="col" className="w-16 py-2 pr-3 font-semibold">
                    <span className="sr-only">Image</span>
                  </th>
                  <SortHeader field="title" sortBy={query.sortBy} onSort={(sortBy) => filter({ sortBy })}>
                    Title
                  </SortHeader>
                  <th scope="col" className="hidden py-2 pr-3 font-semibold xl:table-cell">
                    Category
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 font-semibold xl:table-cell">
                    Brand
                  </th>
                  <SortHeader field="price" sortBy={query.sortBy} onSort={(sortBy) => filter({ sortBy })}>
                    Price
                  </SortHeader>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Sale Price
                  </th>
                  <SortHeader field="stock" sortBy={query.sortBy} onSort={(sortBy) => filter({ sortBy })}>
                    Stock
                  </SortHeader>
                  <th scope="col" className="py-2 font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="block space-y-3 md:table-row-group md:space-y-0">
                {productList.length === 0 ? (
                  <tr className="block md:table-row">
                    <td colSpan={8} className="block py-6 text-center text-neutral-600 md:table-cell">
                      No products found
                    </td>
                  </tr>
                ) : (
                  productList.map((p) => (
                    <tr key={p._id} data-testid="admin-product-row" className={row}>
                      <td className="row-span-6 md:w-16 md:py-2 md:pr-3 md:align-middle">
                        <img
                          src={p.image}
                          alt=""
                          width={56}
                          height={56}
                          loading="lazy"
                          className="h-14 w-14 rounded-md object-cover"
                        />
                      </td>
                      <td className={cell}>
                        <Link
                          to={`/admin/products/${encodeURIComponent(p._id)}`}
                          className="block font-semibold underline decoration-neutral-300 underline-offset-4 hover:decoration-neutral-900"
                        >
                          {p.title}
                        </Link>
                        {/* Between md and xl the table has no room for these two columns: they go under the title. */}
                        <span className="hidden text-xs text-neutral-600 md:block xl:hidden">
                          {p.category} · {p.brand}
                        </span>
                      </td>
                      <td className={cn(cell, 'text-neutral-700 md:hidden xl:table-cell')}>
                        <span className={cellLabel}>Category</span>
                        {p.category}
                      </td>
                      <td className={cn(cell, 'text-neutral-700 md:hidden xl:table-cell')}>
                        <span className={cellLabel}>Brand</span>
                        {p.brand}
                      </td>
                      <td className={cn(cell, 'whitespace-nowrap')}>
                        <span className={cellLabel}>Price</span>
                        <span className={p.salePrice > 0 ? 'text-neutral-500 line-through' : ''}>
                          {formatPrice(p.price)}
                        </span>
                      </td>
                      <td className={cn(cell, 'whitespace-nowrap')}>
                        <span className={cellLabel}>Sale Price</span>
                        {p.salePrice > 0 ? (
                          <span className="font-semibold">{formatPrice(p.salePrice)}</span>
                        ) : (
                          <span className="text-neutral-500">
                            <span aria-hidden="true">—</span>
                            <span className="sr-only">Not on sale</span>
                          </span>
                        )}
                      </td>
                      <td className={cell}>
                        <span className={cellLabel}>Stock</span>
                        <StockCell stock={p.totalStock} />
                      </td>
                      <td className="col-span-2 pt-2 md:py-2 md:text-right">
                        <div className="flex gap-2 md:justify-end">
                          <Button
                            size="sm"
                            variant="outline"
                            className="h-11 flex-1 md:h-9 md:flex-none"
                            aria-label={`Edit ${p.title}`}
                            onClick={() => {
                              setEditing(p);
                              setOpen(true);
                            }}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="destructive"
                            className="h-11 flex-1 md:h-9 md:flex-none"
                            aria-label={`Delete ${p.title}`}
                            onClick={() => setDeleting(p)}
                          >
                            Delete
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
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

function ProductForm({ editing, onDone }: { editing: Product | null; onDone: () => Promise<void> }) {
  const [form, setForm] = useState<FormState>(editing ? fromProduct(editing) : EMPTY);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const complete = Object.values(form).every((v) => v.trim() !== '');
  const set = (key: keyof FormState) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete) return;
    setSaving(true);
    const body = {
      ...form,
      price: Number(form.price),
      salePrice: Number(form.salePrice),
      totalStock: Number(form.totalStock),
    } as ProductInput;
    try {
      if (editing) {
        // The version it was loaded at: the server refuses (409) to save over a sale or another admin's edit.
        await adminApi.editProduct(editing._id, { ...body, version: editing.version });
        toast({ title: 'Product Updated Successfully' });
      } else {
        await adminApi.addProduct(body);
        toast({ title: 'Product Added Successfully' });
      }
      await onDone();
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to save product'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  const text = (
    key: 'title' | 'price' | 'salePrice' | 'totalStock',
    label: string,
    type = 'text',
    max?: number,
  ) => (
    <div className="space-y-1">
      <Label htmlFor={`product-${key}`}>{label}</Label>
      <Input
        id={`product-${key}`}
        type={type}
        min={type === 'number' ? 0 : undefined}
        step={key === 'totalStock' ? 1 : type === 'number' ? 0.01 : undefined}
        maxLength={max}
        value={form[key]}
        placeholder={`Enter product ${label.toLowerCase()}`}
        onChange={(e) => set(key)(e.target.value)}
      />
    </div>
  );

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3">
      <ImageUpload
        url={form.image}
        onUploaded={set('image')}
        onLoadingChange={setUploading}
        disabled={Boolean(editing)}
      />
      {text('title', 'Title', 'text', LIMITS.productTitle.max)}
      <div className="space-y-1">
        <Label htmlFor="product-description">Description</Label>
        <textarea
          id="product-description"
          maxLength={LIMITS.productDescription.max}
          value={form.description}
          placeholder="Enter product description"
          onChange={(e) => set('description')(e.target.value)}
          className="min-h-24 w-full rounded-md border border-neutral-300 px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none"
        />
      </div>
      <div className="space-y-1">
        <LabelledSelect
          id="product-category"
          label="Category"
          value={form.category as Category | ''}
          onChange={set('category')}
          options={CATEGORIES}
          placeholder="Select category"
        />
      </div>
      <div className="space-y-1">
        <LabelledSelect
          id="product-brand"
          label="Brand"
          value={form.brand as Brand | ''}
          onChange={set('brand')}
          options={BRANDS}
          placeholder="Select brand"
        />
      </div>
      {text('price', 'Price', 'number')}
      {text('salePrice', 'Sale Price', 'number')}
      {text('totalStock', 'Total Stock', 'number')}
      <Button type="submit" className="w-full" disabled={!complete || uploading || saving}>
        {editing ? 'Edit' : 'Add'}
      </Button>
    </form>
  );
}
