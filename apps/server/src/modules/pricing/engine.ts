/**
 * The checkout's arithmetic (issue 27), pure and in integer cents, so the quote, the order and PayPal's breakdown
 * always agree. The rules, in order:
 * 1. A line's subtotal is its unit price actually paid (the sale price when set) × quantity.
 * 2. A discount applies to the lines in its scope (all lines, or those of its categories or brands): a percentage
 *    of their subtotal, rounded half-up to the cent, or a fixed amount, at most their subtotal. It is shared out over
 *    those lines in proportion to their subtotals (largest remainder, so the shares add up to the discount exactly).
 * 3. Shipping is the method's price, or 0 when the subtotal after discount reaches its free-above threshold.
 * 4. Tax is computed per line on its subtotal after discount, and on shipping, at the address's rate, each rounded
 *    half-up to the cent (per line, not on the sum). Tax-exclusive prices: tax = amount × rate, added to the total.
 *    Tax-inclusive prices: the amount already contains it: tax = amount − amount / (1 + rate), not added.
 * 5. Total = subtotal − discount + shipping (+ tax when prices exclude it).
 */

/** A cart line to price: unit price in cents (the price paid), with what a discount's scope looks at. */
export interface PricingLine {
  productId: string;
  title: string;
  unitPriceCents: number;
  quantity: number;
  category: string;
  brand: string;
}

/** A discount as the engine needs it: percent (1–100) or fixed cents, and its scope (empty lists: every line). */
export interface PricingDiscount {
  kind: 'percent' | 'fixed';
  value: number;
  categories: readonly string[];
  brands: readonly string[];
}

export interface PricingInput {
  lines: readonly PricingLine[];
  /** The chosen shipping method's price and free-above threshold (cents); null: no shipping charged. */
  shipping: { priceCents: number; freeAboveCents: number | null } | null;
  /** The address's tax rate in basis points (2000 = 20 %); 0 when none applies. */
  taxRateBp: number;
  pricesIncludeTax: boolean;
  discount: PricingDiscount | null;
}

export interface PricedLine extends PricingLine {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** Every line's tax plus the shipping's. */
  taxCents: number;
  /** The part of `taxCents` on shipping. */
  shippingTaxCents: number;
  totalCents: number;
}

/** `numerator / denominator` rounded half-up (both non-negative integers, denominator > 0). */
export function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Whether the line is in the discount's scope: no categories or brands listed, or its category or brand is. */
export function inScope(line: Pick<PricingLine, 'category' | 'brand'>, discount: PricingDiscount): boolean {
  if (discount.categories.length === 0 && discount.brands.length === 0) return true;
  const lower = (s: string) => s.toLowerCase();
  return (
    discount.categories.some((c) => lower(c) === lower(line.category)) ||
    discount.brands.some((b) => lower(b) === lower(line.brand))
  );
}

/** The tax in `amountCents` at `rateBp`: added on top (exclusive) or contained (inclusive); half-up to the cent. */
export function taxOf(amountCents: number, rateBp: number, inclusive: boolean): number {
  if (rateBp <= 0 || amountCents <= 0) return 0;
  return inclusive
    ? amountCents - divideHalfUp(amountCents * 10_000, 10_000 + rateBp)
    : divideHalfUp(amountCents * rateBp, 10_000);
}

/** Shares `total` over `weights` in proportion, by largest remainder (ties to the earlier), adding up exactly. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, rest: (total * w) % sum }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** The discount in cents on lines whose in-scope subtotal is `eligibleCents`. */
export function discountOf(discount: PricingDiscount, eligibleCents: number): number {
  return discount.kind === 'percent'
    ? divideHalfUp(eligibleCents * discount.value, 100)
    : Math.min(discount.value, eligibleCents);
}

/** Prices the lines by the rules above. */
export function priceOrder(input: PricingInput): PricedOrder {
  const subtotals = input.lines.map((l) => l.unitPriceCents * l.quantity);
  const subtotalCents = subtotals.reduce((a, b) => a + b, 0);
  const discount = input.discount;
  const eligible = input.lines.map((l, i) => (discount && inScope(l, discount) ? subtotals[i]! : 0));
  const discountCents = discount
    ? discountOf(
        discount,
        eligible.reduce((a, b) => a + b, 0),
      )
    : 0;
  const shares = allocate(discountCents, eligible);
  const lines = input.lines.map((l, i) => {
    const taxable = subtotals[i]! - shares[i]!;
    return {
      ...l,
      subtotalCents: subtotals[i]!,
      discountCents: shares[i]!,
      taxCents: taxOf(taxable, input.taxRateBp, input.pricesIncludeTax),
    };
  });
  const afterDiscount = subtotalCents - discountCents;
  const shipping = input.shipping;
  const shippingCents =
    !shipping || (shipping.freeAboveCents !== null && afterDiscount >= shipping.freeAboveCents)
      ? 0
      : shipping.priceCents;
  const shippingTaxCents = taxOf(shippingCents, input.taxRateBp, input.pricesIncludeTax);
  const taxCents = lines.reduce((sum, l) => sum + l.taxCents, 0) + shippingTaxCents;
  return {
    lines,
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    shippingTaxCents,
    totalCents: afterDiscount + shippingCents + (input.pricesIncludeTax ? 0 : taxCents),
  };
}
