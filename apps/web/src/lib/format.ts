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
  // `${x}e2` scales the decimal text, not the binary value, so 1.005 rounds to 101 cents as Intl does.
  const cents = Math.round(Number(`${Math.abs(dollars)}e2`));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = dollars < 0 && cents > 0 ? '-' : '';
  return `$${sign}${whole}.${String(cents % 100).padStart(2, '0')}`;
}
