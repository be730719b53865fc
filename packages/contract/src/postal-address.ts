/**
 * Postal addresses as printed on the payment page, the order views, the e-mails and the return address (issue 40,
 * item 5; docs/decisions/017). No zod here: the web app's address block imports it without the schemas.
 */

/** What a printed address is made of: a saved address, an order's copy or the shop's return address. */
export interface PostalAddressParts {
  /** The recipient ("Full name"), optional. */
  name?: string | null;
  /** The street line(s), as typed. */
  address: string;
  city: string;
  /** State, province or region (the spec's "State"). */
  state: string;
  /** ZIP or postal code (the spec's "Pincode"). */
  pincode: string;
  /** ISO 3166-1 alpha-2; absent only on orders placed before countries existed (issue 27). */
  country?: string | null;
}

/**
 * Countries that write the postal code before the town and print no region ("10115 Berlin"): the EU and EEA
 * members and Switzerland (UPU POST*CODE formats; Germany's DIN 5008, France's NF Z10-011).
 */
const CODE_FIRST = new Set(
  'AT BE BG CH CY CZ DE DK EE ES FI FR GR HR HU IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK'.split(' '),
);
/** Countries that print the post town, then the postcode on a line of its own (Royal Mail, An Post Eircode). */
const CODE_BELOW = new Set(['GB', 'IE']);

let regionNames: Intl.DisplayNames | undefined;

/** The English name of a country ("DE" → "Germany"); the code itself when unknown. */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const joined = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');

/**
 * The lines of a whole postal address, in the destination country's layout: the recipient (when given), the street,
 * the town line(s), and the country's English name always last.
 * - EU, EEA and CH: "ZIP City" (no region: "10115 Berlin").
 * - GB and IE: "City", then "POSTCODE" (upper-cased) on its own line.
 * - Everywhere else (the US layout, which keeps every field): "City, ST ZIP".
 * Blank parts are left out; no line is ever empty.
 */
export function postalAddressLines(a: PostalAddressParts): string[] {
  const country = a.country?.trim().toUpperCase() ?? '';
  const town = CODE_FIRST.has(country)
    ? [joined(a.pincode, a.city)]
    : CODE_BELOW.has(country)
      ? [a.city.trim(), a.pincode.trim().toUpperCase()]
      : [[a.city.trim(), joined(a.state, a.pincode)].filter(Boolean).join(', ')];
  return [
    a.name?.trim() ?? '',
    ...a.address.split('\n').map((l) => l.trim()),
    ...town,
    country ? countryName(country) : '',
  ].filter((line) => line !== '');
}
