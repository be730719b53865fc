import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useState,
  type ComponentType,
} from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PackageX, ShoppingCart } from 'lucide-react';
import {
  LIMITS,
  productIdFromParam,
  type Product,
  type ProductDetails,
  type ProductVariant,
} from '@emporium/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useProductActions } from '@/app/product-actions';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { applySingleFilter, clearStoredFilters, listingPathFor } from '@/lib/filters';
import { OptionPickers } from '@/components/product-options/option-pickers';
import { hasOptions, initialVariant, photosFor, pricedAs } from '@/components/product-options/variant-choice';
import { Breadcrumbs } from './breadcrumbs';
import { ProductGallery } from './product-gallery';
import { fetchProductPage, productPageUpdated, selectProductPage } from './product-page-slice';
import { QuantityPicker } from './quantity-picker';

/** Below this many units the page says "Only N left". */
const LOW_STOCK = 10;

/**
 * The catalog's pieces the page shows (the price, the rating and the reviews section). The app supplies them
 * (router.tsx), so this feature does not import the catalog's files.
 */
export interface ProductPageParts {
  Price: ComponentType<{ product: Product }>;
  Rating: ComponentType<{ product: Product }>;
  Reviews: ComponentType<{ product: Product; onProductChange: (product: Product) => void }>;
}

/**
 * A product's own page at /shop/product/:id (or `<slug>-<id>`): a link a shopper can share or reload. It loads the product with
 * `GET /api/shop/products/get/:id` and shows a friendly not-found state for an unknown id.
 */
export function ProductPage({ parts }: { parts: ProductPageParts }) {
  // The id, or the open storefront's readable `<slug>-<id>` (issue 41).
  const id = productIdFromParam(useParams().id ?? '');
  const dispatch = useAppDispatch();
  // The page renders in the background (interruptible, in slices of a few ms) once the product arrives, the skeleton
  // staying until then, so the whole page never renders in one long task (as the listing's cards: ListingPage).
  const { product, productId, status } = useDeferredValue(useAppSelector(selectProductPage));

  useEffect(() => {
    void dispatch(fetchProductPage(id));
  }, [dispatch, id]);

  // A new page starts at the top, whatever the listing it was opened from had scrolled to.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  const shown = productId === id ? product : null;

  useEffect(() => {
    if (!shown) return;
    const previous = document.title;
    document.title = `${shown.title} · Emporium`;
    return () => {
      document.title = previous;
    };
  }, [shown]);

  const onProductChange = useCallback((next: Product) => dispatch(productPageUpdated(next)), [dispatch]);

  if (shown) return <ProductView product={shown} parts={parts} onProductChange={onProductChange} />;
  if (status === 'not-found' && productId === id) return <ProductNotFound />;
  if (status === 'failed' && productId === id) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-xl font-bold">The product could not be loaded.</h1>
        <p className="text-neutral-600">Check your connection and try again.</p>
        <Button onClick={() => void dispatch(fetchProductPage(id))}>Try again</Button>
      </div>
    );
  }
  return <ProductPageSkeleton />;
}

function ProductPageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl p-4 md:p-6" role="status">
      <span className="sr-only">Loading...</span>
      <Skeleton className="h-5 w-48" />
      <div className="mt-4 grid gap-6 md:grid-cols-2 md:gap-10">
        <Skeleton className="aspect-square w-full" />
        <div className="space-y-4">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      </div>
    </div>
  );
}

function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <PackageX className="h-12 w-12 text-neutral-400" aria-hidden="true" />
      <h1 className="text-2xl font-extrabold">Product not found</h1>
      <p className="text-neutral-600">
        This product may have been removed, or the link may be incomplete. Have a look at what is in the shop.
      </p>
      <Link to="/shop/listing" onClick={clearStoredFilters} className={buttonClasses()}>
        Browse all products
      </Link>
    </div>
  );
}

/** "Only N left" under LOW_STOCK, "Out of stock" at 0. */
function StockStatus({ stock }: { stock: number }) {
  const [text, tone] =
    stock <= 0
      ? ['Out of stock', 'text-red-700']
      : stock < LOW_STOCK
        ? [`Only ${stock} left`, 'text-amber-700']
        : ['In stock', 'text-green-700'];
  return (
    <p data-testid="stock-status" className={cn('text-sm font-semibold', tone)}>
      {text}
    </p>
  );
}

interface ProductViewProps {
  product: ProductDetails;
  parts: ProductPageParts;
  onProductChange: (product: Product) => void;
}

/**
 * The variant the page shows (issue 28): the one picked here, else the one named by `?variant=`, else the default
 * (first in stock), which the address then names for a product with options (history replaced, so Back still leaves
 * the page). A pick shows at once and replaces the address too, so a reload or a shared link shows the same variant.
 */
function useChosenVariant(
  product: ProductDetails,
): [ProductVariant | undefined, (v: ProductVariant) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const [picked, setPicked] = useState<{ productId: string; variantId: string } | null>(null);
  const named = searchParams.get('variant');
  const productId = product._id;
  const variant = initialVariant(
    product.variants,
    picked?.productId === productId ? picked.variantId : named,
  );
  const withOptions = hasOptions(product);
  const name = useCallback(
    (id: string) =>
      setSearchParams(
        (params) => {
          params.set('variant', id);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const choose = useCallback(
    (next: ProductVariant) => {
      setPicked({ productId, variantId: next._id });
      name(next._id);
    },
    [productId, name],
  );
  useEffect(() => {
    if (withOptions && variant && named !== variant._id) name(variant._id);
  }, [withOptions, variant, named, name]);
  return [variant, choose];
}

function ProductView({ product: details, parts, onProductChange }: ProductViewProps) {
  const { Price, Rating, Reviews } = parts;
  const { addToCart, buyNow } = useProductActions();
  const [variant, choose] = useChosenVariant(details);
  // The price, sale price and stock shown are the chosen variant's.
  const product = pricedAs(details, variant);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const maxQuantity = Math.min(product.totalStock, LIMITS.lineQuantity.max);
  const inStock = product.totalStock > 0;
  const photos = photosFor(details, variant);
  // The stock may drop below the chosen quantity when the product is re-read.
  const chosen = Math.min(quantity, Math.max(maxQuantity, 1));

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const filterLink = (group: 'category' | 'brand', value: string) => (
    <Link
      to={listingPathFor(group, value)}
      onClick={() => applySingleFilter(group, value)}
      className="font-medium text-neutral-900 underline underline-offset-4 hover:text-neutral-700"
    >
      {value}
    </Link>
  );

  return (
    <div className="mx-auto w-full max-w-6xl p-4 md:p-6">
      <Breadcrumbs category={product.category} title={product.title} />
      <article aria-labelledby="product-title" className="mt-4 grid gap-6 md:grid-cols-2 md:gap-10">
        {/* A new first photo (a variant's own) starts the gallery over at it. */}
        <ProductGallery key={photos[0]?.url} product={{ ...product, images: photos }} />
        <div className="flex min-w-0 flex-col gap-4">
          <div className="space-y-2">
            <h1 id="product-title" className="text-2xl font-extrabold break-words sm:text-3xl">
              {product.title}
            </h1>
            <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-neutral-600">
              <div className="flex gap-1.5">
                <dt>Brand:</dt>
                <dd>{filterLink('brand', product.brand)}</dd>
              </div>
              <div className="flex gap-1.5">
                <dt>Category:</dt>
                <dd>{filterLink('category', product.category)}</dd>
              </div>
            </dl>
          </div>
          <Price product={product} />
          <Rating product={product} />
          <p className="text-base break-words whitespace-pre-line text-neutral-700">{product.description}</p>
          {hasOptions(details) && (
            <OptionPickers
              options={details.options}
              variants={details.variants}
              chosen={variant?.options ?? {}}
              onPick={(choice) => {
                if (choice.variant) choose(choice.variant);
              }}
              disabled={busy}
            />
          )}
          <StockStatus stock={product.totalStock} />
          {inStock && (
            <QuantityPicker value={chosen} max={maxQuantity} onChange={setQuantity} disabled={busy} />
          )}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              className="flex-1"
              disabled={!inStock || busy}
              onClick={() => void run(() => addToCart(product._id, chosen, variant?._id))}
            >
              <ShoppingCart className="h-4 w-4" aria-hidden="true" />
              Add to Cart
            </Button>
            <Button
              variant="outline"
              className="flex-1"
              disabled={!inStock || busy}
              onClick={() => void run(() => buyNow(product._id, chosen, variant?._id))}
            >
              Buy Now
            </Button>
          </div>
        </div>
      </article>
      <div className="mt-8 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm md:p-6 [&>section]:border-t-0 [&>section]:pt-0">
        <Reviews product={details} onProductChange={onProductChange} />
      </div>
    </div>
  );
}
