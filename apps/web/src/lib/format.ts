/** Beyond this, or for a value that is not a finite number, the text comes from Intl (no shop price gets there). */
const EXACT_LIMIT = 1e13;

let intl: Intl.NumberFormat | null = null;

/**
 * A price in dollars as the shop shows it: a dollar sign, thousands separators and two decimals (spec §9), e.g.
 * `1234.5` → `$1,234.50`; the same text as `$` + `Intl.NumberFormat('en-US', { minimumFractionDigits: 2,
 * maximumFractionDigits: 2 })`, rounding half away from zero on the decimal digits (except that a value rounding
 * to zero cents has no minus sign).
 *
 * Built from whole cents instead of `Intl.NumberFormat`: a page's first Intl formatter loads the locale's data,
 * 30–50 ms of main-thread work in Chromium on the first screen that shows a price (issue 13).
 */
export function formatPrice(dollars: number): string {
  const magnitude = Math.abs(dollars);
  if (!(magnitude < EXACT_LIMIT)) {
    intl ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `$${intl.format(dollars)}`;
  }
  // Scaling the decimal text (`1.005e2`), not the binary value, rounds 1.005 to 101 cents as Intl does; a tiny
  // remainder of float arithmetic (5.55e-17) is written in exponent form and rounds to 0 either way.
  const text = String(magnitude);
  const cents = Math.round(text.includes('e') ? magnitude * 100 : Number(`${text}e2`));
  const whole = grouped(Math.floor(cents / 100));
  const sign = dollars < 0 && cents > 0 ? '-' : '';
  return `$${sign}${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * An amount taken off (dollars, positive), as the checkout's and orders' breakdowns show a discount (issue 40, item
 * 10): a minus sign (U+2212), a no-break space and the price, e.g. `3` → `−\u00a0$3.00`, so that the sign never
 * wraps away from its amount at 360 px (the order e-mail writes it the same way).
 */
export function formatDiscount(dollars: number): string {
  return `\u2212\u00a0${formatPrice(dollars)}`;
}

/** A whole number with en-US thousands separators (`1234567` → `1,234,567`), without loading Intl's data. */
function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A count as a list's header shows it: thousands separators, and `+` when it is a lower bound (`pagination.
 * totalIsLowerBound`: counting stopped there), e.g. `1000, true` → `1,000+`.
 */
export function formatCount(count: number, atLeast = false): string {
  return `${grouped(count)}${atLeast ? '+' : ''}`;
}

/**
 * The prior-price line shown under a sale price (issue 41; Directive 98/6/EC art. 6a as amended by 2019/2161): the
 * lowest price of the 30 days before the reduction, in dollars (`lowestPrice30Days` of the answers).
 */
export function lowestPriceText(dollars: number): string {
  return `Lowest price in the 30 days before the reduction: ${formatPrice(dollars)}`;
}
