/**
 * Country names for the ISO 3166-1 alpha-2 codes the shop uses (issue 27: addresses, shipping methods, tax rates),
 * from the browser's `Intl.DisplayNames`; built on first use, not when a screen's code loads.
 */
import { COUNTRY_CODES, countryName } from '@emporium/contract';

export { countryName };

let sorted: ReadonlyArray<{ code: string; name: string }> | undefined;

/** Every country as `{code, name}`, sorted by name, for the selects. */
export function countryOptions(): ReadonlyArray<{ code: string; name: string }> {
  sorted ??= COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
  return sorted;
}
