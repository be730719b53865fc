import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { BRANDS, CATEGORIES, LIMITS, type Product, type ProductInput } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';
import { formatPrice } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { adminApi } from './admin-api';
import { fetchAllProducts, morePagesRequested, selectAdminProducts } from './admin-slices';
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

const selectClass =
  'h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none';

/**
 * Admin products (spec §2, §4, §5): product cards (200 × 380) with Edit and Delete, Add New Product, and the
 * right-side drawer in add or edit mode (prefilled, image control disabled in edit, reset on close; submit
 * disabled until every field is filled).
 */
export function AdminProductsPage() {
  const dispatch = useAppDispatch();
  const { productList, total, pages, isLoading } = useAppSelector(selectAdminProducts);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Product | null>(null);
  const reload = useCallback(() => dispatch(fetchAllProducts(pages)), [dispatch, pages]);

  useEffect(() => {
    void reload();
  }, [reload]);

  async function remove(product: Product) {
    try {
      await adminApi.deleteProduct(product._id);
      toast({ title: 'Product Deleted Successfully' });
      await reload();
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to delete product'),
        variant: 'destructive',
      });
    }
  }

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Products</h1>
        <div className="flex items-center gap-3">
          <span className="text-sm text-neutral-600">{total} products</span>
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
      {isLoading ? (
        <p className="text-neutral-600">Loading...</p>
      ) : (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(200px,1fr))] justify-items-center gap-4">
          {productList.map((p) => (
            <article
              key={p._id}
              data-testid="admin-product-card"
              className="flex h-[380px] w-[200px] flex-col overflow-hidden rounded-xl border border-neutral-200 bg-white shadow-sm"
            >
              <img
                src={p.image}
                alt={p.title}
                width={200}
                height={200}
                loading="lazy"
                className="h-[200px] w-[200px] object-cover"
              />
              <div className="flex flex-1 flex-col gap-1 p-3">
                <h2 className="line-clamp-2 text-sm font-bold">{p.title}</h2>
                <div className="flex items-center gap-2 text-sm">
                  <span className={p.salePrice > 0 ? 'text-neutral-500 line-through' : 'font-semibold'}>
                    {formatPrice(p.price)}
                  </span>
                  {p.salePrice > 0 && <span className="font-semibold">{formatPrice(p.salePrice)}</span>}
                </div>
                <p className="text-xs text-neutral-600">Stock: {p.totalStock}</p>
                <div className="mt-auto flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    className="h-11 flex-1 sm:h-9"
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
                    className="h-11 flex-1 sm:h-9"
                    onClick={() => void remove(p)}
                  >
                    Delete
                  </Button>
                </div>
              </div>
            </article>
          ))}
        </div>
      )}
      {productList.length < total && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => dispatch(morePagesRequested())}>
            Load more ({total - productList.length} more)
          </Button>
        </div>
      )}
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
        <Label htmlFor="product-category">Category</Label>
        <select
          id="product-category"
          className={selectClass}
          value={form.category}
          onChange={(e) => set('category')(e.target.value)}
        >
          <option value="">Select category</option>
          {CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <Label htmlFor="product-brand">Brand</Label>
        <select
          id="product-brand"
          className={selectClass}
          value={form.brand}
          onChange={(e) => set('brand')(e.target.value)}
        >
          <option value="">Select brand</option>
          {BRANDS.map((b) => (
            <option key={b}>{b}</option>
          ))}
        </select>
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
