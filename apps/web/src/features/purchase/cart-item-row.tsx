import { variantLabel, type CartItem } from '@emporium/contract';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useSessionUser } from '@/app/session';
import { formatPrice, lowestPriceText } from '@/lib/format';
import { openStorefront } from '@/lib/storefront-mode';
import { imageSrcSet } from '@emporium/contract';
import { deleteCartItem, updateCartQuantity } from './cart-slice';

/**
 * One cart line (spec §2, §5): image, title, unit price, quantity controls (decrease disabled at 1, increase
 * stopping at the stock left), line total with two decimals, and remove. A line above the stock left says so ("Sold
 * out", "Only 2 left"; issue 27) before the shopper reaches Place Order. A line is one variant (issue 28): its
 * options show under the title ("Size: 42, Colour: Red"), and changes and removal name the variant.
 */
export function CartItemRow({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const unit = item.salePrice > 0 ? item.salePrice : item.price;
  const options = variantLabel(item.options);
  // Buttons name the line by its title and options, as two variants of one product are two lines.
  const name = options ? `${item.title} (${options})` : item.title;

  // A visitor of the open storefront changes the guest cart (issue 41).
  const owner = user ? user.userId : openStorefront ? null : undefined;

  async function setQuantity(quantity: number) {
    if (owner === undefined) return toast({ title: 'User ID is required', variant: 'destructive' });
    const result = await dispatch(
      updateCartQuantity({
        userId: owner,
        productId: item.productId,
        quantity,
        variantId: item.variantId,
      }),
    );
    if (updateCartQuantity.rejected.match(result)) {
      toast({ title: result.payload ?? 'Failed to update cart', variant: 'destructive' });
    }
  }

  async function remove() {
    if (owner === undefined) return toast({ title: 'User ID is required', variant: 'destructive' });
    const result = await dispatch(
      deleteCartItem({ userId: owner, productId: item.productId, variantId: item.variantId }),
    );
    if (deleteCartItem.rejected.match(result)) {
      toast({ title: result.payload ?? 'Failed to delete cart item', variant: 'destructive' });
    }
  }

  return (
    <li data-testid="cart-item" className="flex items-center gap-3">
      <img
        src={item.image}
        srcSet={imageSrcSet(item.image)}
        sizes="64px"
        alt={item.title}
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="h-14 w-14 shrink-0 rounded-lg bg-neutral-100 object-cover sm:h-16 sm:w-16"
      />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 font-semibold break-words">{item.title}</p>
        {options && (
          <p data-testid="cart-item-options" className="text-sm break-words text-neutral-700">
            {options}
          </p>
        )}
        <p className="text-sm text-neutral-600">{formatPrice(unit)} each</p>
        {item.lowestPrice30Days !== undefined && (
          <p data-testid="lowest-price-30-days" className="text-xs text-neutral-600">
            {lowestPriceText(item.lowestPrice30Days)}
          </p>
        )}
        {item.quantity > item.totalStock && (
          <p data-testid="cart-item-unavailable" className="text-sm font-semibold text-red-700">
            {item.totalStock === 0 ? 'Sold out' : `Only ${item.totalStock} left`}
          </p>
        )}
        <div className="mt-1 flex items-center gap-1 sm:gap-2">
          <Button
            variant="outline"
            size="icon"
            className="h-11 w-11 rounded-full sm:h-8 sm:w-8"
            aria-label={`Decrease quantity of ${name}`}
            disabled={item.quantity <= 1}
            onClick={() => void setQuantity(item.quantity - 1)}
          >
            <Minus className="h-4 w-4" aria-hidden="true" />
          </Button>
          <span data-testid="cart-item-quantity" className="w-6 text-center font-semibold">
            {item.quantity}
          </span>
          <Button
            variant="outline"
            size="icon"
            className="h-11 w-11 rounded-full sm:h-8 sm:w-8"
            aria-label={`Increase quantity of ${name}`}
            disabled={item.quantity >= item.totalStock}
            title={item.quantity >= item.totalStock ? `Only ${item.totalStock} in stock` : undefined}
            onClick={() => void setQuantity(item.quantity + 1)}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className="font-semibold">{formatPrice(unit * item.quantity)}</p>
        <Button
          variant="ghost"
          size="icon"
          className="h-11 w-11 sm:h-8 sm:w-8"
          aria-label={`Remove ${name}`}
          onClick={() => void remove()}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
