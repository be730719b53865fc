const USD = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Prices carry a dollar sign and two decimals (spec §9). */
export function formatPrice(dollars: number): string {
  return `$${USD.format(dollars)}`;
}
