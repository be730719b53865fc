import { useId, type ReactNode } from 'react';
import { imageSrcSet, LIMITS, variantLabel, type ProductImage } from '@emporium/contract';
import { Input } from '@/components/ui/input';
import type { VariantRow } from './variants-grid';

interface VariantsTableProps {
  rows: VariantRow[];
  /** The product's gallery: a variant's photo is one of these. */
  photos: ProductImage[];
  onChange: (key: string, change: Partial<VariantRow>) => void;
  disabled: boolean;
}

const select =
  'h-11 w-full min-w-0 rounded-md border border-neutral-300 bg-white px-2 text-sm sm:h-10 ' +
  'focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none disabled:opacity-50';

/**
 * The variant grid (issue 28): per variant its options, SKU, price, sale price (0 or empty: none), stock and an
 * optional photo from the gallery. On a phone each variant is a card of two lines (SKU and price; sale price, stock
 * and photo, whose thumbnail shows from `sm` on); from 1024 px one line each.
 * Every field's label names the variant ("SKU of S / Black").
 */
export function VariantsTable({ rows, photos, onChange, disabled }: VariantsTableProps) {
  const idPrefix = useId();
  return (
    <ol className="space-y-3" aria-label="Variants">
      {rows.map((row, index) => {
        const label = variantLabel(row.options);
        const of = Object.values(row.options).join(' / ') || 'the product';
        const field = (name: keyof VariantRow) => `${idPrefix}-${name}-${index}`;
        const known = row.image === '' || photos.some((p) => p.url === row.image);
        return (
          <li
            key={row.key}
            data-testid="variant-row"
            className="space-y-2 rounded-xl border border-neutral-200 p-3"
          >
            <p className="text-sm font-semibold break-words">{label || 'The product (no options)'}</p>
            <div className="grid grid-cols-6 gap-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_minmax(0,1.6fr)]">
              <Field id={field('sku')} label="SKU" of={of} className="col-span-3 lg:col-span-1">
                <Input
                  id={field('sku')}
                  value={row.sku}
                  maxLength={LIMITS.sku.max}
                  disabled={disabled}
                  onChange={(e) => onChange(row.key, { sku: e.target.value })}
                />
              </Field>
              {(
                [
                  ['price', 'Price ($)', 'decimal', 'col-span-3 lg:col-span-1'],
                  ['salePrice', 'Sale price ($)', 'decimal', 'col-span-2 lg:col-span-1'],
                  ['stock', 'Stock', 'numeric', 'col-span-2 lg:col-span-1'],
                ] as const
              ).map(([name, text, mode, span]) => (
                <Field key={name} id={field(name)} label={text} of={of} className={span}>
                  <Input
                    id={field(name)}
                    value={row[name]}
                    inputMode={mode}
                    placeholder={name === 'salePrice' ? '0' : undefined}
                    disabled={disabled}
                    onChange={(e) => onChange(row.key, { [name]: e.target.value })}
                  />
                </Field>
              ))}
              <Field id={field('image')} label="Photo" of={of} className="col-span-2 lg:col-span-1">
                <div className="flex items-center gap-2">
                  <select
                    id={field('image')}
                    className={select}
                    value={row.image}
                    disabled={disabled}
                    onChange={(e) => onChange(row.key, { image: e.target.value })}
                  >
                    <option value="">Gallery</option>
                    {!known && <option value={row.image}>Its own photo</option>}
                    {photos.map((p, i) => (
                      <option key={p.url} value={p.url}>
                        {`Photo ${i + 1}${p.alt ? `: ${p.alt}` : ''}`}
                      </option>
                    ))}
                  </select>
                  {row.image && (
                    <img
                      src={row.image}
                      srcSet={imageSrcSet(row.image)}
                      sizes="40px"
                      alt=""
                      width={40}
                      height={40}
                      className="hidden h-10 w-10 shrink-0 rounded-md bg-neutral-100 object-cover sm:block"
                    />
                  )}
                </div>
              </Field>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

interface FieldProps {
  id: string;
  label: string;
  /** The variant the field belongs to, for the label's hidden part. */
  of: string;
  className?: string;
  children: ReactNode;
}

function Field({ id, label, of, className, children }: FieldProps) {
  return (
    <div className={`min-w-0 space-y-1 ${className ?? ''}`}>
      <label htmlFor={id} className="text-xs font-medium text-neutral-700">
        {label}
        <span className="sr-only"> of {of}</span>
      </label>
      {children}
    </div>
  );
}
