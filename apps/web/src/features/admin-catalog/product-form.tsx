import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  BRANDS,
  CATEGORIES,
  LIMITS,
  type Brand,
  type Category,
  type Product,
  type ProductInput,
} from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { adminApi } from '@/lib/admin/admin-api';
import { ImageUpload } from './image-upload';
import { LabelledSelect } from '@/components/admin/list-controls';
import { AlsoInField, withCategory } from './product-editor/also-in-field';
import { variantsApi } from '@/lib/admin/variants-api';

type FormState = Record<Exclude<keyof ProductInput, 'version' | 'categories'>, string>;
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

/**
 * The products drawer's form (spec §4, §5) in add or edit mode: prefilled when editing, image control disabled in
 * edit, submit disabled until every field is filled; the server's refusal is shown as a toast. A product with options
 * (issue 28) has its prices and stock per variant: in its place of Price, Sale Price and Total Stock the drawer says
 * so and links to the product's page, "Edit on the product page" (issue 40, item 12); its other fields are saved
 * with the prices and stock unchanged. "Also in" files it under up to two more categories (issue 40, item 3), sent as
 * `categories` with Category first; editing, it shows the ones it is in.
 */
export function ProductForm({ editing, onDone }: { editing: Product | null; onDone: () => Promise<void> }) {
  const [form, setForm] = useState<FormState>(editing ? fromProduct(editing) : EMPTY);
  /** Every category, Category first (issue 40); "Also in" edits the others. */
  const [categories, setCategories] = useState<string[]>(
    editing ? (editing.categories ?? [editing.category]) : [''],
  );
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  /** Whether the product being edited has options (asked when the drawer opens; a new product has none). */
  const [options, setOptions] = useState<'checking' | 'none' | 'some'>(editing ? 'checking' : 'none');
  const complete = Object.values(form).every((v) => v.trim() !== '');

  useEffect(() => {
    if (!editing) return;
    let live = true;
    variantsApi.get(editing._id).then(
      ({ data }) => live && setOptions(data.options.length > 0 ? 'some' : 'none'),
      () => live && setOptions('none'),
    );
    return () => {
      live = false;
    };
  }, [editing]);
  const set = (key: keyof FormState) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const setCategory = (value: string) => {
    set('category')(value);
    setCategories((list) => withCategory(list, value));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete) return;
    setSaving(true);
    const body = {
      ...form,
      price: Number(form.price),
      salePrice: Number(form.salePrice),
      totalStock: Number(form.totalStock),
      categories: withCategory(categories, form.category),
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
          onChange={setCategory}
          options={CATEGORIES}
          placeholder="Select category"
        />
      </div>
      {form.category && <AlsoInField id="product-also-in" categories={categories} onChange={setCategories} />}
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
      {options === 'none' ? (
        <>
          {text('price', 'Price', 'number')}
          {text('salePrice', 'Sale Price', 'number')}
          {text('totalStock', 'Total Stock', 'number')}
        </>
      ) : options === 'checking' ? (
        <p className="h-40 text-sm text-neutral-600" role="status">
          Checking the product&apos;s sizes and colours...
        </p>
      ) : (
        <div className="space-y-2 rounded-xl border border-neutral-200 bg-neutral-50 p-3 text-sm">
          <p className="text-neutral-800">
            This product has sizes or colours: each variant has its own price and stock ({form.totalStock} in
            stock in all).
          </p>
          <Link
            to={`/admin/products/${encodeURIComponent(editing?._id ?? '')}`}
            className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
          >
            Edit on the product page
          </Link>
        </div>
      )}
      <Button type="submit" className="w-full" disabled={!complete || uploading || saving}>
        {editing ? 'Edit' : 'Add'}
      </Button>
    </form>
  );
}
