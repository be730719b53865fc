/**
 * The web shell's part of STOREFRONT_MODE (issue 41, docs/decisions/020): the mode the web app reads from its page
 * (no extra request on first load), and the `X-Robots-Tag` of every page.
 */

/** The page's tag naming the mode; the web app reads it (apps/web/src/lib/storefront-mode.ts). */
export const STOREFRONT_MODE_META = '<meta name="storefront-mode" content="open">';

/** index.html for `mode`: in `open`, with STOREFRONT_MODE_META; in `members`, exactly as built. */
export function withStorefrontMode(html: string, mode: 'members' | 'open'): string {
  return mode === 'open' ? html.replace('</head>', `${STOREFRONT_MODE_META}</head>`) : html;
}

/** The pages of the open storefront that search engines may index: home, listing and product pages. */
const INDEXABLE_PAGE = /^\/shop\/(?:home|listing|product\/[^/]+)\/?$/;

/**
 * The `X-Robots-Tag` of the page at `path`: `noindex` on every page in `members` mode (the shop is behind its login,
 * spec §4), and in `open` mode on every page but home, listing and product pages (account, checkout, admin, sign-in
 * and search results stay out of indexes); undefined where indexing is allowed.
 */
export function robotsTagFor(path: string, mode: 'members' | 'open'): string | undefined {
  return mode === 'open' && INDEXABLE_PAGE.test(path) ? undefined : 'noindex';
}
