import { useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@emporium/contract';
import { OptionPickers } from '@/components/product-options/option-pickers';
import { StockNote } from '@/components/product-options/stock-note';
import {
  asDetails,
  choiceOf,
  choosePrompt,
  hasOptions,
  initialVariant,
  missingOption,
  pricedAs,
  type Choice,
} from '@/components/product-options/variant-choice';
import { VisuallyHidden } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { productPagePath } from '@/lib/product-links';
import { ProductPhoto } from './product-photo';
import { ProductPrice } from './product-price';
import { ProductReviews } from './product-reviews';
import type { ProductDialogProps } from './product-details-dialog';
import { productDetailsCleared } from './shop-products-slice';
import { RatingSummary } from './rating-summary';

/** The detail dialog itself (spec §2), loaded when it first opens by ProductDetailsDialog. */
export function ProductDetailsModal({ onAddToCart, onBuyNow, startUnpicked }: ProductDialogProps) {
  const dispatch = useAppDispatch();
  const productDetails = useAppSelector((state) => state.shopProducts.productDetails);
  const isDetailsLoading = useAppSelector((state) => state.shopProducts.isDetailsLoading);
  const isDetailsOpen = useAppSelector((state) => state.shopProducts.isDetailsOpen);

  return (
    <Dialog
      open={isDetailsOpen}
      onOpenChange={(open) => {
        if (!open) dispatch(productDetailsCleared());
      }}
    >
      <DialogContent size="xl" className="sm:p-8">
        {productDetails ? (
          <ProductDetails
            key={productDetails._id}
            product={productDetails}
            onAddToCart={onAddToCart}
            onBuyNow={onBuyNow}
            startUnpicked={startUnpicked}
          />
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <VisuallyHidden.Root>
              <DialogTitle className="text-xl">Product details</DialogTitle>
            </VisuallyHidden.Root>
            {isDetailsLoading ? (
              <>
                <Skeleton className="aspect-square w-full" />
                <div className="space-y-4">
                  <DialogDescription role="status">Loading...</DialogDescription>
                  <Skeleton className="h-8 w-3/4" />
                  <Skeleton className="h-20 w-full" />
                </div>
              </>
            ) : (
              <DialogDescription>The product could not be loaded.</DialogDescription>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's photo: full width on phones, half of the dialog (at most 896 px wide) from 768 px. */
const DIALOG_PHOTO_SIZES = '(min-width: 768px) 432px, 100vw';

interface ProductDetailsProps extends ProductDialogProps {
  product: Product;
}

/**
 * The dialog's product. With options (issue 28) it shows a picker per option, starting at the default variant (first
 * in stock); the price, the stock note and the photo follow the variant picked, and Add to Cart and Buy Now name it.
 * Opened from a card's "Choose size" (`startUnpicked`, issue 40 item 1) nothing is picked: it asks "Choose a size",
 * and its one button reads "Choose a size first" until every option has a value (then Add to Cart and Buy Now).
 */
function ProductDetails({ product: loaded, onAddToCart, onBuyNow, startUnpicked }: ProductDetailsProps) {
  const details = asDetails(loaded);
  const withOptions = hasOptions(details);
  const [picked, setPicked] = useState<Choice | null>(null);
  const choice =
    picked ??
    (startUnpicked && withOptions
      ? { chosen: {}, variant: undefined }
      : choiceOf(initialVariant(details.variants, null)));
  const variant = choice.variant;
  const missing = withOptions ? missingOption(details.options, choice.chosen) : undefined;
  const product = pricedAs(details, variant);
  const photo = variant?.image ? { ...product, image: variant.image } : product;
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-8">
      <ProductPhoto product={photo} sizes={DIALOG_PHOTO_SIZES} className="self-start rounded-xl" />
      <div className="flex min-w-0 flex-col gap-4">
        <div className="space-y-2 pr-6">
          {/* The title opens the product's own page (a link to share); the path change closes the dialog. */}
          <DialogTitle className="text-2xl font-extrabold sm:text-3xl">
            <Link
              to={productPagePath(product) + (withOptions && variant ? `?variant=${variant._id}` : '')}
              className="underline decoration-neutral-300 decoration-2 underline-offset-4 hover:decoration-neutral-900 focus-visible:decoration-neutral-900"
            >
              {product.title}
            </Link>
          </DialogTitle>
          <DialogDescription className="text-base text-neutral-600">{product.description}</DialogDescription>
        </div>
        <ProductPrice product={product} size="lg" />
        <RatingSummary product={product} />
        {withOptions && (
          <>
            {missing && (
              <p data-testid="choose-prompt" className="text-sm font-semibold text-neutral-900">
                {choosePrompt(missing.name)}
              </p>
            )}
            <OptionPickers
              options={details.options}
              variants={details.variants}
              chosen={choice.chosen}
              onPick={setPicked}
            />
            {variant && <StockNote stock={product.totalStock} />}
          </>
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          {missing && product.totalStock > 0 ? (
            <Button className="flex-1" disabled>
              {`${choosePrompt(missing.name)} first`}
            </Button>
          ) : product.totalStock > 0 ? (
            <>
              <Button className="flex-1" onClick={() => onAddToCart(product, variant?._id)}>
                Add to Cart
              </Button>
              <Button variant="outline" className="flex-1" onClick={() => onBuyNow(product, variant?._id)}>
                Buy Now
              </Button>
            </>
          ) : (
            <Button className="flex-1" disabled>
              Out of Stock
            </Button>
          )}
        </div>
        <ProductReviews product={product} />
      </div>
    </div>
  );
}
