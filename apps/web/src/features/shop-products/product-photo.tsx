import { imageSrcSet, type Product } from '@emporium/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

interface ProductPhotoProps {
  product: Product;
  /** The `sizes` of the photo where it is shown (the stored widths come from its URL, contract images.ts). */
  sizes: string;
  /** The page's largest image: fetched at high priority. */
  priority?: boolean;
  /** `lazy` for photos that may start below the fold (product cards after the first row). */
  loading?: 'eager' | 'lazy';
  className?: string;
}

/** A product's square photo with its Sale badge, as product cards, the product dialog and the product page show it. */
export function ProductPhoto({ product, sizes, priority = false, loading, className }: ProductPhotoProps) {
  return (
    <div className={cn('relative overflow-hidden bg-neutral-100', className)}>
      <img
        src={product.image}
        srcSet={imageSrcSet(product.image)}
        sizes={sizes}
        alt={product.title}
        width={800}
        height={800}
        fetchPriority={priority ? 'high' : undefined}
        loading={loading}
        decoding="async"
        className="aspect-square h-auto w-full object-cover"
      />
      {product.salePrice > 0 && (
        <Badge variant="sale" className="absolute top-3 left-3">
          Sale
        </Badge>
      )}
    </div>
  );
}
