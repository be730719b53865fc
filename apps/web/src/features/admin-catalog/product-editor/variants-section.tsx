import { useCallback, useEffect, useState } from 'react';
import { describeGridChange, LIMITS, variantLabel, type ProductDetails } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { ApiError, errorMessage } from '@/lib/api';
import { useEditorSection } from './editor-bar';
import { variantsApi } from '@/lib/admin/variants-api';
import {
  cleanOptions,
  combinationCount,
  draftOf,
  generateRows,
  optionsKey,
  variantsBody,
  type OptionDraft,
  type VariantRow,
} from './variants-grid';
import { VariantsOptions } from './variants-options';
import { VariantsTable } from './variants-table';

/** The form as loaded or saved: what the server holds, to tell unsaved changes. */
interface Loaded {
  product: ProductDetails;
  options: OptionDraft[];
  rows: VariantRow[];
  /** The options the rows were made for (optionsKey). */
  gridKey: string;
  /** What a save of the loaded form would send. */
  sent: string;
}

/** What a grid save may overwrite: the options and the variants (stock, prices, SKUs) as the server holds them. */
const shape = (p: ProductDetails) => JSON.stringify([p.options, p.variants]);

function loadedFrom(product: ProductDetails): Loaded {
  const { options, rows } = draftOf(product);
  const clean = cleanOptions(options);
  return {
    product,
    options,
    rows,
    gridKey: optionsKey(clean),
    sent: JSON.stringify(variantsBody(clean, rows, product.version)),
  };
}

/**
 * "Options and variants" of the admin's product page (issue 28): the options (up to three), Generate variants (a row
 * per combination, existing rows and their stock kept: contract variant-grid.ts; a notice and a toast say what it
 * did, issue 40), the grid (SKU, price, sale price, stock, photo per variant) and Set stock for all. The page's save
 * bar replaces the options and grid on the server with the version loaded (409 when the product changed since: the
 * toast says so and offers to reload); it waits while the options changed and the grid was not generated again. A
 * product without options shows its one row.
 */
export function VariantsSection({ productId, photosSaved }: { productId: string; photosSaved: number }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [options, setOptions] = useState<OptionDraft[]>([]);
  const [rows, setRows] = useState<VariantRow[]>([]);
  const [gridKey, setGridKey] = useState('');
  const [bulkStock, setBulkStock] = useState('');
  const [saving, setSaving] = useState(false);
  /** Generate variants is asking the server for a SKU prefix. */
  const [generating, setGenerating] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  /** What the last generation did, shown under its button until the grid is saved or discarded. */
  const [notice, setNotice] = useState('');

  const show = useCallback((next: Loaded) => {
    setLoaded(next);
    setOptions(next.options);
    setRows(next.rows);
    setGridKey(next.gridKey);
    setNotice('');
  }, []);

  const load = useCallback(() => {
    let live = true;
    variantsApi.get(productId).then(
      ({ data }) => live && show(loadedFrom(data)),
      (error: unknown) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to load the variants'),
          variant: 'destructive',
        }),
    );
    return () => {
      live = false;
    };
  }, [productId, show]);

  useEffect(load, [load]);

  // A photo save bumps the product's version (and changes the photos a variant may show): when the options and
  // variants are still as loaded, take the new version and photos and keep the grid's unsaved edits; when they moved
  // (a sale meanwhile), keep the old version so that Save answers 409 rather than overwrite the new stock.
  useEffect(() => {
    if (photosSaved === 0) return;
    let live = true;
    variantsApi.get(productId).then(
      ({ data }) =>
        live && setLoaded((prev) => (prev && shape(prev.product) === shape(data) ? loadedFrom(data) : prev)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [photosSaved, productId]);

  const clean = cleanOptions(options);
  const stale = optionsKey(clean) !== gridKey;
  const body = loaded ? variantsBody(clean, rows, loaded.product.version) : null;
  const dirty = loaded !== null && JSON.stringify(body) !== loaded.sent;
  const count = combinationCount(clean);

  async function save(): Promise<boolean> {
    if (!loaded || !body) return true;
    setSaving(true);
    try {
      const answer = await variantsApi.save(productId, body).catch(async (error: unknown) => {
        // A version moved by a change that left the options and variants as loaded (the details or photos saved
        // just before by the same bar, another tab's title edit) is no conflict with this grid: it is sent again
        // with the current version. Anything else stays 409.
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        const { data } = await variantsApi.get(productId);
        if (data.version === loaded.product.version || shape(data) !== shape(loaded.product)) throw error;
        return variantsApi.save(productId, variantsBody(clean, rows, data.version));
      });
      show(loadedFrom(answer.data));
      return true;
    } catch (error) {
      const stale409 = error instanceof ApiError && error.status === 409;
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to save the variants'),
        variant: 'destructive',
        ...(stale409 ? { action: { label: 'Reload', onClick: () => void load() } } : {}),
      });
      return false;
    } finally {
      setSaving(false);
    }
  }

  const staleText = `The options changed: generate the ${count} ${count === 1 ? 'variant' : 'variants'} to save them.`;
  useEditorSection('variants', {
    dirty: dirty || (loaded !== null && stale),
    blocked: stale ? staleText : null,
    busy: saving,
    save,
    discard: () => {
      if (loaded) show(loaded);
    },
  });

  const heading = (
    <h2 id="variants-heading" className="text-lg font-semibold">
      Options and variants
    </h2>
  );
  if (!loaded) {
    return (
      <section aria-labelledby="variants-heading" className="space-y-3">
        {heading}
        <p className="text-neutral-600" role="status">
          Loading variants...
        </p>
      </section>
    );
  }

  async function generate() {
    const names = clean.map((o) => o.name.toLowerCase());
    if (new Set(names).size !== names.length) {
      toast({ title: 'Two options have the same name', variant: 'destructive' });
      return;
    }
    if (count > LIMITS.productVariants.max) {
      toast({
        title: `${count} combinations: a product has at most ${LIMITS.productVariants.max} variants`,
        variant: 'destructive',
      });
      return;
    }
    // A prefix no other product's SKUs use (issue 40); unanswered, the title's own: the save then names a clash.
    setGenerating(true);
    const skuPrefix = await variantsApi.skuPrefix(productId).then(
      ({ data }) => data.skuPrefix,
      () => undefined,
    );
    setGenerating(false);
    const made = generateRows(clean, rows, loaded!.product, skuPrefix);
    const said = describeGridChange(made.change, variantLabel);
    setRows(made.rows);
    setGridKey(optionsKey(clean));
    setNotice(said);
    toast({ title: 'Variants generated', description: said });
  }

  function setAllStock() {
    const stock = bulkStock.trim();
    if (!/^\d+$/.test(stock)) {
      toast({ title: 'Stock must be a whole number', variant: 'destructive' });
      return;
    }
    setRows(rows.map((r) => ({ ...r, stock })));
    setAnnouncement(`Stock set to ${stock} for every variant.`);
  }

  return (
    <section
      aria-labelledby="variants-heading"
      className="space-y-4 rounded-2xl border border-neutral-200 bg-white p-3 shadow-sm md:p-4"
    >
      <div>
        {heading}
        <p className="text-sm text-neutral-600">
          Each combination of option values is a variant with its own SKU, price and stock.
        </p>
      </div>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <VariantsOptions options={options} onChange={setOptions} disabled={saving} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          className="h-11 sm:h-10"
          disabled={saving || generating}
          onClick={() => void generate()}
        >
          Generate variants
        </Button>
        <p className="text-sm text-neutral-600" aria-live="polite">
          {stale ? staleText : `${rows.length} ${rows.length === 1 ? 'variant' : 'variants'}.`}
        </p>
      </div>
      {notice && !stale && (
        <p
          className="rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-950"
          data-testid="variants-notice"
        >
          {notice}
        </p>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setAllStock();
        }}
      >
        <div className="space-y-1">
          <label htmlFor="variants-bulk-stock" className="text-sm font-medium text-neutral-800">
            Stock for every variant
          </label>
          <Input
            id="variants-bulk-stock"
            className="w-32"
            inputMode="numeric"
            value={bulkStock}
            disabled={saving}
            onChange={(e) => setBulkStock(e.target.value)}
          />
        </div>
        <Button
          type="submit"
          variant="outline"
          className="h-11 sm:h-10"
          disabled={saving || !bulkStock.trim()}
        >
          Set stock for all
        </Button>
      </form>
      <VariantsTable
        rows={rows}
        photos={loaded.product.images}
        disabled={saving}
        onChange={(key, change) => setRows(rows.map((r) => (r.key === key ? { ...r, ...change } : r)))}
      />
    </section>
  );
}
