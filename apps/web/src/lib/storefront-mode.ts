/**
 * STOREFRONT_MODE as the server's page names it (issue 41, docs/decisions/020): `<meta name="storefront-mode"
 * content="open">` in index.html (apps/server/src/modules/web-shell/storefront-mode.ts), read once, no request. No
 * tag (the spec's `members` shop, or the app served by Vite's dev server) means `members`: every page behind the login.
 */

/** Whether the shop is the open storefront: catalog, search and cart without an account. */
export const openStorefront =
  typeof document !== 'undefined' &&
  document.querySelector('meta[name=storefront-mode][content=open]') !== null;

/** The pages a visitor opens without signing in, in the open storefront: home, listing, product, search. */
const PUBLIC_PAGE = /^\/shop\/(?:home|listing|search|product\/[^/]+)\/?$/;

/** Whether `pathname` is open to a visitor (always false in `members` mode, spec §4). */
export function isPublicPage(pathname: string): boolean {
  return openStorefront && PUBLIC_PAGE.test(pathname);
}
