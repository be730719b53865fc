import { useState } from 'react';
import { BRANDS, CATEGORIES, LIMITS, type ProductDetails, type ProductInput } from '@emporium/contract';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { AlsoInField, withCategory } from './also-in-field';
import { useEditorSection } from './editor-bar';
import { productEditorApi } from './product-editor-api';
import { variantsApi } from '@/lib/admin/variants-api';

/**
 * The fields this section edits (`categories`: every category, Category first); price, sale price and stock are the
 * variants' (the grid below).
 */
type Details = Pick<ProductDetails, 'title' | 'description' | 'category' | 'brand'> & {
  categories: string[];
};
const detailsOf = (p: Pick<ProductDetails, keyof Details>): Details => ({
  title: p.title,
  description: p.description,
  category: p.category,
  brand: p.brand,
  categories: p.categories ?? [p.category],
});
const sameDetails = (a: Pick<ProductDetails, keyof Details>, b: Details) =>
  JSON.stringify(detailsOf(a)) === JSON.stringify(detailsOf(b));

const field =
  'w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm shadow-sm focus-visible:border-neutral-900 ' +
  'focus-visible:ring-2 focus-visible:ring-neutral-900/20 focus-visible:outline-none disabled:opacity-50';

/**
 * "Details" of the admin's product page (issue 40, item 12): title, description, category, "Also in" (up to two more
 * categories, item 3) and brand, saved by the page's save bar through the spec's edit
 * (`PUT /api/admin/products/edit/:id`, with `categories`). The save reads the product first
 * and sends its price, sale price and stock as they are now (they belong to the variants), with the version read:
 * a product whose details another admin changed since the page loaded is refused with the toast's Reload advice.
 * `onSaved` gets the saved details (the page's heading follows).
 */
export function DetailsSection({
  product,
  onSaved,
}: {
  product: ProductDetails;
  onSaved: (details: Details) => void;
}) {
  const [saved, setSaved] = useState<Details>(() => detailsOf(product));
  const [form, setForm] = useState<Details>(saved);
  const [saving, setSaving] = useState(false);
  const set = (key: Exclude<keyof Details, 'categories'>) => (value: string) =>
    setForm((f) =>
      key === 'category'
        ? { ...f, category: value, categories: withCategory(f.categories, value) }
        : { ...f, [key]: value },
    );

  async function save(): Promise<boolean> {
    setSaving(true);
    try {
      const { data: now } = await variantsApi.get(product._id);
      if (!sameDetails(now, saved)) {
        toast({
          title: 'Error',
          description:
            'Another change to this product was saved since you opened it. Reload the page and edit again.',
          variant: 'destructive',
        });
        return false;
      }
      const body: ProductInput = {
        ...detailsOf(form),
        categories: withCategory(form.categories, form.category),
        image: now.image,
        price: now.price,
        salePrice: now.salePrice,
        totalStock: now.totalStock,
        version: now.version,
      } as ProductInput;
      const { data } = await productEditorApi.saveDetails(product._id, body);
      const stored = detailsOf(data);
      setSaved(stored);
      setForm(stored);
      onSaved(stored);
      return true;
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to save the details'),
        variant: 'destructive',
      });
      return false;
    } finally {
      setSaving(false);
    }
  }

  useEditorSection('details', {
    dirty: !sameDetails(form, saved),
    blocked: null,
    busy: saving,
    save,
    discard: () => setForm(saved),
  });

  return (
    <section
      aria-labelledby="details-heading"
      className="space-y-3 rounded-2xl border border-neutral-200 bg-white p-3 shadow-sm md:p-4"
    >
      <h2 id="details-heading" className="text-lg font-semibold">
        Details
      </h2>
      <div className="space-y-1">
        <Label htmlFor="details-title">Title</Label>
        <Input
          id="details-title"
          value={form.title}
          maxLength={LIMITS.productTitle.max}
          disabled={saving}
          onChange={(e) => set('title')(e.target.value)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="details-description">Description</Label>
        <textarea
          id="details-description"
          value={form.description}
          maxLength={LIMITS.productDescription.max}
          disabled={saving}
          rows={4}
          onChange={(e) => set('description')(e.target.value)}
          className={`${field} min-h-24 py-2`}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {(
          [
            ['category', 'Category', CATEGORIES],
            ['brand', 'Brand', BRANDS],
          ] as const
        ).map(([key, label, choices]) => (
          <div key={key} className="min-w-0 space-y-1">
            <Label htmlFor={`details-${key}`}>{label}</Label>
            <select
              id={`details-${key}`}
              value={form[key]}
              disabled={saving}
              onChange={(e) => set(key)(e.target.value)}
              className={`${field} h-11 sm:h-10`}
            >
              {choices.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <AlsoInField
        id="details-also-in"
        categories={form.categories}
        disabled={saving}
        onChange={(categories) => setForm((f) => ({ ...f, categories }))}
      />
    </section>
  );
}
