import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { LOW_STOCK_MAX, type AdminProductSort, type Product } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';

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
 * The admin's products table (spec §2, §4; issue 11): thumbnail, title (a link to the product's page, issue 28),
 * category, brand, price, sale price, stock red at 0 and amber when low, Edit and Delete; title, price and stock
 * headers sort. From `md` on a real table, below it each row a stacked card with labels.
 */
export function ProductsTable({
  products,
  sortBy,
  onSort,
  onEdit,
  onDelete,
}: {
  products: Product[];
  sortBy: AdminProductSort;
  onSort: (sort: AdminProductSort) => void;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}) {
  return (
    <table className="block w-full text-left text-sm md:table" data-testid="admin-products-table">
      <caption className="sr-only">Products</caption>
      <thead className="hidden border-b border-neutral-200 text-neutral-600 md:table-header-group">
        <tr>
          <th scope="col" className="w-16 py-2 pr-3 font-semibold">
            <span className="sr-only">Image</span>
          </th>
          <SortHeader field="title" sortBy={sortBy} onSort={onSort}>
            Title
          </SortHeader>
          <th scope="col" className="hidden py-2 pr-3 font-semibold xl:table-cell">
            Category
          </th>
          <th scope="col" className="hidden py-2 pr-3 font-semibold xl:table-cell">
            Brand
          </th>
          <SortHeader field="price" sortBy={sortBy} onSort={onSort}>
            Price
          </SortHeader>
          <th scope="col" className="py-2 pr-3 font-semibold">
            Sale Price
          </th>
          <SortHeader field="stock" sortBy={sortBy} onSort={onSort}>
            Stock
          </SortHeader>
          <th scope="col" className="py-2 font-semibold">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="block space-y-3 md:table-row-group md:space-y-0">
        {products.length === 0 ? (
          <tr className="block md:table-row">
            <td colSpan={8} className="block py-6 text-center text-neutral-600 md:table-cell">
              No products found
            </td>
          </tr>
        ) : (
          products.map((p) => (
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
                    onClick={() => onEdit(p)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    className="h-11 flex-1 md:h-9 md:flex-none"
                    aria-label={`Delete ${p.title}`}
                    onClick={() => onDelete(p)}
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
  );
}
