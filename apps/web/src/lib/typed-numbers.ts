/** Numbers typed into admin forms, checked before they are sent (the server checks them again). */

/** A typed dollar amount ("12.50", "$12.5"), '' → null; undefined when it is not an amount. */
export function parseDollars(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^\$\s*/, '');
  if (trimmed === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** A typed whole number, '' → null; undefined when it is not one. */
export function parseWhole(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,6}$/.test(trimmed)) return undefined;
  return Number(trimmed);
}
